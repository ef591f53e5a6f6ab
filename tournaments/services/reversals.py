"""The organiser takes back what was decided without play: a no-show's walkover (or double
forfeit) given by mistake, a partnership withdrawn by mistake. The pairing is played after
all, on a table or waiting for one; what was drawn from its result follows, taken back or
re-teamed, shown first and confirmed as a correction of a played result is
(results.later_matches_check)."""

from django.db.models import Q
from django.utils.translation import gettext as _

from scoring import services as scoring
from sueca_club import outbox
from tournaments import selectors
from tournaments.models import Action, Entry, Pairing, Tournament
from tournaments.services import draws, results, rows
from tournaments.services.errors import LaterMatchesStarted, TournamentRefused
from tournaments.services.setup import log, pairing_now


@outbox.service
def pairing_walkover_undo(*, pairing: Pairing, allow_reset: bool = False, by=None) -> None:
    """A no-show's walkover or a double forfeit is taken back: the match is to be played.
    Without `allow_reset`, refused (LaterMatchesStarted, saying which) where later matches
    were drawn from it. A withdrawal's walkover is taken back with the withdrawal
    (entry_reinstate)."""
    tournament = rows.locked(pairing.round.tournament_id)
    pairing = pairing_now(pairing.pk)
    if not pairing.walkover:
        raise TournamentRefused(_("This match has no walkover to take back."))
    if pairing.withdrawal:
        raise TournamentRefused(_("This walkover came from a withdrawal: reinstate the "
                                  "partnership to take it back."))
    if not allow_reset:
        results.later_matches_check(pairing, False, None)
    _back_in_play(tournament, pairing, by=by)
    log(tournament, Action.Kind.TAKE_BACK, by, str(pairing))
    draws.place_waiting(tournament)
    rows.bump(tournament)


@outbox.service
def entry_reinstate(*, entry: Entry, allow_reset: bool = False, by=None) -> None:
    """A partnership withdrawn by mistake plays on: each walkover its withdrawal gave is
    played after all (a match the withdrawal stopped resumes with its deals), or goes to it
    where its opponent has withdrawn too. Without `allow_reset`, refused (saying which)
    where later matches were drawn from those walkovers; refused once the tournament is
    over."""
    tournament = rows.locked(entry.tournament_id)
    entry = Entry.objects.select_related("partnership").get(pk=entry.pk)
    if not entry.withdrawn:
        raise TournamentRefused(_("%(name)s has not withdrawn.")
                                % {"name": entry.partnership.display_name})
    if tournament.status != Tournament.Status.RUNNING:
        raise TournamentRefused(_("The tournament is over: %(name)s can no longer come back.")
                                % {"name": entry.partnership.display_name})
    given = _withdrawal_walkovers(entry)
    withdrawn = draws.withdrawn_ids(tournament) - {entry.pk}
    if not allow_reset:
        _check_later(given, withdrawn)
    Entry.objects.filter(pk=entry.pk).update(withdrawn=False)
    for pk in [p.pk for p in given]:  # each read again: an earlier one may take it back
        pairing = Pairing.objects.filter(pk=pk, withdrawal=True).exclude(walkover="").first()
        if pairing is None:
            continue
        pairing = pairing_now(pk)
        decided = draws.decided(pairing.a_id, pairing.b_id, withdrawn)
        if decided:  # its opponent withdrew too (or a bye): it goes through
            results.set_result(tournament, pairing, finished=True, winner=decided["winner_id"],
                               walkover=decided["walkover"], withdrawal=decided["withdrawal"],
                               allow_reset=True, by=by and by.pk)
        else:
            _back_in_play(tournament, pairing, by=by)
    log(tournament, Action.Kind.REINSTATE, by, entry.partnership.display_name)
    draws.place_waiting(tournament)
    rows.bump(tournament)


def _withdrawal_walkovers(entry: Entry) -> list[Pairing]:
    return list(Pairing.objects.filter(Q(a=entry) | Q(b=entry), withdrawal=True)
                .exclude(walkover="").select_related("round__tournament", "match")
                .order_by("round__number", "slot"))


def _check_later(given: list[Pairing], withdrawn: frozenset[int]) -> None:
    """What taking back these walkovers does to the later matches, all in one refusal."""
    affected, reteamed, own = {}, set(), {p.pk for p in given}
    for pairing in given:
        decided = draws.decided(pairing.a_id, pairing.b_id, withdrawn)
        later, kept = results.later_affected(pairing, bool(decided), decided.get("winner_id"))
        affected.update((p.pk, p) for p in later if p.pk not in own)
        reteamed |= kept
    if affected:
        later = sorted(affected.values(), key=lambda p: (p.round.number, p.slot))
        raise LaterMatchesStarted(later, reteamed, begun=any(map(selectors.begun, later)))


def _back_in_play(tournament: Tournament, pairing: Pairing, *, by=None) -> None:
    """The pairing not played yet: what was drawn from its result follows, and the match a
    withdrawal stopped resumes; off the table its walkover was decided at, until place_waiting
    puts it on a free one."""
    results.set_result(tournament, pairing, finished=False, winner=None, allow_reset=True,
                       by=by and by.pk)
    stopped = pairing.stopped_id
    if stopped is not None:
        scoring.match_resume(stopped)
    Pairing.objects.filter(pk=pairing.pk).update(table=None, stopped=None, match_id=stopped)
