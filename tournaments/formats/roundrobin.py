"""Round robin by the circle method: once (everyone meets everyone), or twice (a league).

A round is a matchday: everyone plays at most once in it. With an odd field each round
has one bye, ``(entrant, None)``, and each entrant sits out once per round robin.
"""

from collections.abc import Iterable, Sequence

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


def double_round_robin(entrants: Sequence[Entrant]) -> list[list[Pair]]:
    """Rounds of a double round robin (home and away): each pair meets twice.

    The second half is the first played again in the same order with the sides
    swapped (a pair's two meetings are a half apart, never on consecutive matchdays,
    as mirroring the order would make them at the turn). Each pair is once ``(x, y)``
    and once ``(y, x)``; a bye stays ``(entrant, None)``, so with an odd field each
    entrant has one bye in each half.
    """
    first = round_robin(entrants)
    return first + [[_swapped(pair) for pair in day] for day in first]


def matchdays(n: int, *, legs: int = 1) -> list[list[tuple[int, int | None]]]:
    """The matchdays of a league of ``n`` entrants numbered 1..n (seeds or draw numbers).

    ``legs`` 1 is a single round robin, 2 a double one (``double_round_robin``);
    matchday 1 comes first. A caller maps the numbers to its entrants.
    """
    if legs not in (1, 2):
        raise ValueError(f"A league has one or two legs, not {legs}")
    field = range(1, n + 1)
    return round_robin(field) if legs == 1 else double_round_robin(field)


def sitting_out(field: Iterable[Entrant],
                pairs: Iterable[tuple[Entrant, Entrant | None]]) -> list[Entrant]:
    """Who of ``field`` sits out a round of ``pairs``: in none of them, in ``field``'s order.

    A stored round robin keeps no bye (``(entrant, None)`` is dropped when a round is
    stored), so the round's sit-out is whoever of its field it does not name; a bye pair
    that is given names its entrant as sitting out.
    """
    playing = {side for pair in pairs if pair[1] is not None for side in pair}
    return [entrant for entrant in field if entrant not in playing]


def _swapped(pair: Pair) -> Pair:
    return pair if pair[1] is None else (pair[1], pair[0])
