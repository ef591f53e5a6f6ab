"""The step function: a match state and one deal make the next state; replay folds it."""

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .basics import SIDES, Pair, Side, Winner, ahead, other, plus
from .deals import Deal, check_deal
from .errors import DealError, gettext_noop
from .formats import WITH_PARTIDAS, Format
from .rules import Rules
from .scores import DealScore, score_deal
from .seats import next_dealer
from .state import DealResult, Kind, MatchState, new_match


def apply(rules: Rules, fmt: Format, state: MatchState, deal: Deal,
          index: int | None = None) -> MatchState:
    """The state after ``deal``; ``DealError`` (carrying ``index``) if it cannot be played."""
    if state.finished:
        raise DealError(gettext_noop("This match is finished: no more deals."), index)
    check_deal(deal, rules, index)
    score = score_deal(rules, fmt, state, deal)
    dealer = state.next_dealer
    assert dealer is not None  # only a finished match has no dealer
    in_partida = fmt.type in WITH_PARTIDAS
    state = replace(
        state,
        games=plus(state.games, score.games),
        points=plus(state.points, score.points),
        partida_games=plus(state.partida_games, score.games) if in_partida else (0, 0),
        carry=score.carry,
        next_dealer=next_dealer(dealer, rules),
        deals=(*state.deals, DealResult(dealer, score.games, score.points, score.kind)),
    )
    return _settle(rules, fmt, state, score)


def replay(rules: Rules, fmt: Format, first_dealer: int, deals: Iterable[Deal]) -> MatchState:
    """The state after all ``deals``: ``apply`` one after the other."""
    state = new_match(rules, fmt, first_dealer)
    for index, deal in enumerate(deals):
        state = apply(rules, fmt, state, deal, index)
    return state


@dataclass(frozen=True)
class Award:
    """What a deal would give if entered now, for a referee to confirm before saving."""

    dealer: int
    kind: Kind
    games: Pair
    points: Pair
    carry: int
    ends_partida: bool
    ends_match: bool
    winner: Winner | None

    @property
    def flag(self) -> bool:
        return self.kind == "flag"

    @property
    def side(self) -> Side | None:
        """The side that wins games with this deal (None for a tie, or in the points format)."""
        return ahead(self.games)

    @classmethod
    def between(cls, before: MatchState, after: MatchState) -> "Award":
        """What the last deal of ``after`` gave, ``before`` being the state it was played on."""
        last = after.deals[-1]
        return cls(dealer=last.dealer, kind=last.kind, games=last.games, points=last.points,
                   carry=after.carry, ends_partida=after.partidas != before.partidas,
                   ends_match=after.finished, winner=after.winner)


def award(rules: Rules, fmt: Format, state: MatchState, deal: Deal) -> Award:
    """Preview ``deal`` on ``state`` with the same checks and scoring as ``apply``."""
    return Award.between(state, apply(rules, fmt, state, deal))


def _settle(rules: Rules, fmt: Format, state: MatchState, score: DealScore) -> MatchState:
    """End the partida and the match if this deal did."""
    if fmt.type == "points":
        return _settle_points(fmt, state)
    whole = score.kind == "revoke" and not isinstance(rules.revoke, int)  # partida/match revoke
    if fmt.type == "fixed_deals":
        return _settle_fixed(fmt, state, score.side if whole else None)
    sudden = whole or (score.kind == "flag" and rules.flag_wins_partida)
    side = score.side if sudden else _reached(state.partida_games, fmt.target)
    if side is None:
        return state
    to_win = fmt.to_win if fmt.type == "partidas" else 1
    assert to_win is not None
    at = SIDES.index(side)
    won = to_win if whole and rules.revoke == "match" else state.partidas[at] + 1
    partidas: Pair = (won, state.partidas[1]) if at == 0 else (state.partidas[0], won)
    state = replace(state, partidas=partidas, carry=0)
    if won >= to_win:  # the board keeps showing the last partida's games
        return _finish(state, side, revoked=other(side) if whole else None)
    return replace(state, partida_games=(0, 0))


def _reached(games: Pair, target: int | None) -> Side | None:
    assert target is not None
    return next((side for side, count in zip(SIDES, games, strict=True) if count >= target), None)


def _settle_points(fmt: Format, state: MatchState) -> MatchState:
    assert fmt.target is not None
    winner = ahead(state.points)
    if winner is None or max(state.points) < fmt.target:
        return state
    return _finish(state, winner)


def _settle_fixed(fmt: Format, state: MatchState, revoke_winner: Side | None) -> MatchState:
    if revoke_winner is not None:
        return _finish(state, revoke_winner, revoked=other(revoke_winner))
    assert fmt.deals is not None
    if state.deals_played < fmt.deals:
        return state
    winner = ahead(state.games) or ahead(state.points)
    if winner is None and fmt.extra_deals:
        return state
    return _finish(state, winner or "draw")


def _finish(state: MatchState, winner: Winner, revoked: Side | None = None) -> MatchState:
    """Pending tie games lapse and nobody deals any more; `revoked`: the side whose revoke
    ended the match."""
    return replace(state, finished=True, winner=winner, next_dealer=None, carry=0,
                   revoked=revoked)
