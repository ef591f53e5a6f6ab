"""Can the rest of a Swiss event still be paired without a rematch?

Pairing one round at a time can paint an event into a corner: six entrants can play
three rounds so that no fourth round avoids a rematch. So a round is chosen only if
the pairs that have not met yet still hold one complete pairing for every round left.

The unplayed pairs form a graph. An odd field gets a phantom node, the bye: its edges
go to the entrants who have not had a bye, so a round with a bye is a perfect
matching like any other and nobody gets a second bye. The rounds left can be paired
exactly when the graph holds that many edge-disjoint perfect matchings.

Deciding that is hard in general but quick where it matters. A dense graph needs no
search (Dirac: a minimum degree of half the nodes guarantees a perfect matching, and
taking one away lowers every degree by one). Only events with more rounds than half
the field get that far, and those fields are small: a backtracking search finds the
matchings or proves there are none. A search that runs past ``SEARCH_BUDGET`` steps
gives up and reports the event pairable, so that a huge event never stalls a draw.
"""

import random
from collections.abc import Hashable, Iterable, Set
from itertools import combinations
from typing import NamedTuple

from .entrants import Entrant, require_distinct
from .matching import max_weight_matching

SEARCH_BUDGET = 20_000
FIRST_STEPS = 250


class _Bye:
    """The phantom node an odd field pairs with (networkx refuses None as a node)."""

    def __repr__(self) -> str:
        return "BYE"


BYE = _Bye()

Graph = dict[Hashable, set[Hashable]]
Round = list[tuple[Hashable, Hashable]]


class Outlook(NamedTuple):
    """Whether the rounds can be paired, and the rounds themselves when a search found
    them (empty when they were never needed: no rounds, a dense graph, a gave-up search)."""

    pairable: bool
    rounds: list[Round]


def swiss_rounds_possible(n_entrants: int) -> int:
    """Most rounds a Swiss of ``n_entrants`` can have without a rematch or a second bye.

    That is a whole round robin: n-1 rounds for an even field, n for an odd one (a bye
    each round, everyone's once).
    """
    if n_entrants < 2:
        return 0
    return n_entrants if n_entrants % 2 else n_entrants - 1


def swiss_feasible(
    entrants: Iterable[Entrant],
    played: Set[frozenset],
    rounds: int,
    had_bye: Set[Entrant] = frozenset(),
) -> bool:
    """Can ``rounds`` more rounds be paired with no rematch and no second bye?

    ``played`` holds the pairs that have met, ``had_bye`` who has had a bye. A search
    that gives up (see ``SEARCH_BUDGET``) answers yes.
    """
    field = require_distinct(entrants, minimum=2)
    return outlook(unplayed_graph(field, played, had_bye), rounds).pairable


def unplayed_graph(field: list[Entrant], played: Set[frozenset], had_bye: Set[Entrant]) -> Graph:
    """Who can still meet whom; an odd field's bye node links to those without a bye."""
    everyone = set(field)
    met: dict[Entrant, set[Entrant]] = {entrant: {entrant} for entrant in field}
    for pair in played:
        if len(pair) == 2 and pair <= everyone:
            a, b = pair
            met[a].add(b)
            met[b].add(a)
    graph: Graph = {entrant: everyone - met[entrant] for entrant in field}
    if len(field) % 2:
        graph[BYE] = {entrant for entrant in field if entrant not in had_bye}
        for entrant in graph[BYE]:
            graph[entrant].add(BYE)
    return graph


def surely_pairable(field: list[Entrant], played: Set[frozenset], had_bye: Set[Entrant],
                    rounds: int) -> bool:
    """True when the unplayed graph is dense enough for ``rounds`` rounds (the Dirac bound
    ``outlook`` checks first), found from each entrant's count of opponents alone: a big
    field never builds the graph, a set of a thousand partners each."""
    everyone = set(field)
    met = dict.fromkeys(field, 0)
    for pair in played:
        if len(pair) == 2 and pair <= everyone:
            for entrant in pair:
                met[entrant] += 1
    odd = len(field) % 2
    degrees = [len(field) - 1 - met[entrant] + (odd and entrant not in had_bye)
               for entrant in field]
    if odd:
        degrees.append(sum(entrant not in had_bye for entrant in field))
    return _dense(min(degrees), rounds, len(degrees))


def _dense(min_degree: int, rounds: int, nodes: int) -> bool:
    return min_degree - (rounds - 1) >= nodes / 2


def without(graph: Graph, pairs: Iterable[tuple[Hashable, Hashable]]) -> Graph:
    """The graph once ``pairs`` have met."""
    rest = {node: set(neighbours) for node, neighbours in graph.items()}
    for a, b in pairs:
        rest[a].discard(b)
        rest[b].discard(a)
    return rest


def outlook(graph: Graph, rounds: int) -> Outlook:
    """Does ``graph`` hold ``rounds`` edge-disjoint perfect matchings?"""
    if rounds <= 0:
        return Outlook(True, [])
    if len(graph) % 2 or min(map(len, graph.values())) < rounds:
        return Outlook(False, [])
    if _dense(min(map(len, graph.values())), rounds, len(graph)):
        return Outlook(True, [])
    if rounds == 1:
        return _one_round(graph)
    return _searched(graph, rounds)


def _searched(graph: Graph, rounds: int) -> Outlook:
    """Backtracking restarted with twice the steps each time, nodes in a fresh order.

    The time such a search takes varies wildly with the order it tries things in, so
    many short runs find the rounds sooner than one long one; a run that ends within
    its steps has looked everywhere, so its "no" is final.
    """
    steps, spent, attempt = FIRST_STEPS, 0, 0
    while spent + steps <= SEARCH_BUDGET:
        try:
            found = _Search(graph, rounds, attempt, steps).run()
        except _GaveUp:
            spent, steps, attempt = spent + steps, 2 * steps, attempt + 1
            continue
        return Outlook(found is not None, found or [])
    return Outlook(True, [])


def _one_round(graph: Graph) -> Outlook:
    """A single perfect matching, by networkx rather than by search."""
    matching = max_weight_matching(
        ((a, b, 1) for a, neighbours in graph.items() for b in neighbours), graph)
    if 2 * len(matching) != len(graph):
        return Outlook(False, [])
    return Outlook(True, [list(matching)])


class _GaveUp(Exception):
    """The search ran past its budget."""


class _Search:
    """Backtracking over (round, node) slots, the one with fewest partners left first.

    The rounds are interchangeable, so the node with fewest neighbours takes its
    partners as a set, in round order: no arrangement is tried twice under another
    round numbering.
    """

    def __init__(self, graph: Graph, rounds: int, attempt: int, steps: int) -> None:
        nodes = sorted(graph, key=str)
        if attempt:
            random.Random(attempt).shuffle(nodes)
        self.nodes = sorted(nodes, key=lambda node: len(graph[node]))
        index = {node: number for number, node in enumerate(self.nodes)}
        self.free = [{index[other] for other in graph[node]} for node in self.nodes]
        self.waiting = [set(range(len(self.nodes))) for _ in range(rounds)]
        self.pairs: list[list[tuple[int, int]]] = [[] for _ in range(rounds)]
        self.budget = steps

    def run(self) -> list[Round] | None:
        rounds = len(self.waiting)
        for partners in combinations(sorted(self.free[0]), rounds):
            for number, partner in enumerate(partners):
                self._meet(number, 0, partner)
            if self._complete():
                return [[(self.nodes[a], self.nodes[b]) for a, b in pairs] for pairs in self.pairs]
            for number, partner in enumerate(partners):
                self._part(number, 0, partner)
        return None

    def _complete(self) -> bool:
        slot = self._tightest()
        if slot is None:
            return True
        number, node, options = slot
        for partner in sorted(options):
            self.budget -= 1
            if self.budget < 0:
                raise _GaveUp
            self._meet(number, node, partner)
            if self._complete():
                return True
            self._part(number, node, partner)
        return False

    def _tightest(self) -> tuple[int, int, set[int]] | None:
        """The open slot with fewest partners (an empty set when one is stuck), or None."""
        best: tuple[int, int, set[int]] | None = None
        for number, waiting in enumerate(self.waiting):
            for node in waiting:
                options = self.free[node] & waiting
                if best is None or len(options) < len(best[2]):
                    best = (number, node, options)
                    if len(options) <= 1:
                        return best
        return best

    def _meet(self, number: int, a: int, b: int) -> None:
        self.waiting[number] -= {a, b}
        self.free[a].discard(b)
        self.free[b].discard(a)
        self.pairs[number].append((a, b))

    def _part(self, number: int, a: int, b: int) -> None:
        self.waiting[number] |= {a, b}
        self.free[a].add(b)
        self.free[b].add(a)
        self.pairs[number].pop()
