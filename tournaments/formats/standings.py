"""Standings of a league or group from finished matches, ranked by a tie-break chain."""

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .entrants import Entrant, require_distinct
from .tiebreaks import DEFAULT_CHAIN, check_chain, tie_groups


@dataclass(frozen=True)
class PointsScheme:
    """Standing points per match. Portuguese custom: win 3, loss 1, no-show 0.

    A draw (possible only in ``fixed_deals`` matches) is worth 2, half of what a
    decided match hands out, so every played match is worth 4 points in total.
    """

    win: int = 3
    loss: int = 1
    draw: int = 2
    no_show: int = 0


DEFAULT_POINTS = PointsScheme()


@dataclass(frozen=True)
class MatchResult:
    """A finished match between ``a`` and ``b``.

    ``winner`` is ``a``, ``b`` or None for a draw. ``points_a``/``points_b`` are card
    points. ``walkover`` means the loser did not show up (falta de comparência): the
    loser gets ``no_show`` standing points and the winner a win; the games recorded
    are the ones the regulations award (e.g. 4-0).
    """

    a: Entrant
    b: Entrant
    winner: Entrant | None
    games_a: int = 0
    games_b: int = 0
    partidas_a: int = 0
    partidas_b: int = 0
    points_a: int = 0
    points_b: int = 0
    walkover: bool = False

    def __post_init__(self) -> None:
        if self.a == self.b:
            raise ValueError(f"{self.a!r} cannot play itself")
        if self.winner is not None and self.winner not in (self.a, self.b):
            raise ValueError(f"The winner {self.winner!r} did not play this match")
        if self.walkover and self.winner is None:
            raise ValueError("A walkover needs a winner: the side that showed up")


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings. ``points`` are standing points, ``card_points``
    card points. ``head_to_head`` is the mini-league points among the entrants it was
    last tied with (None if head-to-head never had to be applied); ``lot`` is its
    number in the draw (1 is best; None without "lots" in the chain)."""

    rank: int
    entrant: Entrant
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points: int = 0
    games_won: int = 0
    games_lost: int = 0
    partidas_won: int = 0
    partidas_lost: int = 0
    card_points: int = 0
    card_points_against: int = 0
    card_point_difference: int = 0
    buchholz: int = 0
    head_to_head: int | None = None
    lot: int | None = None


def points_awarded(result: MatchResult, scheme: PointsScheme) -> tuple[int, int]:
    """Standing points for ``a`` and ``b`` from one match."""
    if result.winner is None:
        return scheme.draw, scheme.draw
    loser = scheme.no_show if result.walkover else scheme.loss
    return (scheme.win, loser) if result.winner == result.a else (loser, scheme.win)


def rank(
    entries: Sequence[Entrant],
    results: Iterable[MatchResult],
    chain: Sequence[str] = DEFAULT_CHAIN,
    lots_seed: int | str | None = None,
    *,
    scheme: PointsScheme = DEFAULT_POINTS,
) -> list[StandingRow]:
    """Rank ``entries`` (in a stable order, e.g. registration) from their results.

    Ties are broken by ``chain`` (see ``tiebreaks``). Entrants still tied at the end
    share a rank (1, 2, 2, 4) and keep the order of ``entries``; with "lots" in the
    chain that never happens. The lots are drawn once for all entries from
    ``lots_seed``: the same entries in the same order with the same seed always draw
    the same lots.
    """
    field = require_distinct(entries)
    codes = check_chain(chain)
    if "lots" in codes and lots_seed is None:
        raise ValueError("Drawing lots needs a seed, so that the draw can be repeated")
    lots = _draw_lots(field, lots_seed) if "lots" in codes else {}
    table = _Table(field, list(results), scheme, lots)
    rows: list[StandingRow] = []
    for group in tie_groups(field, codes, table.measure):
        shared_rank = len(rows) + 1
        rows.extend(table.row(entrant, shared_rank) for entrant in group)
    return rows


class _Table:
    """Metrics of every entrant, and criteria values for any group of tied entrants."""

    def __init__(
        self,
        field: list[Entrant],
        matches: list[MatchResult],
        scheme: PointsScheme,
        lots: dict[Entrant, int],
    ) -> None:
        self.matches, self.scheme, self.lots = matches, scheme, lots
        self.totals = _tally(field, matches, scheme)
        self.head_to_head: dict[Entrant, int] = {}

    def measure(self, code: str, tied: list[Entrant]) -> dict[Entrant, float]:
        """Values of criterion ``code`` among ``tied``, higher is better."""
        if code == "head_to_head":
            league = _mini_league(tied, self.matches, self.scheme)
            self.head_to_head.update(league)
            return league
        if code == "lots":
            return {entrant: -self.lots[entrant] for entrant in tied}
        sign = -1 if code == "partidas_lost" else 1
        return {entrant: sign * self.totals[entrant][code] for entrant in tied}

    def row(self, entrant: Entrant, rank: int) -> StandingRow:
        return StandingRow(
            rank=rank,
            entrant=entrant,
            head_to_head=self.head_to_head.get(entrant),
            lot=self.lots.get(entrant),
            **self.totals[entrant],
        )


def _tally(
    field: list[Entrant], matches: list[MatchResult], scheme: PointsScheme
) -> dict[Entrant, Counter[str]]:
    """Every counted metric of every entrant, buchholz and differences included."""
    totals: dict[Entrant, Counter[str]] = {entrant: Counter() for entrant in field}
    opponents: dict[Entrant, list[Entrant]] = {entrant: [] for entrant in field}
    for match in matches:
        for side in (match, _flipped(match)):
            if side.a not in totals:
                raise ValueError(f"{side.a!r} played but is not in the standings")
            totals[side.a].update(_counts_for_a(side, scheme))
            opponents[side.a].append(side.b)
    for entrant, total in totals.items():
        total["card_point_difference"] = total["card_points"] - total["card_points_against"]
        total["buchholz"] = sum(totals[opponent]["points"] for opponent in opponents[entrant])
    return totals


def _flipped(match: MatchResult) -> MatchResult:
    """The same match seen from ``b``."""
    return replace(
        match,
        a=match.b,
        b=match.a,
        games_a=match.games_b,
        games_b=match.games_a,
        partidas_a=match.partidas_b,
        partidas_b=match.partidas_a,
        points_a=match.points_b,
        points_b=match.points_a,
    )


def _counts_for_a(match: MatchResult, scheme: PointsScheme) -> dict[str, int]:
    outcome = "drawn" if match.winner is None else "won" if match.winner == match.a else "lost"
    return {
        "played": 1,
        outcome: 1,
        "points": points_awarded(match, scheme)[0],
        "games_won": match.games_a,
        "games_lost": match.games_b,
        "partidas_won": match.partidas_a,
        "partidas_lost": match.partidas_b,
        "card_points": match.points_a,
        "card_points_against": match.points_b,
    }


def _mini_league(
    tied: list[Entrant], matches: list[MatchResult], scheme: PointsScheme
) -> dict[Entrant, int]:
    """Standing points won in the matches among ``tied`` only."""
    league = dict.fromkeys(tied, 0)
    for match in matches:
        if match.a in league and match.b in league:
            points_a, points_b = points_awarded(match, scheme)
            league[match.a] += points_a
            league[match.b] += points_b
    return league


def _draw_lots(field: list[Entrant], lots_seed: int | str) -> dict[Entrant, int]:
    """Lot numbers 1..n (1 is best) for the entries, reproducible from the seed."""
    numbers = list(range(1, len(field) + 1))
    random.Random(lots_seed).shuffle(numbers)
    return dict(zip(field, numbers, strict=True))
