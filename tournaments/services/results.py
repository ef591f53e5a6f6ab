"""How results move a tournament: pairings follow their matches, rounds advance, corrections flow."""

from django.db import transaction
from django.utils.translation import gettext as _

from scoring import services as scoring
from scoring.models import Match, RefereeLink
from tournaments import selectors
from tournaments.models import Action, Entry, Pairing, Round, Tournament
from tournaments.presenters import later_matches_lines
from tournaments.services import after_groups, deciding, double, draws, league
from tournaments.services.errors import LaterMatchesStarted, TournamentRefused
from tournaments.services.rows import bump, locked, off_table, reopen, restart


def winner_entry(pairing: Pairing, side: str) -> int | None:
    return {"A": pairing.a_id, "B": pairing.b_id}.get(side)


def follow_match(*, match_id: int, by: int | None = None, link: int | None = None) -> None:
    """After a match's result changed (an outbox step, run after the commit): its pairing
    follows it, and the round advances when it is complete. Idempotent: it brings the pairing
    to what the match says now, so running it twice, late, or after a crash is harmless.
    `by` (an organiser's id) or `link` (a referee link's) made the change: the action log
    names them for what it resets (a round drawn from the result, taken back by an undo).

    It resets the later matches it must: the write itself was refused, before it committed,
    if that meant changing matches drawn from the result without the organiser's word (the
    result guards; a referee's undo, reopening_check). A later match begun since was begun
    on a bracket the write had made stale (a referee's first deal in between, or a referee
    ending again a match just reopened): it starts over, audited, rather than leave the
    bracket telling another story than its matches, as failing here would.

    Locks the tournament only: the match is read as committed, never locked here, so the
    referees' writes (which lock their match alone) never wait on a draw.
    """
    found = (Pairing.objects.filter(match_id=match_id)
             .values_list("pk", "round__tournament_id").first())
    if found is None:
        return  # a friendly match
    tournament = locked(found[1])
    pairing = Pairing.objects.select_related("round", "match").filter(pk=found[0]).first()
    if pairing is None or pairing.walkover or pairing.match_id != match_id:
        return  # taken back with its round, or decided without play, before the lock
    match = pairing.match
    stands = match.result_stands  # a result awaiting confirmation is not followed yet
    winner = winner_entry(pairing, match.winner) if stands else None
    if (pairing.finished, pairing.winner_id) == (stands, winner):
        if pairing.finished:  # a correction that keeps the winner still changes the scores
            bump(tournament)
            _retake_deciding(tournament, pairing, by=by, link=link)
        return
    if pairing.finished and by is not None:  # an organiser changed a result that stood
        Action.objects.create(tournament=tournament, kind=Action.Kind.CORRECTION, user_id=by,
                              what="{} ({}–{})".format(pairing, *match.scoreline))
    left = {} if match.finished else draws.decided(pairing.a_id, pairing.b_id,
                                                   draws.withdrawn_ids(tournament))
    if left:  # reopened, but a side has withdrawn since: it cannot play on (entry_withdraw)
        walkover(tournament, pairing, left["walkover"], withdrawal=True, allow_reset=True,
                 by=by, link=link)
        return
    if stands and pairing.table_id is None and pairing.earlier_table_id:
        # it ended again while it waited for a table: it was played at the one it left
        Pairing.objects.filter(pk=pairing.pk).update(table=pairing.earlier_table_id,
                                                     earlier_table=None)
    set_result(tournament, pairing, finished=stands, winner=winner, allow_reset=True, by=by,
               link=link)
    if not match.finished:
        _back_on_its_table(pairing)


def walkover(tournament: Tournament, pairing: Pairing, present: str, *,
             allow_reset: bool = False, withdrawal: bool = False, by: int | None = None,
             link: int | None = None) -> None:
    """Decide a pairing without play: `present` (A or B) wins, or nobody ("-", both absent
    or withdrawn: a double forfeit); `withdrawal` when the absent side withdrew, else it is
    a no-show. Its match leaves its table, which the pairing still names: taken away when
    empty, abandoned when begun (a partnership withdrew mid-match: its deals are kept on
    record, and the walkover, a full win, is the result; they count for nothing)."""
    off_table(pairing, table_kept=True)
    set_result(tournament, pairing, finished=True, winner=winner_entry(pairing, present),
               walkover=present, withdrawal=withdrawal, allow_reset=allow_reset, by=by,
               link=link)


def match_awaiting(*, match_id: int) -> None:
    """A match ended and its result awaits confirmation: the pages that show results say so
    (the tournament's version is what they are cached by); nothing else moves yet."""
    tournament_id = (Pairing.objects.filter(match_id=match_id)
                     .values_list("round__tournament_id", flat=True).first())
    if tournament_id is not None:
        bump(locked(tournament_id))


def _back_on_its_table(pairing: Pairing) -> None:
    """A reopened match goes back on its table: the table's next match, not begun, goes back
    to waiting for a table (the referee undid the deal that ended the match), and one ended
    since has left it free. Where the table's next match is under way, or one of its
    partnerships is at another table (a league's later leg), it waits for a table instead, as
    a match not begun would (draws.place_waiting)."""
    if not pairing.table_id:
        return
    link = RefereeLink.objects.select_related("match").get(table__pk=pairing.table_id)
    elsewhere = draws.seated_entries(pairing.round.tournament_id, besides=pairing.pk)
    here = link.match_id == pairing.match_id
    if {pairing.a_id, pairing.b_id} & elsewhere or (not here and _under_way(link.match)):
        _wait_for_a_table(pairing, link if here else None)
        return
    if here:
        return
    next_match = link.match
    link.match_id = pairing.match_id
    link.save(update_fields=["match"])
    if next_match is not None and not next_match.state["deals"]:
        # not begun, or every deal of it undone: back to waiting, abandoned if so
        Pairing.objects.filter(match=next_match).update(match=None, table=None)
        scoring.matches_abandon([next_match.pk])


def _under_way(match: Match | None) -> bool:
    """A table's match keeps the table: begun, its result not standing yet (draws.free_tables)."""
    return (match is not None and bool(match.state["deals"])
            and not Pairing.objects.filter(match=match, finished=True).exists())


def _wait_for_a_table(pairing: Pairing, link: RefereeLink | None) -> None:
    """The reopened match leaves its table (`link`, when the table had not moved on) and waits
    for one, keeping the table it was played at for as long as it is not placed again."""
    Pairing.objects.filter(pk=pairing.pk).update(table=None, earlier_table=pairing.table_id)
    if link is not None:
        link.match = link.stopped = None
        link.save(update_fields=["match", "stopped"])
    draws.place_waiting(pairing.round.tournament)


def result_change_guard(match: Match, allow_reset: bool) -> None:
    """Before an organiser's correction of a tournament match commits: refuse it, asking for
    confirmation, when it would take back later matches drawn from the result or change who
    plays them, begun or not, or put a finished tournament back in play (a changed result
    shows what it affects before anything changes)."""
    pairing = Pairing.objects.filter(match=match).select_related("round__tournament").first()
    if pairing is None or pairing.walkover or allow_reset:
        return
    winner = winner_entry(pairing, match.winner) if match.result_stands else None
    later_matches_check(pairing, match.result_stands, winner)


def later_matches_check(pairing: Pairing, finished: bool, winner: int | None) -> None:
    """Refuse, asking for confirmation, to change `pairing`'s result to (finished, winner)
    where that takes back later matches drawn from it or changes who plays them, or puts a
    finished tournament back in play; the organiser confirms with allow_reset. A correction
    and a walkover or withdrawal taken back alike."""
    affected, reteamed = later_affected(pairing, finished, winner)
    tournament = pairing.round.tournament
    if (pairing.finished and not finished
            and tournament.status == Tournament.Status.FINISHED):
        raise scoring.ConfirmationNeeded(
            _("The tournament is over: this correction puts this match back in play."),
            [_("%(tournament)s goes back in play, without a champion, until this match ends "
               "again.") % {"tournament": tournament.name},
             *later_matches_lines(affected, reteamed)])
    if affected:
        raise LaterMatchesStarted(affected, reteamed, begun=any(map(selectors.begun, affected)))


def later_affected(pairing: Pairing, finished: bool,
                   winner: int | None) -> tuple[list[Pairing], set[int]]:
    """The later pairings this result, changed to (finished, winner), changes, begun or not,
    and the ids of those among them kept with other partnerships (the rest are taken back,
    to be drawn again)."""
    tournament = pairing.round.tournament
    if pairing.round.stage == Round.Stage.DOUBLE:
        return double.later_changed(tournament, pairing, finished, winner)
    if pairing.round.stage == Round.Stage.GROUPS:
        found = _group_changes(tournament, pairing, finished, winner)
        return found.later, set(found.reteamed)
    if pairing.finished and (finished, winner) == (True, pairing.winner_id):  # scores alone
        return _deciding_to_retake(tournament, pairing), set()
    later = _later_changes(tournament, pairing, finished, winner)
    if not later or winner is None or pairing.round.stage != Round.Stage.KNOCKOUT:
        return later, set()  # _apply_later_changes takes them all back
    nearest = min(p.round.number for p in later)
    return later, {p.pk for p in later if p.round.number == nearest}


def reopening_check(match: Match) -> str | None:
    """A referee may reopen a finished tournament match (undo its last deal) while the
    tournament is not over and nothing was drawn from its result: a result the tournament
    has gone on from is the organiser's to change (a correction says what it affects)."""
    pairing = Pairing.objects.filter(match=match).select_related("round__tournament").first()
    if pairing is None or pairing.walkover:
        return None
    if pairing.round.tournament.status == Tournament.Status.FINISHED:
        return _("The tournament is over: only its organiser can change this result now.")
    affected, _reteamed = later_affected(pairing, False, None)
    if any(map(selectors.begun, affected)):
        return _("Matches drawn from this result have begun: only the organiser can change "
                 "it now.")
    if affected:
        return _("The next round was drawn from this result: ask the organiser to correct it.")
    return None


scoring.RESULT_GUARDS.append(result_change_guard)
scoring.REOPENING_CHECKS.append(reopening_check)


def set_result(tournament: Tournament, pairing: Pairing, *, finished: bool, winner: int | None,
               walkover: str = "", withdrawal: bool = False, allow_reset: bool = False,
               by: int | None = None, link: int | None = None) -> None:
    """Record a pairing's result, make later rounds follow, and advance when a round ends.
    `withdrawal`: the walkover is given because the absent side withdrew (not a no-show).
    `by` (an organiser's id) or `link` (a referee link's) made it: the log names them."""
    if pairing.round.stage == Round.Stage.DOUBLE:  # no rounds to end: each slot on its own
        double.set_result(tournament, pairing, finished=finished, winner=winner,
                          walkover=walkover, withdrawal=withdrawal, allow_reset=allow_reset,
                          by=by, link=link)
        return
    if pairing.round.stage == Round.Stage.GROUPS:
        follow_up = _follow_groups(tournament, pairing, finished, winner, walkover,
                                   allow_reset=allow_reset, by=by, link=link)
    else:
        follow_up = _later_changes(tournament, pairing, finished, winner)
        if follow_up:
            _apply_later_changes(tournament, pairing, winner, follow_up, allow_reset)
            _log_reset(tournament, follow_up, by, link)
    pairing.finished, pairing.winner_id, pairing.walkover = finished, winner, walkover
    pairing.withdrawal = bool(walkover) and withdrawal
    pairing.save(update_fields=["finished", "winner", "walkover", "withdrawal"])
    bump(tournament)
    if finished:
        if pairing.round.stage == Round.Stage.KNOCKOUT:
            draws.fill_in_next(tournament, pairing.round)
        draws.place_waiting(tournament)
        _advance(tournament)
    elif tournament.status == Tournament.Status.FINISHED:
        reopen(tournament)


def _log_reset(tournament: Tournament, later: list[Pairing], by, link) -> None:
    Action.objects.create(tournament=tournament, kind=Action.Kind.RESET, user_id=by,
                          via_link_id=link, what=", ".join(str(p) for p in later))


def _group_changes(tournament, pairing, finished, winner, walkover="") -> after_groups.Changes:
    """What a group result's change changes after the groups (a first result: nothing)."""
    if not pairing.finished:
        return after_groups.Changes()
    return after_groups.changes(tournament, pairing, finished, winner, walkover)


def _follow_groups(tournament, pairing, finished, winner, walkover="", *, allow_reset,
                   by, link) -> list[Pairing]:
    """The matches drawn after the groups follow a group result's change (after_groups):
    taken back, or re-teamed and played again; the knockout changed, nobody is champion
    until it is played out. The later pairings changed."""
    found = _group_changes(tournament, pairing, finished, winner, walkover)
    under_way = [p for p in found.later if selectors.started(p)]
    if under_way and not allow_reset:
        raise LaterMatchesStarted(under_way)
    if not found:
        return []
    _take_back(found.taken_back)
    if any(p.round.stage == Round.Stage.KNOCKOUT for p in found.later):
        reopen(tournament)
    withdrawn = draws.withdrawn_ids(tournament)
    reteamed = [p for p in found.later if p.pk in found.reteamed]
    for later_pairing in reteamed:
        _reteam(later_pairing, *found.reteamed[later_pairing.pk], withdrawn)
    if reteamed:  # a bye, or a withdrawal's walkover, goes through at once
        draws.fill_in_next(tournament, reteamed[0].round)
    _log_reset(tournament, found.later, by, link)
    return found.later


def _later_changes(tournament, pairing, finished, winner) -> list[Pairing]:
    """The later pairings this result change touches (empty for a first result; in a league
    or the rounds, the deciding matches drawn from its standings, and a Swiss's later rounds
    while none of their matches has begun)."""
    if not pairing.finished:
        return []
    later = list(selectors.pairings(tournament).filter(round__number__gt=pairing.round.number))
    if not later or (finished and winner == pairing.winner_id):
        return []
    if league.is_league(tournament):  # its fixtures hang on no result; a tie's matches do
        return [p for p in later if p.round.stage == Round.Stage.DECIDING]
    if (pairing.round.stage == Round.Stage.KNOCKOUT
            and tournament.draw != Tournament.Draw.REDRAW):
        return _its_path(pairing, later)
    if not finished:
        return later
    if pairing.round.stage == Round.Stage.KNOCKOUT:  # drawn afresh before each round
        nearest = min(p.round.number for p in later)
        loser = pairing.b_id if pairing.winner_id == pairing.a_id else pairing.a_id
        next_ones = [p for p in later if p.round.number == nearest
                     and (pairing.winner_id in (p.a_id, p.b_id)
                          or (p.third_place and loser in (p.a_id, p.b_id)))]
        # The rounds after those were drawn from their results, which are to be played again.
        return next_ones + [p for p in later if p.round.number > nearest] if next_ones else []
    if pairing.round.stage == Round.Stage.DECIDING:
        return later  # the deciding rounds after it, the knockout drawn from them
    swiss_rounds = [p for p in later if p.round.stage != Round.Stage.DECIDING]
    if (tournament.pairing == Tournament.Pairing.SWISS
            and selectors.untouched(swiss_rounds)):
        # a Swiss round drawn from the old winner, nothing played in it yet: drawn again
        # from the corrected standings. Once begun, the rounds stand, as a Swiss's do.
        return later
    return [p for p in later if p.round.stage == Round.Stage.DECIDING]  # drawn for a tie


def _its_path(pairing: Pairing, later: list[Pairing]) -> list[Pairing]:
    """In a fixed bracket, the later pairings fed by `pairing`: the slot its winner goes to in
    each round after (slot 2k's and 2k+1's winners meet in slot k), and a third-place match
    after it, whose semi-finals are on that path (draws._bracket_pairs). The rest of the
    bracket keeps its partnerships, whatever this result."""
    number, slot = pairing.round.number, pairing.slot
    return [p for p in later
            if p.third_place or p.slot == slot >> (p.round.number - number)]


def _retake_deciding(tournament: Tournament, pairing: Pairing, *, by=None, link=None) -> None:
    """A corrected score may make or break a tie: what the standings call for now is drawn
    in place of the deciding matches they no longer call for (_deciding_to_retake); a
    group's may change the knockout too (after_groups)."""
    if pairing.round.stage == Round.Stage.GROUPS:
        later = _follow_groups(tournament, pairing, True, pairing.winner_id, allow_reset=True,
                               by=by, link=link)
    else:
        later = _deciding_to_retake(tournament, pairing)
        if later:
            _undraw(tournament, later)
    _advance(tournament)  # a finished event's standings, and so its champion, may change


def _deciding_to_retake(tournament: Tournament, pairing: Pairing) -> list[Pairing]:
    """The deciding matches drawn after the stage of `pairing`, its score corrected and its
    winner kept, while none has begun and they are no longer the ones its standings call
    for; begun, they stand."""
    stage = pairing.round.stage
    later = [p for p in selectors.pairings(tournament).filter(round__number__gt=pairing.round.number)
             if p.round.stage != stage]
    if (stage != Round.Stage.ROUNDS or not later
            or any(p.round.stage != Round.Stage.DECIDING or selectors.started(p) for p in later)
            or deciding.called_for(tournament, later)):
        return []
    return later


def _apply_later_changes(tournament, pairing, winner, later: list[Pairing], allow_reset):
    under_way = [p for p in later if selectors.started(p)]
    if under_way and not allow_reset:
        raise LaterMatchesStarted(under_way)
    if winner is None or pairing.round.stage != Round.Stage.KNOCKOUT:
        _undraw(tournament, later)
        return
    nearest = min(p.round.number for p in later)
    drawn_after = [p for p in later if p.round.number > nearest]
    if drawn_after:  # drawn again once the re-teamed matches are played
        _undraw(tournament, drawn_after)
    loser = pairing.a_id if winner == pairing.b_id else pairing.b_id
    swap = {pairing.winner_id: winner, winner: loser}
    reopen(tournament)  # the later matches are played again: no champion until they are
    withdrawn = draws.withdrawn_ids(tournament)
    reteamed = [p for p in later if p.round.number == nearest]
    for later_pairing in reteamed:
        _reteam(later_pairing, swap.get(later_pairing.a_id, later_pairing.a_id),
                swap.get(later_pairing.b_id, later_pairing.b_id), withdrawn)
    # a walkover now goes on into the slot taken back after it, as its round's others did
    draws.fill_in_next(tournament, reteamed[0].round)


def _reteam(pairing: Pairing, a: int, b: int | None, withdrawn: frozenset[int]) -> None:
    """A later pairing played again between other partnerships: a walkover where one of them
    has withdrawn since."""
    restart(pairing)
    pairing.a_id, pairing.b_id = a, b
    pairing.save(update_fields=["a", "b"])
    decided = draws.decided(a, b, withdrawn)
    if decided:  # withdrawn since: a walkover, not a match
        Pairing.objects.filter(pk=pairing.pk).update(match=None, table=None, **decided)
        if pairing.match_id:
            scoring.matches_abandon([pairing.match_id])
    elif pairing.match_id:
        entries = Entry.objects.select_related("partnership").in_bulk([a, b])
        scoring.match_change_teams(match=pairing.match, a=entries[a].partnership,
                                   b=entries[b].partnership)


def _undraw(tournament: Tournament, later: list[Pairing]) -> None:
    """Take back rounds drawn from results that no longer stand (they are drawn again later)."""
    _take_back(later)
    reopen(tournament)


def _take_back(later: list[Pairing]) -> None:
    """Take back these later pairings, and their rounds once none is left in them."""
    for pairing in later:
        if pairing.match_id and pairing.match.state["deals"]:  # matches_abandon locks the rest
            restart(pairing)
    Pairing.objects.filter(pk__in=[p.pk for p in later]).delete()
    Round.objects.filter(pk__in={p.round_id for p in later}, pairings__isnull=True).delete()
    scoring.matches_abandon([p.match_id for p in later if p.match_id])


def _advance(tournament: Tournament) -> None:
    """When the last round is complete: draw the next round, or crown the champion. Whichever
    round's result ended it: a match of an earlier round ended again (reopened by a correction
    or an undo, which took back what its round had led to) completes the last one again.

    A finished tournament whose result was corrected crowns again whatever the setting.
    """
    automatic = tournament.auto_advance or tournament.status == Tournament.Status.FINISHED
    if league.is_league(tournament):
        if automatic:
            league_over(tournament)
        return
    last = selectors.last_round(tournament)
    if automatic and selectors.round_is_complete(last):
        try:
            with transaction.atomic():
                drawn = advance(tournament)
                while drawn is not None and selectors.round_is_complete(drawn):
                    drawn = advance(tournament)  # decided at its draw: walkovers, byes
        except TournamentRefused as refused:  # the results stand; the organiser decides
            draw_problem_set(tournament, refused.message)


def advance(tournament: Tournament) -> Round | None:
    if tournament.structure == Tournament.Structure.DOUBLE:
        raise TournamentRefused(_("A double elimination draws no rounds: each match is set "
                                  "as soon as both its partnerships are known."))
    if league.is_league(tournament):  # nothing to draw: the organiser ends a season played
        if not league_over(tournament):
            raise TournamentRefused(_("The season has matches still to play."))
        bump(tournament)
        return None
    current = selectors.last_round(tournament)
    if current is None or not selectors.round_is_complete(current):
        raise TournamentRefused(_("The current round has matches still to finish."))
    drawn = draws.draw_next_round(tournament, current)
    if drawn is None:
        finish(tournament, current)
    draw_problem_set(tournament, "")
    bump(tournament)
    return drawn


def draw_problem_set(tournament: Tournament, problem: str) -> None:
    """Say on the organiser's pages why the next round is not drawn (empty: it is)."""
    if tournament.draw_problem != problem:
        tournament.draw_problem = problem
        Tournament.objects.filter(pk=tournament.pk).update(draw_problem=problem)
        bump(tournament)


def league_over(tournament: Tournament) -> bool:
    """A league's season ends when its last pairing is finished, not its last matchday, since
    a postponed match can come after that; True when it did."""
    if not league.season_complete(tournament):
        return False
    if draws.deciding_round(tournament, None) is not None:
        return False  # a tie that matters is played out first
    finish(tournament, selectors.last_round(tournament))
    return True


def knockout_champion(final: Pairing) -> int | None:
    """The final's winner; its opponent when the winner withdrew before the tournament ended
    (its third-place match still in play), nobody when both did: a withdrawn partnership
    never advances."""
    if final.winner_id is None:
        return None
    winner, loser = (final.a, final.b) if final.winner_id == final.a_id else (final.b, final.a)
    if winner is not None and winner.withdrawn:
        return loser.pk if loser is not None and not loser.withdrawn else None
    return final.winner_id


def finish(tournament: Tournament, last: Round) -> None:
    if last.stage == Round.Stage.DOUBLE:
        double.finish(tournament)
        return
    if last.stage == Round.Stage.KNOCKOUT:
        # the final; or a round that ended it early, double no-shows leaving one winner or none
        finals = list(last.pairings.select_related("a", "b").filter(third_place=False))
        winners = [p.winner_id for p in finals if p.winner_id]
        champion = (knockout_champion(finals[0]) if len(finals) == 1
                    else winners[0] if len(winners) == 1 else None)
    else:
        if league.is_league(tournament):  # every matchday is reached once the season is over
            tournament.rounds.filter(opened=False).update(opened=True)  # (walkovers alone left)
        all_pairings = list(selectors.pairings(tournament))
        ranked = selectors.standings(tournament, all_pairings, selectors.entries(tournament))
        # A withdrawn partnership takes no place (deciding.ties_to_settle): the best still
        # playing is champion, even below a withdrawn one; nobody when all withdrew.
        champion = next((s.entry.pk for s in ranked if not s.entry.withdrawn), None)
    tournament.status, tournament.champion_id = Tournament.Status.FINISHED, champion
    Tournament.objects.filter(pk=tournament.pk).update(status=tournament.status,
                                                       champion_id=champion)

