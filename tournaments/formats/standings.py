"""Standings of a league or group from finished matches, ranked by a tie-break chain.

A bye is counted apart from the matches (``byes`` on the row): it brings the bye's
standing points and the games, partidas and card points the caller says a walkover is
worth, but it is not a match played or won. Having no opponent, it adds nothing to head-to-head
or to the entrant's buchholz; its points do count in the buchholz of those who met
the entrant, as any points do.
"""

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from .entrants import Entrant, require_distinct
from .results import DEFAULT_POINTS, MatchResult, PointsScheme, points_awarded
from .tiebreaks import DEFAULT_CHAIN, check_chain, tie_groups


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings. ``points`` are standing points, ``card_points``
    card points; ``byes`` the byes received, which are not in ``played``.

    ``head_to_head`` is the mini-league points among the entrants it was last tied
    with, None if head-to-head never had to be applied or was skipped. It is skipped
    (``head_to_head_skipped``) when some pair of those tied entrants had not met, so
    a page can say "head-to-head: not all tied teams met". ``lot`` is its number in
    the draw (1 is best; None without "lots" in the chain); ``by_lot``: the lot set it
    apart from those it was tied with (everything before it in the chain left them level).
    ``decided``: a deciding match (the "deciding" criterion) set it apart from those it was
    tied with."""

    rank: int
    entrant: Entrant
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
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
    head_to_head_skipped: bool = False
    lot: int | None = None
    by_lot: bool = False
    decided: bool = False


@dataclass(frozen=True)
class _Byes:
    """The byes received (one entry each) and what each is worth besides points."""

    entrants: list[Entrant]
    games: int = 0
    partidas: int = 0
    card_points: int = 0


def rank(
    entries: Sequence[Entrant],
    results: Iterable[MatchResult],
    chain: Sequence[str] = DEFAULT_CHAIN,
    lots_seed: int | str | None = None,
    *,
    scheme: PointsScheme = DEFAULT_POINTS,
    byes: Iterable[Entrant] = (),
    bye_games: int = 0,
    bye_partidas: int = 0,
    bye_card_points: int = 0,
    deciding: Mapping[Entrant, int] | None = None,
) -> list[StandingRow]:
    """Rank ``entries`` (in a stable order, e.g. registration) from their results.

    ``byes`` names the entrant of every bye received, once per bye; each is worth
    ``scheme.points_for_bye``, ``bye_games`` games won, ``bye_partidas`` partidas won
    and ``bye_card_points`` card points (the caller passes a walkover's, so a bye is
    worth a win).

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
    byes_worth = _Byes(list(byes), bye_games, bye_partidas, bye_card_points)
    table = _Table(field, list(results), byes_worth, scheme, lots, deciding or {})
    rows: list[StandingRow] = []
    for group in tie_groups(field, codes, table.measure):
        shared_rank = len(rows) + 1
        rows.extend(table.row(entrant, shared_rank) for entrant in group)
    return rows


def ranked_by_places(
    rows: Sequence[StandingRow], places: Mapping[Entrant, int]
) -> list[StandingRow]:
    """``rows`` (a ranking) in the order of final ``places`` (1 is first, e.g. a bracket's),
    each row ranked at its place whatever its points. Rows that share a place share its rank
    and keep their order in ``rows``. Every entrant of ``rows`` has a place. The places are
    the matches' (or shared): no row was placed by the lot or a deciding match."""
    return [replace(row, rank=places[row.entrant], by_lot=False, decided=False)
            for row in sorted(rows, key=lambda row: places[row.entrant])]


class _Table:
    """Metrics of every entrant, and criteria values for any group of tied entrants."""

    def __init__(
        self,
        field: list[Entrant],
        matches: list[MatchResult],
        byes: _Byes,
        scheme: PointsScheme,
        lots: dict[Entrant, int],
        deciding: Mapping[Entrant, int],
    ) -> None:
        self.matches, self.scheme, self.lots, self.deciding = matches, scheme, lots, deciding
        self.totals = _tally(field, matches, scheme)
        _add_byes(self.totals, byes, scheme)
        _add_buchholz(self.totals, matches)
        self.met = {frozenset((match.a, match.b)) for match in matches}
        self.head_to_head: dict[Entrant, int | None] = {}
        self.decided: set[Entrant] = set()
        self.by_lot: set[Entrant] = set()

    def measure(self, code: str, tied: list[Entrant]) -> dict[Entrant, float]:
        """Values of criterion ``code`` among ``tied``, higher is better."""
        if code == "head_to_head":
            return self._head_to_head(tied)
        if code == "lots":  # asked only of two or more still level: the lot parts them all
            # not before a result: a field that has neither played nor had a bye is listed
            # in the lot's order, unmarked
            if any(self.totals[entrant]["played"] or self.totals[entrant]["byes"]
                   for entrant in tied):
                self.by_lot.update(tied)
            return {entrant: -self.lots[entrant] for entrant in tied}
        if code == "deciding":
            return self._deciding(tied)
        sign = -1 if code == "partidas_lost" else 1
        return {entrant: sign * self.totals[entrant][code] for entrant in tied}

    def _head_to_head(self, tied: list[Entrant]) -> dict[Entrant, float]:
        """The mini-league among ``tied``, or all equal (skipped) unless all of them met.

        Any result between two of them counts as a meeting, a walkover or a double
        forfeit included: it scored points between them.
        """
        if all(frozenset(pair) in self.met for pair in combinations(tied, 2)):
            league = _mini_league(tied, self.matches, self.scheme)
            self.head_to_head.update(league)
            return dict(league)
        self.head_to_head.update(dict.fromkeys(tied))
        return dict.fromkeys(tied, 0)

    def _deciding(self, tied: list[Entrant]) -> dict[Entrant, float]:
        """The deciding order's places; who ends alone in a place was decided by it (it is the
        last criterion: what it leaves level stays level)."""
        values = {entrant: -self.deciding.get(entrant, float("inf")) for entrant in tied}
        shared = Counter(values.values())
        if len(shared) > 1:
            self.decided.update(entrant for entrant in tied if shared[values[entrant]] == 1)
        return values

    def row(self, entrant: Entrant, rank: int) -> StandingRow:
        reached = entrant in self.head_to_head
        return StandingRow(
            rank=rank,
            entrant=entrant,
            head_to_head=self.head_to_head.get(entrant),
            head_to_head_skipped=reached and self.head_to_head[entrant] is None,
            lot=self.lots.get(entrant),
            by_lot=entrant in self.by_lot,
            decided=entrant in self.decided,
            **self.totals[entrant],
        )


def _tally(
    field: list[Entrant], matches: list[MatchResult], scheme: PointsScheme
) -> dict[Entrant, Counter[str]]:
    """Every metric counted from the matches, differences included."""
    totals: dict[Entrant, Counter[str]] = {entrant: Counter() for entrant in field}
    for match in matches:
        for side in (match, _flipped(match)):
            _entrant_total(totals, side.a, "played").update(_counts_for_a(side, scheme))
    for total in totals.values():
        total["card_point_difference"] = total["card_points"] - total["card_points_against"]
    return totals


def _add_byes(totals: dict[Entrant, Counter[str]], byes: _Byes, scheme: PointsScheme) -> None:
    for entrant in byes.entrants:
        _entrant_total(totals, entrant, "had a bye").update(
            byes=1,
            points=scheme.points_for_bye,
            games_won=byes.games,
            partidas_won=byes.partidas,
            card_points=byes.card_points,
            card_point_difference=byes.card_points,
        )


def _add_buchholz(totals: dict[Entrant, Counter[str]], matches: list[MatchResult]) -> None:
    """Sum of the standing points of every opponent met (byes included in theirs)."""
    for match in matches:
        totals[match.a]["buchholz"] += totals[match.b]["points"]
        totals[match.b]["buchholz"] += totals[match.a]["points"]


def _entrant_total(totals: dict[Entrant, Counter[str]], entrant: Entrant, what: str) -> Counter[str]:
    if entrant not in totals:
        raise ValueError(f"{entrant!r} {what} but is not in the standings")
    return totals[entrant]


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
    """What one match adds to ``a``'s row; a double forfeit is a loss for both."""
    if match.winner is None:
        outcome = "lost" if match.double_forfeit else "drawn"
    else:
        outcome = "won" if match.winner == match.a else "lost"
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
