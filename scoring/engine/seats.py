"""Who sits where and who deals: seats 0..3 in clockwise order, A at 0 and 2, B at 1 and 3."""

from .basics import SIDES, Side, is_int
from .errors import RulesError, gettext_noop
from .rules import Rules

SEATS = range(4)
# rotation -> seats to add (mod 4) to reach the next player in the direction of play
_STEP = {"counterclockwise": 3, "clockwise": 1}


def side_of(seat: int) -> Side:
    return SIDES[seat % 2]


def check_seat(seat: object) -> int:
    if not is_int(seat) or seat not in SEATS:
        raise RulesError(gettext_noop("The first dealer must be a seat from 0 to 3, "
                                      "not %(value)s."), value=seat)
    return seat


def next_dealer(dealer: int, rules: Rules) -> int:
    """The deal passes on in the direction of play: to the right when counterclockwise."""
    return (dealer + _STEP[rules.rotation]) % 4


def leader(dealer: int, rules: Rules) -> int:
    """Who leads the first trick: the player after the dealer in the direction of play.

    That is the seat that deals next (the dealer's right-hand neighbour in Portugal).
    """
    return next_dealer(dealer, rules)
