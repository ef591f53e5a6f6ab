"""Deciding matches (negra): the tie-break chain's last word on a tie for a place that matters.

When the chain ends with "deciding", partnerships still level after every other criterion,
for a place in the tournament's scope, play it out: two in one match, three or more in a
small knockout among them (``play_off``). Its order settles the tie (``settle``); the places
it leaves level stay level, unless the scope wants them settled too, and then those still
level play another.

Scopes, by the places (1 is first) a tie shares:

- ``qualifying``: the champion's place (1st) and the qualifying cut (places q and q+1 when
  q go through; q is 0 where nobody qualifies);
- ``podium``: any of places 1-3;
- ``every``: any place.
"""

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field

from .entrants import Entrant, require_distinct
from .knockout import knockout_first_round, round_code
from .standings import StandingRow

QUALIFYING, PODIUM, EVERY = "qualifying", "podium", "every"
SCOPES = (QUALIFYING, PODIUM, EVERY)

Results = Mapping[frozenset, Entrant | None]
"""Deciding matches played: the pair that met -> its winner (None: neither, a double forfeit)."""


def ties_to_settle(rows: Sequence[StandingRow], scope: str, qualifying: int = 0,
                   out: Collection[Entrant] = ()) -> list[list[Entrant]]:
    """The groups of entrants sharing a rank whose places include one that matters.

    Places are counted among the entrants not ``out`` (withdrawn: they take no place), and
    a group needs two of those to be a tie; it is returned whole, its ``out`` members too
    (they forfeit their deciding matches), in the rows' order.
    """
    if scope not in SCOPES:
        raise ValueError(f"Unknown deciding scope {scope!r}")
    ties, place = [], 1
    for group in _shared_ranks(rows):
        playing = sum(entrant not in out for entrant in group)
        last = place + playing - 1
        if playing >= 2 and _matters(scope, place, last, qualifying):
            ties.append(group)
        place = last + 1
    return ties


def _shared_ranks(rows: Sequence[StandingRow]) -> list[list[Entrant]]:
    groups: list[list[Entrant]] = []
    for previous, row in zip([None, *rows], rows, strict=False):
        if previous is not None and previous.rank == row.rank:
            groups[-1].append(row.entrant)
        else:
            groups.append([row.entrant])
    return groups


def _matters(scope: str, first: int, last: int, qualifying: int) -> bool:
    if scope == EVERY:
        return True
    if scope == PODIUM:
        return first <= 3
    return first == 1 or first <= qualifying < last


@dataclass(frozen=True)
class PlayOff:
    """Where a small knockout among tied entrants stands.

    ``pending``: the matches of its current round still to play, as (a, b, third place?);
    ``size`` that round's places (2 for the final, 4 for the semi-finals, ...), ``code`` its
    code ("final", "semi_final", ...); ``alone``: two were tied, so it is one match, no
    knockout around it. Once it is over (no match pending),
    ``places``: 1 for the winner, 2 for the final's loser, 3 and 4 from the third-place
    match, the rest by the round they went out in, level among themselves.
    """

    pending: list[tuple[Entrant, Entrant, bool]] = field(default_factory=list)
    size: int = 0
    places: dict[Entrant, int] = field(default_factory=dict)
    alone: bool = False

    @property
    def over(self) -> bool:
        return not self.pending

    @property
    def code(self) -> str:
        return round_code(self.size) if self.size else ""


def play_off(tied: Sequence[Entrant], results: Results) -> PlayOff:
    """The knockout among ``tied`` (best first: byes to the best), from what was played.

    Entrants meet at most once in it, so a result is found by its pair. With four or more,
    the semi-finals' losers play for third place alongside the final.
    """
    field_ = require_distinct(tied, minimum=2)
    slots = [(p.a, p.b) for p in knockout_first_round(field_)]
    reached: dict[Entrant, int] = {}
    won_last: set[Entrant] = set()
    depth, semi_losers = 0, []
    while True:
        matches = [(a, b, False) for a, b in slots if a is not None and b is not None]
        if len(slots) == 1 and len(semi_losers) == 2 and len(field_) >= 4:
            matches.append((*semi_losers, True))
        pending = [m for m in matches if frozenset(m[:2]) not in results]
        if pending:
            return PlayOff(pending=pending, size=2 * len(slots), alone=len(field_) == 2)
        winners = []
        for a, b in slots:
            winner = a if b is None else results[frozenset((a, b))]
            winners.append(winner)
            reached.update((who, depth) for who in (a, b) if who is not None)
        if len(slots) == 1:
            won_last = {results[frozenset(m[:2])] for m in matches} - {None}
            return PlayOff(places=_places(reached, won_last))
        if len(slots) == 2:
            semi_losers = [who for a, b in slots for who in (a, b)
                           if who is not None and b is not None and who not in winners]
        slots = [(first, second) if first is not None else (second, None)
                 for first, second in zip(winners[0::2], winners[1::2], strict=True)]
        depth += 1


def _places(reached: dict[Entrant, int], won_last: set[Entrant]) -> dict[Entrant, int]:
    """Further is better; in the last round (the final, the third-place match) the winner
    is ahead of the one it beat. Equal keys share a place."""
    keys = {who: (depth, who in won_last) for who, depth in reached.items()}
    above = Counter(keys.values())
    return {who: 1 + sum(n for other, n in above.items() if other > key)
            for who, key in keys.items()}


@dataclass(frozen=True)
class Settled:
    """The standings with the deciding matches' order (``rows``, ``order``, as ``rank``
    takes it) and the knockouts still to play for the ties left (``playing``)."""

    rows: list[StandingRow]
    order: dict[Entrant, int]
    playing: list[PlayOff]


def settle(rank_with: Callable[[Mapping[Entrant, int]], list[StandingRow]], scope: str,
           qualifying: int, results: Results, out: Collection[Entrant] = ()) -> Settled:
    """Rank with the order the deciding matches played so far give, tie after tie.

    ``rank_with(order)`` ranks the field with a deciding order. A tie whose knockout is
    over takes its places (after the place its group starts at, so a later knockout among
    those it left level refines the order); then the standings are ranked again, since
    the places that tie leaves level may be another tie that matters.
    """
    order: dict[Entrant, int] = {}
    done: set[frozenset] = set()
    while True:
        rows = rank_with(order)
        playing, moved = [], False
        for tie in ties_to_settle(rows, scope, qualifying, out):
            if frozenset(tie) in done:
                continue  # over, and it left them level (nobody won): they stay so
            off = play_off(tie, results)
            if off.over:
                base = min(order.get(who, 1) for who in tie)
                order.update({who: base + place - 1 for who, place in off.places.items()})
                done.add(frozenset(tie))
                moved = True
            else:
                playing.append(off)
        if not moved:
            return Settled(rows, order, playing)
