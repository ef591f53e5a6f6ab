"""Double elimination on the site: the pure schedule (formats.double_elimination) kept in step
with the stored pairings.

The schedule is built again from the field fixed at the start (`Tournament.bracket_order`)
whenever it is needed; the stored results (a pairing per slot that was ready, in a round
per schedule round: code "W1", "L2", "GF1", number = the round's place in play order) are
replayed into it. Slots resolved by a bye have no pairing. `sync` runs after every result
change: it makes the stored pairings what the replay says (new pairings for slots that
became ready, other teams or none for slots a correction changed) and crowns the champion
when every slot is resolved.
"""

from django.utils.translation import gettext as _

from scoring import services as scoring
from scoring.models import RefereeLink
from tournaments import notifications, selectors
from tournaments.formats import double_elimination as de
from tournaments.models import Action, Entry, Pairing, Round, Tournament
from tournaments.services import draws
from tournaments.services.errors import LaterMatchesStarted, TournamentRefused
from tournaments.services.rows import bump, off_table, reopen, restart


def schedule_of(tournament: Tournament) -> de.Schedule:
    return de.double_elimination_schedule(tournament.bracket_order,
                                          reset=tournament.bracket_reset)


def round_code(slot_id: str) -> str:
    """The schedule round a slot is in: "W2-1" -> "W2", "GF1" -> "GF1"."""
    return slot_id.split("-")[0]


def slot_of(pairing: Pairing) -> str:
    code = pairing.round.code
    return code if code.startswith("GF") else f"{code}-{pairing.slot + 1}"


def round_codes(schedule: de.Schedule) -> list[str]:
    """The schedule's rounds in play order (a Round's number is its place here, from 1)."""
    return list(dict.fromkeys(round_code(slot.id) for slot in schedule.slots))


def outcome(pairing: Pairing) -> de.Outcome:
    """A finished pairing's result: the side that won, or a double forfeit."""
    if pairing.winner_id is None:
        return de.DOUBLE_FORFEIT
    return "a" if pairing.winner_id == pairing.a_id else "b"


def _holds(state: de.SlotState, pairing: Pairing) -> bool:
    return (state.status in (de.READY, de.PLAYED)
            and (state.a, state.b) == (pairing.a_id, pairing.b_id))


def replay(schedule: de.Schedule, pairings: list[Pairing],
           withdrawn: frozenset[int]) -> tuple[de.State, list[Pairing]]:
    """The state the stored results make, and the pairings it no longer holds (stale);
    `withdrawn` go no further through a bye, unless the slot after it has a pairing
    (de.advance).

    A pairing's result counts only while its slot holds its two entries: after a correction
    upstream, the results of the slots whose sides changed are dropped, one pass at a time
    (each drop can only change later slots), until every result applied is consistent.
    """
    by_slot = {slot_of(p): p for p in pairings}
    played = {slot: outcome(p) for slot, p in by_slot.items() if p.finished}
    begun = {slot: (p.a_id, p.b_id) for slot, p in by_slot.items()}
    while True:
        state = de.advance(schedule, played, withdrawn, begun)
        wrong = [slot for slot in played if not _holds(state.slots[slot], by_slot[slot])]
        if not wrong:
            break
        for slot in wrong:
            del played[slot]
    return state, [p for slot, p in by_slot.items() if not _holds(state.slots[slot], p)]


def state(tournament: Tournament, pairings: list[Pairing], entries: list[Entry]) -> de.State:
    """The event after the stored results, for the pages: `pairings` and `entries` (who has
    withdrawn) as selectors reads them, so the bracket's replay asks nothing more."""
    withdrawn = frozenset(entry.pk for entry in entries if entry.withdrawn)
    return replay(schedule_of(tournament), pairings, withdrawn)[0]


def later_changed(tournament: Tournament, pairing: Pairing, finished: bool,
                  winner: int | None) -> tuple[list[Pairing], set[int]]:
    """The later pairings that giving `pairing` this result would change, begun or not, and
    the ids of those among them kept with other partnerships (the rest are taken back)."""
    pairings = list(selectors.pairings(tournament))
    for stored in pairings:
        if stored.pk == pairing.pk:
            stored.finished, stored.winner_id = finished, winner
    now, stale = replay(schedule_of(tournament), pairings, draws.withdrawn_ids(tournament))
    changed = [p for p in stale if p.pk != pairing.pk]
    return changed, {p.pk for p in changed if now.slots[slot_of(p)].status == de.READY}


def start(tournament: Tournament) -> Round:
    """Fix the field in seed order, put the first matches on, and return the first round."""
    seeded = draws.seeded_field(tournament, selectors.active_entries(tournament))
    if len(seeded) > de.MAX_DOUBLE_ELIMINATION:
        raise TournamentRefused(too_many())
    tournament.bracket_order = [entry.pk for entry in seeded]
    Tournament.objects.filter(pk=tournament.pk).update(bracket_order=tournament.bracket_order)
    sync(tournament)
    return tournament.rounds.get(number=1)


def too_many() -> str:
    return _("A double elimination holds at most %(maximum)s partnerships.") % {
        "maximum": de.MAX_DOUBLE_ELIMINATION}


def set_result(tournament: Tournament, pairing: Pairing, *, finished: bool, winner: int | None,
               walkover: str, allow_reset: bool, by: int | None,
               withdrawal: bool = False, link: int | None = None) -> None:
    pairing.finished, pairing.winner_id, pairing.walkover = finished, winner, walkover
    pairing.withdrawal = bool(walkover) and withdrawal
    pairing.save(update_fields=["finished", "winner", "walkover", "withdrawal"])
    sync(tournament, allow_reset=allow_reset, by=by, link=link)


def sync(tournament: Tournament, *, allow_reset: bool = False, by: int | None = None,
         link: int | None = None) -> None:
    """Bring the stored pairings to what the results say (idempotent).

    Slots now ready get their pairing (a withdrawn entry there gives a walkover at once,
    which may make further slots ready: hence the loop); pairings whose slot now holds
    other entries start over with them, and those whose slot is no longer ready are taken
    back, refused (LaterMatchesStarted) when any had started, unless `allow_reset`.
    """
    schedule = schedule_of(tournament)
    withdrawn = draws.withdrawn_ids(tournament)
    changed: list[Pairing] = []
    while True:
        pairings = list(selectors.pairings(tournament))
        now, stale = replay(schedule, pairings, withdrawn)
        started = [p for p in stale if selectors.started(p)]
        if started and not allow_reset:
            raise LaterMatchesStarted(started)
        if started:
            Action.objects.create(tournament=tournament, kind=Action.Kind.RESET, user_id=by,
                                  via_link_id=link, what=", ".join(str(p) for p in started))
        taken_back = set()
        for pairing in stale:
            if now.slots[slot_of(pairing)].status == de.READY:
                changed.append(_new_teams(pairing, now.slots[slot_of(pairing)], withdrawn))
            else:
                _take_back(pairing)
                taken_back.add(pairing.pk)
        held = {slot_of(p) for p in pairings if p.pk not in taken_back}
        created = _create(tournament, schedule, [slot for slot in now.ready if slot not in held],
                          now, withdrawn)
        changed += created
        if not stale and not created:
            break
    tournament.rounds.filter(pairings__isnull=True).delete()
    if changed:
        notifications.pairings_changed(changed)
    draws.place_waiting(tournament)
    _crown(tournament, now)
    bump(tournament)


def _create(tournament, schedule, slot_ids: list, now: de.State, withdrawn) -> list[Pairing]:
    """The pairings of the slots that became ready, in their rounds (made as needed): a few
    statements however many (the first round of a big field)."""
    if not slot_ids:
        return []
    numbers = {code: index + 1 for index, code in enumerate(round_codes(schedule))}
    codes = {round_code(slot_id) for slot_id in slot_ids}
    rounds = {r.code: r for r in tournament.rounds.filter(number__in=[numbers[c] for c in codes])}
    Round.objects.bulk_create([
        Round(tournament=tournament, number=numbers[code], stage=Round.Stage.DOUBLE, code=code)
        for code in sorted(codes - set(rounds), key=numbers.get)])
    rounds = {r.code: r for r in tournament.rounds.filter(number__in=[numbers[c] for c in codes])}
    return Pairing.objects.bulk_create([
        Pairing(round=rounds[round_code(slot_id)], slot=schedule.by_id[slot_id].index,
                a_id=now.slots[slot_id].a, b_id=now.slots[slot_id].b,
                **draws.decided(now.slots[slot_id].a, now.slots[slot_id].b, withdrawn))
        for slot_id in slot_ids])


def _new_teams(pairing: Pairing, held: de.SlotState, withdrawn) -> Pairing:
    """A pairing whose slot holds other entries now: it starts over with them, on its table
    when its match is still there (a withdrawn entry among them gives a walkover at once)."""
    restart(pairing)
    decided = draws.decided(held.a, held.b, withdrawn)
    on_its_table = (pairing.match_id and not decided
                    and RefereeLink.objects.filter(match_id=pairing.match_id).exists())
    if on_its_table:
        entries = Entry.objects.select_related("partnership").in_bulk([held.a, held.b])
        scoring.match_change_teams(match=pairing.match, a=entries[held.a].partnership,
                                   b=entries[held.b].partnership)
    else:
        off_table(pairing)
    Pairing.objects.filter(pk=pairing.pk).update(a_id=held.a, b_id=held.b, **decided)
    return pairing


def _take_back(pairing: Pairing) -> None:
    """A pairing whose slot is no longer ready (a correction upstream): it is not played."""
    restart(pairing)
    off_table(pairing)
    pairing.delete()


def _crown(tournament: Tournament, now: de.State) -> None:
    """A finished event has its champion (none after a double forfeit in a final); a
    corrected one reopens, and crowns again once it is finished again."""
    if now.finished:
        if (tournament.status, tournament.champion_id) != (Tournament.Status.FINISHED,
                                                           now.champion):
            tournament.status, tournament.champion_id = Tournament.Status.FINISHED, now.champion
            Tournament.objects.filter(pk=tournament.pk).update(status=tournament.status,
                                                               champion_id=now.champion)
    elif tournament.status == Tournament.Status.FINISHED:
        reopen(tournament)


def finish(tournament: Tournament) -> None:
    """The organiser closes it: only once every slot is resolved (it then is already)."""
    now = replay(schedule_of(tournament), list(selectors.pairings(tournament)),
                 draws.withdrawn_ids(tournament))[0]
    if not now.finished:
        raise TournamentRefused(_("The current round has matches still to finish."))
    _crown(tournament, now)
