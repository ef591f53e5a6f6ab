"""Swiss pairing: a round without rematches that keeps the rest of the event pairable.

Every round is a weighted matching of the pairs that have not met yet (see
``swiss_matching`` for what the weights prefer). With an odd field the bye goes to the
lowest-ranked entrant who has not had one, and never to one absent from the round just
played (a no-show, FIDE's forfeit without notice) while someone else can take it. When
the caller says how many rounds are still to come, a round is drawn only if those rounds
can still be paired without a rematch or a second bye (see ``lookahead``): the best
pairing if it can, else the next best ones in turn, else a round of a plan that is known
to work. A field too big for that to matter (the unplayed pairs are plenty) pays nothing
for it: with 1,024 entrants a round pairs in well under a second
(``python -m bench.swiss_pairing``).
"""

import random
from collections.abc import Mapping, Sequence, Set
from itertools import islice
from typing import NamedTuple

from .entrants import Entrant, require_distinct
from .lookahead import BYE, outlook, surely_pairable, unplayed_graph, without
from .matching import max_weight_matching
from .swiss_matching import PairCosts, pairings_best_first

SEARCH_PAIRINGS = 24


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
    rounds_left: int = 0,
    absent: Set[Entrant] = frozenset(),
) -> SwissDraw:
    """Pair a Swiss round without rematches.

    ``standings_order`` is the current ranking, best first (the seeding before round
    one, when all scores are equal and the pairing is top half v bottom half).
    ``rng_seed``, when given, shuffles entrants within each score group first, e.g.
    for a drawn rather than seeded first round. With an odd field the bye goes to the
    lowest-ranked entrant who has not had one (all have: the lowest-ranked) and for
    whom the rest can still be paired. Those in ``absent`` (no-shows of the round just
    played) come last: one of them has the bye only when nobody else can.

    ``rounds_left`` is how many rounds are still to be paired after this one. The
    round is then the best pairing that leaves every one of them a pairing without a
    rematch or a second bye (see ``lookahead``); the next best pairings are tried in
    turn, and if no pairing can keep the event pairable the best one is drawn anyway.
    Raises ``SwissPairingError`` if no pairing of this round avoids a rematch.
    """
    ranking = require_distinct(standings_order, minimum=2)
    missing = [entrant for entrant in ranking if entrant not in scores]
    if missing:
        raise ValueError(f"No score for {missing[0]!r}")
    order = _pairing_order(ranking, scores, rng_seed)
    candidates = _bye_candidates(ranking, had_bye, absent)
    future = _Future(ranking, played, had_bye, rounds_left)
    for bye in candidates:
        field = [entrant for entrant in order if entrant != bye]
        for pairs in islice(pairings_best_first(field, scores, played), future.tries):
            if future.keeps_pairable(pairs, bye):
                return SwissDraw(pairs, bye)
    planned = future.planned_round(order, candidates, scores)
    if planned is None:
        raise SwissPairingError("Every possible pairing of this round repeats a match")
    return planned


class _Future:
    """What the rounds after this one ask of it.

    Nothing when no round is left, when every pairing leaves enough (a dense graph),
    when none can (too many rounds asked) or when the search for a plan gave up: the
    best pairing is then drawn. Otherwise ``plan`` holds this round and every later
    one, a pairing known to work; the best pairings are checked up to
    ``SEARCH_PAIRINGS`` of them, and the plan's round is the last resort.
    """

    def __init__(
        self, ranking: list[Entrant], played: Set[frozenset], had_bye: Set[Entrant], rounds_left: int
    ) -> None:
        self.rounds_left = rounds_left
        self.graph, self.plan = {}, []
        if rounds_left > 0 and not surely_pairable(ranking, played, had_bye, rounds_left + 1):
            self.graph = unplayed_graph(ranking, played, had_bye)
            self.plan = outlook(self.graph, rounds_left + 1).rounds
        self.tries = SEARCH_PAIRINGS if self.plan else 1

    def keeps_pairable(self, pairs: list[tuple[Entrant, Entrant]], bye: Entrant | None) -> bool:
        if not self.plan:
            return True
        self.tries -= 1
        met = [*pairs, (BYE, bye)] if bye is not None else pairs
        return outlook(without(self.graph, met), self.rounds_left).pairable

    def planned_round(
        self, order: list[Entrant], candidates: list[Entrant | None], scores: Mapping[Entrant, float]
    ) -> SwissDraw | None:
        """The plan's round with the most wanted bye, then the cheapest pairs."""
        if not self.plan:
            return None
        wanted = {bye: number for number, bye in enumerate(candidates)}
        draws = [_planned_draw(order, scores, planned) for planned in self.plan]
        draw, _ = min(draws, key=lambda drawn: (wanted.get(drawn[0].bye, len(wanted)), drawn[1]))
        return draw


def _planned_draw(
    order: list[Entrant], scores: Mapping[Entrant, float], planned: list[tuple[Entrant, Entrant]]
) -> tuple[SwissDraw, int]:
    """A round of the plan as a draw, pairs in pairing order, and its cost."""
    bye = next((a if b is BYE else b for a, b in planned if BYE in (a, b)), None)
    field = [entrant for entrant in order if entrant != bye]
    position = {entrant: number for number, entrant in enumerate(field)}
    pairs = sorted(
        tuple(sorted((position[a], position[b]))) for a, b in planned if BYE not in (a, b)
    )
    return SwissDraw([(field[i], field[j]) for i, j in pairs], bye), PairCosts(field, scores).total(pairs)


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


def _bye_candidates(
    ranking: list[Entrant], had_bye: Set[Entrant], absent: Set[Entrant]
) -> list[Entrant | None]:
    """Who may have the bye, most wanted first: those present, then the absent; in each,
    the lowest-ranked first, and those without a bye only, unless all have had one."""
    if len(ranking) % 2 == 0:
        return [None]
    lowest_first = list(reversed(ranking))
    present = [entrant for entrant in lowest_first if entrant not in absent]
    gone = [entrant for entrant in lowest_first if entrant in absent]
    return _without_a_bye(present, had_bye) + _without_a_bye(gone, had_bye)


def _without_a_bye(entrants: list[Entrant], had_bye: Set[Entrant]) -> list[Entrant]:
    return [entrant for entrant in entrants if entrant not in had_bye] or entrants


def swiss_pairings_least_rematches(
    standings_order: Sequence[Entrant],
    scores: Mapping[Entrant, float],
    meetings: Mapping[frozenset, int],
    had_bye: Set[Entrant],
    absent: Set[Entrant] = frozenset(),
) -> SwissDraw:
    """The round an organiser allows when no pairing avoids a rematch: the fewest rematches,
    then the pairs that met least often, then the usual Swiss preferences. ``meetings``
    counts the matches each pair has played; the bye as in ``swiss_pairings``. Never raises
    for a field of two or more."""
    ranking = require_distinct(standings_order, minimum=2)
    order = _pairing_order(ranking, scores, None)
    bye = _bye_candidates(ranking, had_bye, absent)[0]
    field = [entrant for entrant in order if entrant != bye]
    costs = PairCosts(field, scores)
    repeat = costs.ceiling * len(field)  # one rematch costs more than any other preference
    matching = max_weight_matching(
        (i, j, (len(field) + 1) * repeat - meetings.get(frozenset((field[i], field[j])), 0)
         * repeat - costs.of(i, j))
        for i in range(len(field)) for j in range(i + 1, len(field)))
    return SwissDraw([(field[i], field[j]) for i, j in sorted(map(sorted, matching))], bye)
