"""Swiss pairings as weighted matchings: the best pairing of a round, then the next best.

Each possible pair that has not met yet is an edge of a graph; its weight prefers,
in strict order of importance:

1. the fewest floats, score group by score group from the top down, as the Dutch system
   pairs its brackets: a pair across score groups pays for each boundary between groups it
   crosses, and crossing a boundary costs more than any floats below it can add up to.
   So as few float out of the top group as a pairing without a rematch allows, then as
   few across the next boundary, and so on: two leaders who have not met play each
   other, even if the group below them then has to float two of its own instead of one;
2. then the smallest score differences: a float also costs the square of its distance
   in groups, so one long float costs more than two short ones across the same
   boundaries (as the Dutch system floats one group down at a time);
3. inside a score group, top half v bottom half (1st v (m/2+1)th, ...); across score
   groups, entrants close in the ranking (squared distance, so two floaters meet the
   next group's top two in order: 1st v 3rd and 2nd v 4th, not 1st v 4th).

A maximum-cardinality matching of the largest total weight is the pairing. For speed
the graph holds only pairs near each other in the ranking or near the ideal
top-half/bottom-half partner (``WINDOW`` places), and it is matched in small pieces
between score groups (``swiss_brackets``); only if that floats more than the score
groups force is the graph matched whole, and only if it has no complete pairing is
every pair considered.

The next best pairings, wanted only when the best one would corner the event, come
from Murty's partition of the pairings, computed as they are read.
"""

from collections.abc import Iterable, Iterator, Mapping, Set
from heapq import heappop, heappush
from itertools import count

from .entrants import Entrant
from .swiss_brackets import best_pairing, bracketed

WINDOW = 12


class PairCosts:
    """Costs of pairing positions i < j of a field in pairing order (lower is better)."""

    def __init__(self, field: list[Entrant], scores: Mapping[Entrant, float]) -> None:
        levels = sorted({scores[entrant] for entrant in field}, reverse=True)
        rank_of = {score: rank for rank, score in enumerate(levels)}
        self.level = [rank_of[scores[entrant]] for entrant in field]
        self.place, self.size = _places_in_groups(self.level)
        n, last = len(field), len(levels) - 1
        self.near = n * n * (n // 2) + 1
        # down[k]: crossing every boundary from the top group down to group k
        self.down = _float_costs(last, n // 2, last * last * (n // 2) * self.near + self.near)
        self.ceiling = self.down[last] + last * last * self.near + n * n + 1

    def of(self, i: int, j: int) -> int:
        gap = self.level[j] - self.level[i]
        if gap:
            floats = self.down[self.level[j]] - self.down[self.level[i]]
            return floats + gap * gap * self.near + (j - i) ** 2
        return abs(self.place[j] - self.place[i] - self.size[i] // 2)

    def total(self, pairs: Iterable[tuple[int, int]]) -> int:
        return sum(self.of(i, j) for i, j in pairs)

    def candidates(self, window: int) -> Iterator[tuple[int, int]]:
        """Pairs close in the ranking, or close to the ideal partner in a score group."""
        for i in range(len(self.level)):
            yield from ((i, j) for j in self.partners(i, window))

    def partners(self, i: int, window: int) -> Iterator[int]:
        """The later positions j that ``candidates`` pairs with i, in order: the next
        ``window`` places, then those near i's ideal partner in its score group."""
        end = i - self.place[i] + self.size[i]
        yield from range(i + 1, min(len(self.level), i + window + 1))
        ideal = i + self.size[i] // 2
        yield from range(max(i + window + 1, ideal - window), min(end, ideal + window + 1))

    def gap(self, i: int, j: int) -> int:
        """How many score groups apart positions i and j are."""
        return abs(self.level[j] - self.level[i])


def pairings_best_first(
    field: list[Entrant], scores: Mapping[Entrant, float], played: Set[frozenset]
) -> Iterator[list[tuple[Entrant, Entrant]]]:
    """The pairings of ``field`` (in pairing order) without a rematch, best first.

    Murty's partition: once a pairing is read, its alternatives are the best pairings
    that drop one of its pairs while keeping the ones before it. Only the pairings a
    caller reads are computed, so a caller happy with the first pays for one matching.
    """
    costs = PairCosts(field, scores)
    first = _match(field, costs, played)
    if first is None:
        return
    allowed = None
    heap = [(costs.total(first), 0, first, (), frozenset())]
    tiebreak = count(1)
    while heap:
        _, _, pairs, kept, banned = heappop(heap)
        yield [(field[i], field[j]) for i, j in pairs]
        if allowed is None:
            allowed = {pair for pair in costs.candidates(len(field)) if _fresh(field, pair, played)}
        free = [pair for pair in pairs if pair not in kept]
        for number, dropped in enumerate(free):
            keep = kept + tuple(free[:number])
            child = _best_keeping(len(field), keep, allowed - banned - {dropped}, costs)
            if child is not None:
                heappush(heap, (costs.total(child), next(tiebreak), child, keep, banned | {dropped}))


def _match(
    field: list[Entrant], costs: PairCosts, played: Set[frozenset]
) -> list[tuple[int, int]] | None:
    """The best pairing of ``field`` as position pairs, None if a rematch is forced."""
    pairs = bracketed(costs, lambda pair: _fresh(field, pair, played), WINDOW)
    return pairs if pairs is not None else windowed(field, costs, played)


def windowed(
    field: list[Entrant], costs: PairCosts, played: Set[frozenset]
) -> list[tuple[int, int]] | None:
    """The best pairing over the pairs ``candidates(WINDOW)`` offers, or over every pair
    if those hold no complete pairing: one matching of the whole field."""
    for window in sorted({min(WINDOW, len(field)), len(field)}):
        edges = [pair for pair in costs.candidates(window) if _fresh(field, pair, played)]
        pairs = _best_keeping(len(field), (), edges, costs)
        if pairs is not None:
            return pairs
    return None


def _fresh(field: list[Entrant], pair: tuple[int, int], played: Set[frozenset]) -> bool:
    return frozenset((field[pair[0]], field[pair[1]])) not in played


def _best_keeping(
    n: int, keep: tuple[tuple[int, int], ...], edges: Iterable[tuple[int, int]], costs: PairCosts
) -> list[tuple[int, int]] | None:
    """The cheapest complete pairing of positions 0..n-1 that has the pairs ``keep``
    and otherwise only ``edges``; None if there is none."""
    taken = {position for pair in keep for position in pair}
    free = [position for position in range(n) if position not in taken]
    pairs = best_pairing(free, (pair for pair in edges if not taken.intersection(pair)), costs)
    return None if pairs is None else sorted([*keep, *pairs])


def _float_costs(boundaries: int, pairs: int, lowest: int) -> list[int]:
    """What floating from the top score group down to each group costs: the sum of the
    boundaries crossed. The lowest boundary costs ``lowest`` (more than the squared gaps
    and ranking distances of a whole pairing) and each one above ``pairs + 1`` times the
    next (more than the most pairs of a pairing crossing every boundary below it)."""
    costs = [0]
    for boundary in range(boundaries):
        costs.append(costs[-1] + lowest * (pairs + 1) ** (boundaries - 1 - boundary))
    return costs


def _places_in_groups(level: list[int]) -> tuple[list[int], list[int]]:
    """Each position's place within its score group, and that group's size."""
    counts: dict[int, int] = {}
    place = []
    for group in level:
        place.append(counts.get(group, 0))
        counts[group] = place[-1] + 1
    return place, [counts[group] for group in level]
