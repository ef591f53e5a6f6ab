"""What one checked deal gives each side, before the match decides what that means."""

from typing import NamedTuple

from .basics import SIDES, Pair, Side, ahead, give, other
from .deals import Deal, flag_side, scored_points
from .formats import WITH_PARTIDAS, Format
from .rules import Rules
from .state import Kind, MatchState


class DealScore(NamedTuple):
    kind: Kind
    side: Side | None  # who the deal went to: the winner, the flag, the innocent side
    games: Pair  # pending tie games included
    points: Pair
    carry: int  # tie games pending afterwards


def score_deal(rules: Rules, fmt: Format, state: MatchState, deal: Deal) -> DealScore:
    """Games and card points for a deal that passed ``check_deal``."""
    if fmt.type == "points":
        return _in_points_format(rules, deal)
    if deal.revoke is not None:
        return _revoke(rules, fmt, state, other(deal.revoke))
    points = scored_points(deal, rules)
    # The flag is the cards' (all the tricks, or all the card points): a bonus to the other
    # side cannot take it away.
    flag = flag_side(deal, rules)
    side = flag or ahead(points)
    if side is None:
        pending = state.carry + 1 if rules.tie == "carry" else 0
        return DealScore("tie", None, (0, 0), points, pending)
    at = SIDES.index(side)
    games = _games_for(points[at], deal.points[at], rules, flag is not None) + state.carry
    return DealScore("flag" if flag else "points", side, give(side, games), points, 0)


def _games_for(points: int, card_points: int, rules: Rules, flag: bool) -> int:
    """More than half the deal's total is a game (``ahead``); two from ``double_from``, scaled
    to the total, and for all the card points (120, or 240) without a flag, bonus or not."""
    if flag:
        return rules.flag_value
    return 2 if points >= rules.two_games_from or card_points == rules.pack.points else 1


def _revoke(rules: Rules, fmt: Format, state: MatchState, innocent: Side) -> DealScore:
    """A number of games (pending ties added), or the partida: the games still needed for it."""
    if isinstance(rules.revoke, int):
        games = rules.revoke + state.carry
    elif fmt.type in WITH_PARTIDAS:
        assert fmt.target is not None
        games = fmt.target - state.partida_games[SIDES.index(innocent)]
    else:
        games = 0
    return DealScore("revoke", innocent, give(innocent, games), (0, 0), 0)


def _in_points_format(rules: Rules, deal: Deal) -> DealScore:
    """Only card points (bonuses included) count; a revoke gives the innocent side a whole
    deal's worth: its total, bonuses included."""
    if deal.revoke is not None:
        innocent = other(deal.revoke)
        return DealScore("revoke", innocent, (0, 0), give(innocent, rules.deal_total), 0)
    points = scored_points(deal, rules)
    return DealScore("points", ahead(points), (0, 0), points, 0)
