"""Swiss pairing by maximum weight matching.

Each possible pair that has not met yet is an edge of a graph; its weight prefers,
in strict order of importance:

1. equal scores, then the smallest score differences: a pair across score groups
   costs the square of their distance in groups, so same-score pairs are free and one
   long float costs more than two short ones (as the Dutch system floats one group
   down at a time);
2. inside a score group, top half v bottom half (1st v (m/2+1)th, ...); across score
   groups, entrants close in the ranking (squared distance, so two floaters meet the
   next group's top two in order: 1st v 3rd and 2nd v 4th, not 1st v 4th).

A maximum-cardinality matching of the largest total weight is the pairing. For speed
the graph first holds only pairs near each other in the ranking or near the ideal
top-half/bottom-half partner (``WINDOW`` places); only if that graph has no complete
pairing is every pair considered. With 256 entrants a round pairs in well under a
second.
"""

import random
from collections.abc import Iterator, Mapping, Sequence, Set
from typing import NamedTuple

import networkx as nx

from .entrants import Entrant, require_distinct

WINDOW = 12


class SwissPairingError(ValueError):
    """No pairing of the round avoids a rematch."""


class SwissDraw(NamedTuple):
    """A Swiss round: pairs (higher-ranked first, in ranking order) and the bye."""

    pairs: list[tuple[Entrant, Entrant]]
    bye: Entrant | None


def swiss_pairings(
    standings_order: Sequence[Entrant],
    scores: Mapping[Entrant, float],
    played: Set[frozenset],
    had_bye: Set[Entrant],
    rng_seed: int | str | None = None,
) -> SwissDraw:
    """Pair a Swiss round without rematches.

    ``standings_order`` is the current ranking, best first (the seeding before round
    one, when all scores are equal and the pairing is top half v bottom half).
    ``rng_seed``, when given, shuffles entrants within each score group first, e.g.
    for a drawn rather than seeded first round. With an odd field the bye goes to the
    lowest-ranked entrant who has not had one (all have: the lowest-ranked) and for
    whom the rest can still be paired. Raises ``SwissPairingError`` if no pairing
    avoids a rematch.
    """
    ranking = require_distinct(standings_order, minimum=2)
    missing = [entrant for entrant in ranking if entrant not in scores]
    if missing:
        raise ValueError(f"No score for {missing[0]!r}")
    order = _pairing_order(ranking, scores, rng_seed)
    for bye in _bye_candidates(ranking, had_bye):
        field = [entrant for entrant in order if entrant != bye]
        pairs = _match(field, scores, played)
        if pairs is not None:
            return SwissDraw(pairs, bye)
    raise SwissPairingError("Every possible pairing of this round repeats a match")


def _pairing_order(
    ranking: list[Entrant], scores: Mapping[Entrant, float], rng_seed: int | str | None
) -> list[Entrant]:
    """Highest score first; ranking order within a score, or shuffled given a seed."""
    if rng_seed is None:
        keys = {entrant: float(index) for index, entrant in enumerate(ranking)}
    else:
        rng = random.Random(rng_seed)
        keys = {entrant: rng.random() for entrant in ranking}
    return sorted(ranking, key=lambda entrant: (-scores[entrant], keys[entrant]))


def _bye_candidates(ranking: list[Entrant], had_bye: Set[Entrant]) -> list[Entrant | None]:
    if len(ranking) % 2 == 0:
        return [None]
    fresh = [entrant for entrant in reversed(ranking) if entrant not in had_bye]
    return fresh or list(reversed(ranking))


def _match(
    field: list[Entrant], scores: Mapping[Entrant, float], played: Set[frozenset]
) -> list[tuple[Entrant, Entrant]] | None:
    """The best pairing of ``field`` (in pairing order), None if a rematch is forced."""
    costs = _PairCosts(field, scores)
    for window in sorted({min(WINDOW, len(field)), len(field)}):
        graph = nx.Graph()
        graph.add_nodes_from(range(len(field)))
        graph.add_weighted_edges_from(
            (i, j, costs.ceiling - costs.of(i, j))
            for i, j in costs.candidates(window)
            if frozenset((field[i], field[j])) not in played
        )
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(matching) == len(field):
            return [(field[i], field[j]) for i, j in sorted(map(sorted, matching))]
    return None


class _PairCosts:
    """Costs of pairing positions i < j of a field in pairing order (lower is better)."""

    def __init__(self, field: list[Entrant], scores: Mapping[Entrant, float]) -> None:
        levels = sorted({scores[entrant] for entrant in field}, reverse=True)
        rank_of = {score: rank for rank, score in enumerate(levels)}
        self.level = [rank_of[scores[entrant]] for entrant in field]
        self.place, self.size = _places_in_groups(self.level)
        n = len(field)
        self.near = n * n * (n // 2) + 1
        self.ceiling = (len(levels) - 1) ** 2 * self.near + n * n + 1

    def of(self, i: int, j: int) -> int:
        gap = self.level[j] - self.level[i]
        if gap:
            return gap * gap * self.near + (j - i) ** 2
        return abs(self.place[j] - self.place[i] - self.size[i] // 2)

    def candidates(self, window: int) -> Iterator[tuple[int, int]]:
        """Pairs close in the ranking, or close to the ideal partner in a score group."""
        n = len(self.level)
        for i in range(n):
            for j in range(i + 1, n):
                if j - i <= window or (self.level[i] == self.level[j] and self.of(i, j) <= window):
                    yield i, j


def _places_in_groups(level: list[int]) -> tuple[list[int], list[int]]:
    """Each position's place within its score group, and that group's size."""
    counts: dict[int, int] = {}
    place = []
    for group in level:
        place.append(counts.get(group, 0))
        counts[group] = place[-1] + 1
    return place, [counts[group] for group in level]
