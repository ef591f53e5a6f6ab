"""What a changed group result changes in the matches drawn after the groups.

A result counts in its own group alone: another group's deciding matches never follow it.
Its group's deciding matches stand while its corrected standings call for the same ones;
the knockout is drawn again from the corrected standings, and only the matches whose
partnerships that draw changes are played again, re-teamed, with the matches drawn from
them taken back (draws.fill_in_next draws them again as their slots end).
"""

from dataclasses import dataclass, field

from tournaments import selectors
from tournaments.models import Pairing, Round, Tournament
from tournaments.services import draws
from tournaments.services.errors import TournamentRefused


@dataclass
class Changes:
    """The later pairings to take back, and those kept with other partnerships (id: a, b)."""

    taken_back: list[Pairing] = field(default_factory=list)
    reteamed: dict[int, tuple[int, int | None]] = field(default_factory=dict)
    later: list[Pairing] = field(default_factory=list)  # all the affected, in round order

    def __bool__(self) -> bool:
        return bool(self.later)


def changes(tournament: Tournament, pairing: Pairing, finished: bool, winner: int | None,
            walkover: str = "") -> Changes:
    """What the group pairing `pairing`'s result, changed to (finished, winner), changes."""
    all_pairings = list(selectors.pairings(tournament))
    corrected = next(p for p in all_pairings if p.pk == pairing.pk)
    corrected.finished, corrected.winner_id, corrected.walkover = finished, winner, walkover
    own = [p for p in all_pairings
           if p.round.stage == Round.Stage.DECIDING and p.group == pairing.group]
    knockout = [p for p in all_pairings if p.round.stage == Round.Stage.KNOCKOUT]
    without_own = [p for p in all_pairings if p not in own]
    if own and finished and _called_for(tournament, without_own, own, pairing.group):
        own, without_own = [], all_pairings
    if not knockout:
        return _changes(own, {})
    if not finished or _pending(tournament, without_own, pairing.group):
        return _changes(own + knockout, {})
    try:
        drawn = draws.knockout_draw_after_groups(tournament, without_own)
    except TournamentRefused:
        return _changes(own + knockout, {})
    first = min(p.round.number for p in knockout)
    slots = {p.slot: p for p in knockout if p.round.number == first}
    if set(slots) != set(range(len(drawn))):
        return _changes(own + knockout, {})
    reteamed = {slots[slot].pk: (d.a, d.b) for slot, d in enumerate(drawn)
                if (slots[slot].a_id, slots[slot].b_id) != (d.a, d.b)}
    changed = [p for p in slots.values() if p.pk in reteamed]
    return _changes(own + _downstream(tournament, knockout, first, changed), reteamed, changed)


def _changes(taken_back: list[Pairing], reteamed: dict, kept: list[Pairing] = ()) -> Changes:
    """`kept`: the pairings `reteamed` names, played again with other partnerships."""
    later = sorted([*taken_back, *kept], key=lambda p: (p.round.number, p.third_place, p.slot))
    return Changes(taken_back, reteamed, later)


def _called_for(tournament, pairings, own: list[Pairing], group: str) -> bool:
    """Do the corrected standings call for the deciding matches `own` drawn for `group`?"""
    first = min(p.round.number for p in own)
    return ({frozenset((a, b)) for a, b, _third in _pending(tournament, pairings, group)}
            == {frozenset((p.a_id, p.b_id)) for p in own if p.round.number == first})


def _pending(tournament, pairings, group: str) -> list[tuple]:
    """The deciding matches `group`'s standings on `pairings` call for next."""
    members = [e for e in selectors.entries(tournament) if e.group == group]
    return [pair for off in selectors.deciding_settled(tournament, pairings, members,
                                                       Round.Stage.GROUPS, group).playing
            for pair in off.pending]


def _downstream(tournament, knockout: list[Pairing], first: int,
                changed: list[Pairing]) -> list[Pairing]:
    """The knockout pairings drawn from the results of `changed` (first-round pairings): in a
    bracket, the slot each feeds, round after round, and a third-place match fed by a
    semi-final among them; redrawn each round, every later round."""
    slots = {p.slot for p in changed}
    later = []
    for number in sorted({p.round.number for p in knockout if p.round.number > first}):
        if not slots:
            break
        drawn = [p for p in knockout if p.round.number == number]
        if tournament.draw == Tournament.Draw.REDRAW:
            later += drawn
            continue
        slots = {slot // 2 for slot in slots}
        later += [p for p in drawn if p.slot in slots or p.third_place]
    return later
