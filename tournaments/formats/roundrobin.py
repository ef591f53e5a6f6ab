"""Round robin (everyone meets everyone once) by the circle method."""

from collections.abc import Sequence

from .entrants import Entrant, require_distinct

Pair = tuple[Entrant, Entrant | None]


def round_robin(entrants: Sequence[Entrant]) -> list[list[Pair]]:
    """Rounds of a single round robin, each a list of pairs.

    Circle method: the first entrant stays put, the others turn one place a round.
    With an odd field a bye (None) joins, so each round one entrant sits out, as
    ``(entrant, None)``. An even field of n takes n-1 rounds, an odd one n rounds.
    The fixed entrant alternates sides so nobody is always named first.
    """
    field: list[Entrant | None] = list(require_distinct(entrants, minimum=2))
    if len(field) % 2:
        field.append(None)
    fixed, ring = field[0], field[1:]
    rounds = []
    for number in range(len(ring)):
        table = [fixed, *ring]
        pairs = [(table[i], table[-1 - i]) for i in range(len(table) // 2)]
        if number % 2:
            pairs[0] = pairs[0][::-1]
        rounds.append([_bye_last(pair) for pair in pairs])
        ring = ring[-1:] + ring[:-1]
    return rounds


def _bye_last(pair: tuple[Entrant | None, Entrant | None]) -> Pair:
    return (pair[1], None) if pair[0] is None else pair
