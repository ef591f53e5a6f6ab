"""Who sits where and who deals: seats in clockwise order, side A at the even seats.

Seats 0..3 with one pack (partners opposite), 0..7 with the double pack (the partnerships
of four at alternate seats).
"""

from .basics import SIDES, Side, is_int
from .errors import RulesError, as_json, gettext_noop
from .rules import Rules

_SEAT_MESSAGES = {
    "single": gettext_noop("The first dealer must be a seat from 0 to 3, not %(value)s."),
    "double": gettext_noop("With the double pack the first dealer must be a seat from 0 to 7, "
                           "not %(value)s."),
}


def side_of(seat: int) -> Side:
    return SIDES[seat % 2]


def check_seat(seat: object, rules: Rules) -> int:
    if not is_int(seat) or not 0 <= seat < rules.pack.players:
        raise RulesError(_SEAT_MESSAGES[rules.deck], value=as_json(seat))
    return seat


def _step(rules: Rules) -> int:
    players = rules.pack.players
    return 1 if rules.rotation == "clockwise" else players - 1


def next_dealer(dealer: int, rules: Rules) -> int:
    """The deal passes on in the direction of play: to the right when counterclockwise."""
    return (dealer + _step(rules)) % rules.pack.players


def first_dealer_for(dealing: int, deals_played: int, rules: Rules) -> int:
    """Who dealt the first deal when `dealing` deals the next one after `deals_played` deals:
    every deal moves the deal on, partidas included (a table that says who deals now tells
    who dealt first)."""
    return (dealing - _step(rules) * deals_played) % rules.pack.players


def leader(dealer: int, rules: Rules) -> int:
    """Who leads the first trick: the player after the dealer in the direction of play.

    That is the seat that deals next (the dealer's right-hand neighbour in Portugal).
    """
    return next_dealer(dealer, rules)
