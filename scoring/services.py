"""Every write to a match: one function, one transaction, the engine's replay stored as a cache."""

import contextlib
import copy
import functools
from dataclasses import dataclass

from django.db import IntegrityError, connection, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import engine
from scoring.models import AuditEntry, Deal, Match, RefereeLink, RefereeRequest
from scoring.selectors import TEAMS, match_payload, playing_now
from sueca_club import fastjson, outbox
from sueca_club.compiled import (
    Compiled,
    Insert,
    ReadyInsert,
    ReadyUpdate,
    Unless,
    Update,
    run_all,
    run_if,
    writes_alone,
)
from sueca_club.digests import digest

# A change of a match's result (it finished, or a finished one changed or reopened) is the
# event "match_result": its steps (the tournament's next round, the ratings, the result
# emails) run after the commit (sueca_club/outbox.py). Before an organiser's correction
# commits, each guard may refuse it: `guard(match, allow_reset)` raises ConfirmationNeeded
# when the correction would change later matches drawn from the result, begun or not.
RESULT_GUARDS: list = []
# A referee's undo of the deal that ended a match reopens it; each check may leave that to the
# organiser: `check(match)` returns why (a tournament over, later matches drawn), or None.
REOPENING_CHECKS: list = []
# The last statement of a scoring write (a deal, an undo, a correction, a confirmation), in its
# transaction: `note(match)` gives the statement (SQL, parameters, the match's id the last of
# them) that tells what shows the match's score that it changed (a tournament's live pages:
# tournaments/live.py), or None. A plain deal sends it with its rows (_deal_alone). A
# tournament's own services, which also change matches (a draw, a reset), bump the
# tournament instead: they never call it.
SCORES_CHANGED: list = []
# Why a match a table's phone still shows is gone from the table, when its tournament can say:
# `reason(link, match_id)` gives it in words (a no-show's walkover: tournaments/stopped.py),
# or "". A write the phone made for it is refused with it (not_here).
TAKEN_AWAY: list = []


def _scores_changed(match) -> None:
    for statement in _notes(match):
        with connection.cursor() as cursor:
            cursor.execute(*statement)


def _notes(match) -> list[tuple[str, list]]:
    return [statement for note in SCORES_CHANGED if (statement := note(match))]


class ScoringRefused(Exception):
    """A write that changes nothing, with a message for the person who asked."""

    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class ConfirmationNeeded(ScoringRefused):
    """The change is possible but changes other matches (`affected`, a line each round):
    ask, then pass allow_reset."""

    status = 409

    def __init__(self, message: str, affected: list[str]):
        super().__init__(message)
        self.affected = affected


class MatchFinished(ScoringRefused):
    status = 409


class StaleScore(ScoringRefused):
    status = 409


NO_MORE_DEALS = gettext_lazy("This match is finished: no more deals.")


class LinkRevoked(ScoringRefused):
    status = 403


class FirstDealerFixed(ScoringRefused):
    status = 409


class KeyReused(ScoringRefused):
    """An Idempotency-Key sent again with another request: refused, nothing written."""

    status = 422


def engine_message(error: engine.SuecaError) -> str:
    return _(error.template) % error.params


def rules_and_format(match: Match) -> tuple[engine.Rules, engine.Format]:
    return engine.rules_from(overrides=match.rules), engine.format_from(match.format)


def replay(match: Match, deals: list[engine.Deal]) -> engine.MatchState:
    rules, fmt = rules_and_format(match)
    return engine.replay(rules, fmt, match.first_dealer, deals)


def active_deals(match: Match) -> list[Deal]:
    return list(match.deals.filter(active=True).order_by("number"))


# What _store writes on a match that exists (a new one is saved whole).
STORED_FIELDS = ["state", "tally", "finished", "winner", "games_a", "games_b", "finished_at",
                 "version", "result_confirmed_at", "updated_at", "dealt_at"]


STORE = Update(Match, STORED_FIELDS)


def _store(match: Match, state: engine.MatchState, tally: list[dict], *,
           allow_reset: bool | None = None, by=None, link: RefereeLink | None = None) -> None:
    """Cache the engine's state and the tally of the deals that made it on the match row, bump
    its version and, when the result changed, record what follows it. `allow_reset` is None
    for a referee's write; True or False for an organiser's, who may have confirmed resetting
    later matches. `by` (an organiser) or `link` (a referee's) made the write: what follows
    names them.

    A match whose result needs confirming (`confirm_result`): the deal that ends it leaves
    the result awaiting the losing side's word, and nothing follows it yet ("match_awaiting"
    only refreshes the pages); an organiser's write that leaves it finished confirms it (the
    organiser's word is the confirmation); a match that is reopened needs confirming again.
    "match_result" is emitted when the result stands, or stood before this write.
    """
    was_finished, stood = match.finished, match.result_stands
    _set_state(match, state, tally, allow_reset)
    _save_state(match, was_finished, stood, allow_reset=allow_reset, by=by, link=link)


def _save_state(match: Match, was_finished: bool, stood: bool, *,
                allow_reset: bool | None = None, by=None, link: RefereeLink | None = None
                ) -> None:
    """_store's write, of a state set on the match that was finished (`was_finished`) and whose
    result stood (`stood`) before it."""
    if match.pk is None:
        match.save()
    else:
        STORE.save(match)
    _state_saved(match, was_finished, stood, allow_reset=allow_reset, by=by, link=link)


def _state_saved(match: Match, was_finished: bool, stood: bool, *,
                 allow_reset: bool | None = None, by=None,
                 link: RefereeLink | None = None) -> None:
    """What follows _save_state's write (see _store)."""
    if (match.finished or was_finished) and allow_reset is not None:
        for guard in RESULT_GUARDS:
            guard(match, allow_reset)
    if match.result_stands or stood:
        outbox.emit("match_result", match_id=match.pk, version=match.version,
                    allow_reset=bool(allow_reset), by=by and by.pk, link=link and link.pk)
    elif match.awaiting_confirmation:
        outbox.emit("match_awaiting", match_id=match.pk)


def _set_state(match: Match, state: engine.MatchState, tally: list[dict],
               allow_reset: bool | None = None) -> None:
    """The engine's state and tally on the row, and a new version (saved by the caller)."""
    match.state = state.stored()
    match.tally = tally
    match.finished = state.finished
    match.winner = state.winner or ""
    match.games_a, match.games_b = state.games
    if state.finished and match.finished_at is None:
        match.finished_at = timezone.now()
    elif not state.finished:
        match.finished_at = None
    if not state.finished:
        match.result_confirmed_at = None
    elif match.confirm_result and allow_reset is not None and match.result_confirmed_at is None:
        match.result_confirmed_at = timezone.now()
    match.version += 1


def _score(state: engine.MatchState) -> dict:
    return {"games": list(state.games), "partidas": list(state.partidas)}


def _locked(match_id: int, read: Match | None = None,
            link: RefereeLink | None = None) -> Match:
    """The match, its row locked until the transaction ends (not its partnerships' rows).

    `link`: the referee link the write came through, read before the lock; it is read again
    under it, so that a write that waited while the organiser renewed the link is refused
    (referee_link_revoke locks the match too).

    `read`: the same match, read just before with who plays it; its partnerships and players
    are taken from there when they are still the match's, and the lock reads the match's row
    alone (on SQLite, the lock is the database's one writer: the less it does, the more deals
    a second it takes)."""
    if read is None or read.pk != match_id:
        match = LOCKED_WITH_TEAMS.first(match_id)
    else:
        match = LOCKED.first(match_id)
        if match is not None and (match.a_id, match.b_id) == (read.a_id, read.b_id):
            match.a, match.b = read.a, read.b
    # None: its tournament took it away, deal-less, while this waited
    if match is None or match.abandoned_at is not None:
        raise MatchFinished(str(ABANDONED_MESSAGE))
    _check_link(link)
    return match


def _still_at(match_id: int, version: int) -> bool:
    """Lock the match's row as _locked does, and say whether it still has `version`: then a
    write worked out on that version before the lock stands as it is (every write of a match
    bumps its version), and the row is not read again. Its link is not read here: see
    _deal_write."""
    row = LOCKED_VERSION.first(match_id)
    if row is None or row[1] is not None:  # as in _locked
        raise MatchFinished(str(ABANDONED_MESSAGE))
    return row[0] == version


def _check_link(link: RefereeLink | None) -> None:
    if link is not None and REVOKED.exists(link.pk):
        raise LinkRevoked(str(REVOKE_MESSAGE))


def _unless_revoked(link: RefereeLink | None) -> Unless | None:
    """_check_link's question, asked by run_all with a write's rows."""
    return link and Unless(REVOKED, link.pk, LinkRevoked(str(REVOKE_MESSAGE)))


# The reads of every scoring write, compiled once (sueca_club/compiled.py). No key update: the
# rows that point at the match (its rating changes, written by a rating meanwhile) lock its key
# alone, and neither waits for the other.
_MATCHES = Match.objects.select_for_update(of=("self",), no_key=True)
SAMPLE_ID = -4_242_424_242
LOCKED = Compiled(lambda pk: _MATCHES.filter(pk=pk), sample=SAMPLE_ID)
LOCKED_VERSION = Compiled(
    lambda pk: _MATCHES.filter(pk=pk).values_list("version", "abandoned_at"), sample=SAMPLE_ID)
LOCKED_WITH_TEAMS = Compiled(lambda pk: _MATCHES.select_related(*TEAMS).filter(pk=pk),
                             sample=SAMPLE_ID)
REVOKED = Compiled(lambda pk: RefereeLink.objects.filter(pk=pk, revoked_at__isnull=False),
                   sample=SAMPLE_ID)


ABANDONED_MESSAGE = gettext_lazy("This match was abandoned by its tournament: it takes no more "
                                 "deals or changes.")


def _lock_rows(match_ids: list[int]) -> None:
    """Lock these matches' rows as a scoring write locks its match (_locked), in id order."""
    list(Match.objects.select_for_update(no_key=True).filter(pk__in=match_ids).order_by("pk")
         .values_list("pk", flat=True))


def matches_abandon(match_ids: list[int]) -> None:
    """Matches a tournament no longer plays (their round taken back, or their pairing decided
    without play), inside its transaction: off their tables; deleted when they never had a
    deal, abandoned otherwise (kept for their deals, in play nowhere, closed to writes).

    Their rows are locked first, as a deal's write locks its match: a first deal written
    meanwhile is seen (its match abandoned, not deleted under it), and a deal that waited
    for the lock finds its match gone or abandoned (_locked), never a 500."""
    _lock_rows(match_ids)
    RefereeLink.objects.filter(match_id__in=match_ids).update(stopped=models.F("match"), match=None)
    Match.objects.filter(pk__in=match_ids, deals__isnull=True).delete()
    now = timezone.now()
    Match.objects.filter(pk__in=match_ids).update(abandoned_at=now, updated_at=now,
                                                  version=models.F("version") + 1)


def match_resume(match_id: int) -> None:
    """A match a tournament abandoned is in play again, with its deals (a withdrawal taken
    back), inside its transaction: open to writes, for its pairing to put on a table."""
    _lock_rows([match_id])
    Match.objects.filter(pk=match_id).update(abandoned_at=None, updated_at=timezone.now(),
                                             version=models.F("version") + 1)


def require_partnerships_fit(rules: engine.Rules, partnerships) -> None:
    """The double pack is played by partnerships of four, the single pack by pairs: refuse
    any other, naming it (a match's two sides, a tournament's entries)."""
    size = rules.pack.players // 2
    wrong = (_("%(name)s is two players: the double pack is played by partnerships of four.")
             if size == 4 else
             _("%(name)s is four players: a partnership of four plays only with the double "
               "pack."))
    for partnership in partnerships:
        if len(partnership.players) != size:
            raise ScoringRefused(wrong % {"name": partnership.display_name})


class PlayersBusy(ScoringRefused):
    """A new match's partnership or player is in another match in play: said, and the match
    started only when asked again (that one may have been left unfinished)."""


@transaction.atomic
def match_create(*, club, a, b, rules: engine.Rules, fmt: engine.Format, first_dealer: int,
                 confirm_by_opponent: bool = False, confirm_result: bool = False, by=None,
                 with_link: bool = True, allow_busy: bool = False) -> Match:
    """A new match; a friendly gets its own referee link, a tournament's uses its table's.
    Refused (PlayersBusy) where one who plays it is in another match in play, unless
    `allow_busy`: a TV would show them at two tables at once."""
    require_partnerships_fit(rules, [a, b])
    if not allow_busy and (busy := playing_now(club=club, partnerships=[a, b])):
        raise PlayersBusy(" ".join(_busy_text(match, [a, b]) for match in busy))
    match = new_match(club=club, a=a, b=b, rules=rules, fmt=fmt, first_dealer=first_dealer,
                      confirm_by_opponent=confirm_by_opponent, confirm_result=confirm_result,
                      by=by)
    match.save()
    if with_link:
        RefereeLink.objects.create(club=club, match=match)
    return match


def _busy_text(match: Match, partnerships: list) -> str:
    """Who of `partnerships` plays `match` too: a partnership as itself, else its players."""
    ours = {player.pk for partnership in partnerships for player in partnership.players}
    sides = [side for side in (match.a, match.b) if side in partnerships]
    named = {player.pk for side in sides for player in side.players}
    who = [side.display_name for side in sides] + [
        player.name for side in (match.a, match.b) for player in side.players
        if player.pk in ours - named]
    words = {"who": ", ".join(who), "a": match.a.display_name, "b": match.b.display_name,
             "table": match.table}
    if match.table is None:
        return _("%(who)s: already in %(a)s – %(b)s, which has not finished.") % words
    return _("%(who)s: already in %(a)s – %(b)s at table %(table)s, which has not "
             "finished.") % words


def new_match(*, club, a, b, rules: engine.Rules, fmt: engine.Format, first_dealer: int | None,
              confirm_by_opponent: bool = False, confirm_result: bool = False,
              by=None) -> Match:
    """A match not saved yet, with the engine's state before its first deal: match_create
    saves one, a tournament putting a round on its tables saves them all at once. A
    `first_dealer` of None: not chosen yet (first_dealer_set), seat 0 until it is."""
    match = Match(club=club, a=a, b=b, rules=rules.as_dict(), format=fmt.as_dict(),
                  first_dealer=first_dealer or 0, first_dealer_chosen=first_dealer is not None,
                  confirm_by_opponent=confirm_by_opponent, confirm_result=confirm_result,
                  created_by=by, version=0)
    _set_state(match, engine.new_match(rules, fmt, match.first_dealer), [])
    return match


@dataclass(frozen=True)
class Answer:
    """What a referee write answered; a retry with the same key gets exactly this back."""

    status: int
    body: str  # JSON text, byte for byte what the first answer sent


def _requests(match_id: int, link: RefereeLink | None, key: str):
    """Where a key is looked up: a referee link's keys are its own for its whole life (a
    retry gets its first answer whatever match the table plays now); without a link, the
    match's."""
    if link is not None:
        return RefereeRequest.objects.filter(link=link, key=key)
    return RefereeRequest.objects.filter(match_id=match_id, link=None, key=key)


REQUEST_INSERT = Insert(RefereeRequest)


def _payload_text(match: Match) -> str:
    """A keyed write's answer: the match as the API gives it, with its whole tally."""
    return fastjson.dumps(match_payload(match))


def _remember(match: Match, link: RefereeLink | None, key: str, action: str, asked: str,
              answer: Answer) -> Answer:
    REQUEST_INSERT.create(match=match, link=link, key=key, action=action, asked=asked,
                          status=answer.status, body=answer.body)
    return answer


# What a keyed write asks, from its arguments: the deal as the form read it (so neither the
# JSON's spacing nor its key order counts), who deals first; an undo asks nothing more.
ASKED = {
    "deal": lambda *, deal, trump="", **_: {"deal": deal.as_dict(), "trump": trump},
    "undo": lambda **_: {},
    "dealer": lambda *, seat, **_: {"seat": seat},
}


def asked_digest(action: str, **request) -> str:
    return digest({"action": action, **ASKED[action](**request)})


def _first_answer(first: RefereeRequest, action: str, asked: str) -> Answer:
    """The answer a key's first write got, for a retry of it: the same action, asking the
    same (a row from before `asked` was kept is taken at its key's word)."""
    if first.action != action:
        raise ScoringRefused(str(KEY_USED_FOR[first.action]))
    if first.asked and first.asked != asked:
        raise KeyReused(str(KEY_REUSED[action]))
    return Answer(first.status, first.body)


def _once_per_key(action: str):
    """A referee write (`action`: "deal", "undo" or "dealer") done at most once per key, its key looked
    up only when the write fails.

    A retry of a write that was done fails one way or the other: the state the first one left
    refuses it (the match finished, the score moved on, no deal left to undo), or it is done
    again and the key's unique constraint refuses it as it is remembered, its own work rolled
    back whole. Either way it answers what the first answered. Two copies at once (the table
    moved on between them) are the second case: the second one's key clashes when the first
    commits. A key first sent with the other action, or with another deal or seat (ASKED), is
    a phone's mistake: refused, not taken for a retry. `write` gets the digest to keep."""
    def decorator(write):
        @functools.wraps(write)
        def once(*, key: str, match_id: int, link: RefereeLink | None = None,
                 **kwargs) -> Answer:
            asked = asked_digest(action, **kwargs)
            try:
                return write(key=key, match_id=match_id, link=link, asked=asked, **kwargs)
            except (IntegrityError, ScoringRefused):
                first = _requests(match_id, link, key).first()
                if first is None:
                    raise
                return _first_answer(first, action, asked)
        return once
    return decorator


KEY_USED_FOR = {
    "deal": gettext_lazy("This Idempotency-Key was already sent with a deal: make a new key "
                         "for each deal and each undo."),
    "undo": gettext_lazy("This Idempotency-Key was already sent with an undo: make a new key "
                         "for each deal and each undo."),
    "dealer": gettext_lazy("This Idempotency-Key was already sent with who deals first: make a "
                           "new key for each deal, each undo and each choice of who deals first."),
}
# An undo asks nothing but to undo: its key is never reused for another.
KEY_REUSED = {
    "deal": gettext_lazy("This Idempotency-Key was already used for a different deal: nothing "
                         "was recorded. Send a new key for a new deal."),
    "dealer": gettext_lazy("This Idempotency-Key was already used for a different choice of who "
                           "deals first: nothing was changed. Send a new key for a new choice."),
}


@dataclass(frozen=True)
class Preview:
    before: engine.MatchState
    state: engine.MatchState
    award: engine.Award


def deal_preview(*, match: Match, deal: engine.Deal) -> Preview:
    """What `deal` would award and the state after it, without saving (the confirmation step).

    The next deal is applied to the state cached on the row: no deal is read, nothing replayed.
    """
    if match.finished:
        raise MatchFinished(str(NO_MORE_DEALS))
    rules, fmt = rules_and_format(match)
    before = engine.state_from(match.state)
    try:
        after = engine.apply(rules, fmt, before, deal, before.deals_played)
    except engine.DealError as error:
        raise ScoringRefused(engine_message(error)) from error
    return Preview(before, after, engine.Award.between(before, after))


DEAL_INSERT, AUDIT_INSERT = Insert(Deal), Insert(AuditEntry)


@dataclass(frozen=True)
class _DealAsked:
    """A deal as a write asks for it: what its rows are made of besides the match."""

    deal: engine.Deal
    key: str
    asked: str
    link: RefereeLink | None
    user: object
    trump: str
    opponent_confirmed: bool
    expected_version: int | None


@dataclass(frozen=True)
class _DealPlan:
    """What a deal does to the match as read at `version`: `match` is a copy with its state
    after the deal (not saved); its rows (the deal, the match's update, the audit entry and
    the key's answer, `body`) are made ready to write, so the lock is held for the writes."""

    match: Match
    version: int
    was_finished: bool
    stood: bool
    deal: ReadyInsert
    store: ReadyUpdate
    audit: ReadyInsert
    request: ReadyInsert
    body: str


def _deal_plan(match: Match, asked: _DealAsked) -> _DealPlan:
    # A stale deal first: when another deal ended the match meanwhile, the table compares it.
    if asked.expected_version is not None and asked.expected_version != match.version:
        raise StaleScore(_stale_deal_message(match))
    preview = deal_preview(match=match, deal=asked.deal)  # then a finished match says so
    # After the last active deal (a voided one leaves a gap that numbers keep): the tally,
    # kept with the deals, names it; the database refuses a number taken twice.
    number = match.tally[-1]["number"] + 1 if match.tally else 1
    row = engine.tally_row(engine.rules_from(overrides=match.rules), number, asked.deal,
                           preview.before, preview.state)
    after = copy.copy(match)
    after.dealt_at = timezone.now()  # a new deal: the TV highlights its table (scoring/tv.py)
    _set_state(after, preview.state, [*match.tally, row])
    data, body = asked.deal.as_dict(), _payload_text(after)
    link, user = asked.link, asked.user
    return _DealPlan(
        after, match.version, match.finished, match.result_stands,
        deal=DEAL_INSERT.ready(match=after, number=number, data=data, trump=asked.trump,
                               created_by=user, via_link=link,
                               opponent_confirmed=asked.opponent_confirmed),
        store=STORE.ready(after),
        audit=AUDIT_INSERT.ready(match=after, action=AuditEntry.Action.RECORDED, user=user,
                                 via_link=link, before=_score_of(match),
                                 after={"deal": data, **_score(preview.state)}),
        request=REQUEST_INSERT.ready(match=after, link=link, key=asked.key, action="deal",
                                     asked=asked.asked, status=201, body=body),
        body=body)


@_once_per_key("deal")
def deal_record(*, match_id: int, deal: engine.Deal, key: str, asked: str,
                link: RefereeLink | None = None, user=None, trump: str = "",
                expected_version: int | None = None, opponent_confirmed: bool = False,
                read: Match | None = None) -> Answer:
    """Append a deal. Serialised per match by a row lock; the key makes retries harmless.

    `read`: the match as read just before, with who plays it (see _locked). What the deal
    does is worked out on it before the lock, and written as it is when the match still has
    its version under the lock: the lock (on SQLite, the database's one writer) is held for
    the writes alone. Otherwise, or when that read would refuse the deal, it is worked out
    again on the locked row, which decides."""
    write = _DealAsked(deal, key, asked, link, user, trump, opponent_confirmed,
                       expected_version)
    plan = None
    if read is not None and read.pk == match_id and expected_version in (None, read.version):
        with contextlib.suppress(ScoringRefused):  # the locked row decides
            plan = _deal_plan(read, write)
    if plan is not None and _deal_alone(plan, write):
        return Answer(201, plan.body)
    return _deal_write(match_id, write, read, plan)


def _deal_alone(plan: _DealPlan, asked: _DealAsked) -> bool:
    """Write a deal that neither ends its match nor follows its end (nothing follows it but
    its live pages' bump), its match's row first and only when it still has the version the
    plan was made on: on PostgreSQL in one statement of its own, no transaction begun, no lock
    asked first (two round trips a post, not six); on SQLite in the one writer's turn, with
    nothing read first (five statements, not seven). False when it wrote nothing, for
    _deal_write to decide under the lock: the match moved on, its tournament abandoned it, or
    the link was revoked (a revocation bumps the match's version: a statement that waited for
    it sees that)."""
    if plan.match.finished:
        return False
    with contextlib.nullcontext() if writes_alone() else outbox.writing():
        return run_if(plan.store, {"version": plan.version, "abandoned_at": None},
                      plan.deal, plan.audit.pointing("deal", plan.deal), plan.request,
                      unless=_unless_revoked(asked.link), then=_notes(plan.match))


@outbox.service
def _deal_write(match_id: int, asked: _DealAsked, read: Match | None,
                plan: _DealPlan | None) -> Answer:
    if plan is None or not _still_at(match_id, plan.version):
        plan = _deal_plan(_locked(match_id, read), asked)
    match = plan.match
    # The link is read again with the deal's rows, under the lock (see _locked): on
    # PostgreSQL in the statement that writes them, one round trip fewer.
    run_all(plan.deal, plan.store, plan.audit.pointing("deal", plan.deal), plan.request,
            unless=_unless_revoked(asked.link))
    _state_saved(match, plan.was_finished, plan.stood, link=asked.link)
    _scores_changed(match)
    return Answer(201, plan.body)


def _stale_deal_message(match: Match) -> str:
    """Why a deal made on a version of the match it no longer has is refused, named by what
    changed it last: another deal, a correction, a void, an undo, a reset or who deals."""
    last = _last_change(match)
    if last.get("action") == AuditEntry.Action.FIRST_DEALER:
        return _("Who deals was changed meanwhile. Check who deals, then enter this deal "
                 "again.")
    meanwhile = _meanwhile(match, last)
    if match.finished:  # what changed it ended it: nothing to enter again
        return f"{meanwhile} {NO_MORE_DEALS}"
    return _("%(meanwhile)s Check the score, then enter this deal again if it is still due.") % {
        "meanwhile": meanwhile}


def _last_change(match: Match) -> dict:
    return match.audit.order_by("-id").values("action", "deal__number").first() or {}


def _meanwhile(match: Match, last: dict | None = None) -> str:
    """What changed the match last, said as what happened meanwhile (a deal, an undo...)."""
    last = _last_change(match) if last is None else last
    meanwhile = STALE_BECAUSE.get(last.get("action"), STALE_BECAUSE[AuditEntry.Action.RECORDED])
    return meanwhile % {"number": last.get("deal__number")}


NOTHING_TO_UNDO = gettext_lazy("There is no deal to undo.")
STALE_BECAUSE = {
    AuditEntry.Action.RECORDED: gettext_lazy("Another deal was recorded on this match "
                                             "meanwhile."),
    AuditEntry.Action.CORRECTED: gettext_lazy("Deal %(number)s of this match was corrected "
                                              "meanwhile."),
    AuditEntry.Action.VOIDED: gettext_lazy("Deal %(number)s of this match was voided meanwhile."),
    AuditEntry.Action.UNDONE: gettext_lazy("The last deal of this match was undone meanwhile."),
    AuditEntry.Action.RESET: gettext_lazy("This match was reset meanwhile."),
    AuditEntry.Action.FIRST_DEALER: gettext_lazy("Who deals was changed meanwhile."),
    AuditEntry.Action.LINK_REVOKED: gettext_lazy("A referee link of this match was renewed "
                                                 "meanwhile."),
}


@outbox.service
def result_confirm(*, match_id: int, link: RefereeLink | None = None, user=None,
                   expected_version: int | None = None) -> Match:
    """A player of the losing side (through the table's referee link) or the organiser
    confirms a match's result: it stands, and what follows a result runs (the tournament's
    next round). Harmless when it stands already: a retry, or the organiser was first.
    Who may confirm is the caller's check (the link's table, or the club's organiser)."""
    match = _locked(match_id, link=link)
    if not match.finished:
        raise ScoringRefused(_("This match is not finished: there is no result to confirm."))
    if not match.awaiting_confirmation:
        return match
    if expected_version is not None and expected_version != match.version:
        raise StaleScore(_("The result changed meanwhile: check it, then confirm again."))
    match.result_confirmed_at = timezone.now()
    match.version += 1
    match.save(update_fields=["result_confirmed_at", "version", "updated_at"])
    AuditEntry.objects.create(match=match, action=AuditEntry.Action.CONFIRMED, user=user,
                              via_link=link, before=_score_of(match), after=_score_of(match))
    outbox.emit("match_result", match_id=match.pk, version=match.version, allow_reset=False,
                by=user and user.pk, link=link and link.pk)
    _scores_changed(match)
    return match


@outbox.service
def first_dealer_set(*, match_id: int, seat: int, link: RefereeLink | None = None,
                     user=None, played: int | None = None) -> Match:
    """Who dealt the first deal, as the table drew it (RULES.md, "Dealing order"): the table's
    referee (through `link`) or the organiser (`user`) says so, before the first deal or, when
    the site names the wrong dealer, later (a table that says who deals now tells who dealt
    first: engine.first_dealer_for). The match is replayed from that seat, its deals keep
    their scores, and its version bumps, so every page that shows it names the new dealer.
    Harmless when that seat deals first already (a retry). Refused once the match is over,
    and when `played` (the deals the screen showed) is no longer the match's count: a screen
    made before a deal was recorded names its choice for another deal. Who may choose is the
    caller's check (the link's match, or the club's organiser)."""
    return _first_dealer_change(match_id=match_id, seat=seat, link=link, user=user,
                                played=played)


@_once_per_key("dealer")
@outbox.service
def first_dealer_record(*, match_id: int, seat: int, key: str, asked: str,
                        link: RefereeLink | None = None) -> Answer:
    """first_dealer_set sent with an Idempotency-Key, as the phone's offline queue sends it
    (static/js/offline.js: kept in order with the deals, sent before the deals entered after
    it): a retry gets the first answer back, even once the deals that followed it are
    recorded; a choice first sent once the match is over is refused (FirstDealerFixed)."""
    match = _first_dealer_change(match_id=match_id, seat=seat, link=link)
    return _remember(match, link, key, "dealer", asked,
                     Answer(200, _payload_text(match)))


def _first_dealer_change(*, match_id: int, seat: int, link: RefereeLink | None = None,
                         user=None, played: int | None = None) -> Match:
    match = _locked(match_id, link=link)
    rules, fmt = rules_and_format(match)
    try:
        engine.new_match(rules, fmt, seat)  # a seat of this pack's, or refused
    except engine.SuecaError as error:
        raise ScoringRefused(engine_message(error)) from error
    if match.finished:
        raise FirstDealerFixed(str(FIRST_DEALER_FIXED))
    if played is not None and played != len(match.state["deals"]):
        raise StaleScore(str(DEALT_SINCE))
    if seat == match.first_dealer and match.first_dealer_chosen:
        return match
    state, tally = engine.replay_tally(rules, fmt, seat, [
        (deal.number, engine.deal_from(deal.data)) for deal in active_deals(match)])
    players = match.players
    # seat 0 before anyone chose was no one's choice: the history says none was made
    before = ({"first_dealer": match.first_dealer, "dealer": players[match.first_dealer].name}
              if match.dealer_known else {})
    after = {"first_dealer": seat, "dealer": players[seat].name}
    if match.state["deals"]:  # the table said who deals now: the history says so
        coming = {"next_deal": len(match.state["deals"]) + 1}
        before |= {**coming, "now": players[match.state["next_dealer"]].name}
        after |= {**coming, "now": players[state.next_dealer].name}
    match.first_dealer, match.first_dealer_chosen = seat, True
    _set_state(match, state, tally)
    match.save(update_fields=[*STORED_FIELDS, "first_dealer", "first_dealer_chosen"])
    AuditEntry.objects.create(match=match, action=AuditEntry.Action.FIRST_DEALER, user=user,
                              via_link=link, before=before, after=after)
    _scores_changed(match)
    return match


FIRST_DEALER_FIXED = gettext_lazy("This match is over: who deals can no longer be changed.")
DEALT_SINCE = gettext_lazy("A deal was recorded since this screen was shown: who deals was not "
                           "changed. Look at who deals now and choose again.")


EARLIER_MATCH = {
    "deal": gettext_lazy("This deal was entered for an earlier match at this table: "
                         "it was not recorded."),
    "undo": gettext_lazy("That undo was for an earlier match at this table: "
                         "nothing was undone."),
    "dealer": gettext_lazy("That screen was for an earlier match at this table: who deals "
                           "first was not changed."),
}
ANOTHER_MATCH = {
    "deal": gettext_lazy("This deal was entered for another match: it was not recorded."),
    "undo": gettext_lazy("That undo was for another match: nothing was undone."),
    "dealer": gettext_lazy("That screen was for another match: who deals first was not "
                           "changed."),
}


NOT_DONE = {
    "deal": gettext_lazy("This deal was not recorded."),
    "undo": gettext_lazy("Nothing was undone."),
    "dealer": gettext_lazy("Who deals first was not changed."),
}


def not_here(*, link: RefereeLink, match_id: int | None, action: str) -> str:
    """Why a write made for `match_id`, not the link's match now, is refused: made for a
    match of this table's that the organiser gave as a walkover before it began, for an
    earlier match of this link's, or for another match altogether (a match the screen does
    not name was the table's, which has none now)."""
    why = match_id is not None and next(
        (why for reason in TAKEN_AWAY if (why := reason(link, match_id))), None)
    if why:
        return f"{why} {NOT_DONE[action]}"
    if match_id is not None and match_id == link.stopped_id:  # a withdrawal, a round taken back
        return str(ABANDONED_MESSAGE)
    earlier = match_id is None or _was_links(link, match_id)
    return str((EARLIER_MATCH if earlier else ANOTHER_MATCH)[action])


def _was_links(link: RefereeLink, match_id: int) -> bool:
    """`match_id` is or was scored through `link`: its match, the one its tournament stopped,
    one its table played, or, for a table's link, one gone from the table (a tournament
    deletes a match it takes off a table before its first deal). A friendly's link only ever
    has its own match."""
    if match_id in (link.match_id, link.stopped_id):
        return True
    if link.table_number is None:
        return False
    match = Match.objects.filter(pk=match_id)
    return not match.exists() or match.filter(models.Q(pairing__table__link=link) | models.Q(
        pk__in=RefereeRequest.objects.filter(link=link).values("match_id"))).exists()


def earlier_answer(*, match_id: int, key: str, link: RefereeLink, action: str,
                   **request) -> Answer:
    """The first answer to a write (`deal`, `undo` or `dealer`, asking `request`: ASKED) sent
    for `match_id`, a match `link` has moved on from.

    A phone that kept a deal while offline may send it after its table moved on to the next
    match; a phone whose answer was lost retries with the same key. If the write was done,
    the retry gets its first answer back; if not, it is refused, and never done on the
    table's new match.
    """
    answered = kept_answer(key=key, link=link, action=action, match_id=match_id, **request)
    if answered is None:
        raise MatchFinished(not_here(link=link, match_id=match_id, action=action))
    return answered


def kept_answer(*, key: str, link: RefereeLink, action: str, match_id: int | None = None,
                **request) -> Answer | None:
    """The first answer to the write `action` sent through `link` with `key` (for
    `match_id`, when the phone named it), or None when none was done: a retry gets it back
    whatever became of its match."""
    first = RefereeRequest.objects.filter(link=link, key=key, action=action)
    if match_id is not None:
        first = first.filter(match_id=match_id)
    first = first.first()
    return first and _first_answer(first, action, asked_digest(action, **request))


def names_changed(partnership_ids: list[int]) -> None:
    """Partnerships or their players were renamed: their matches count as changed, so the
    club's TV and every scoreboard (whose ETags name the last change), finished ones too, show
    the names as they are now. The TV takes a finished match by when it finished (on_the_tv),
    so this brings back none."""
    Match.objects.filter(models.Q(a_id__in=partnership_ids) | models.Q(b_id__in=partnership_ids)
                         ).update(updated_at=timezone.now())


def _score_of(match: Match) -> dict:
    return {"games": match.state["games"], "partidas": match.state["partidas"]}


@_once_per_key("undo")
@outbox.service
def deal_undo(*, match_id: int, key: str, asked: str, link: RefereeLink | None = None,
              user=None, read: Match | None = None,
              expected_version: int | None = None) -> Answer:
    """Take back the last deal of a match (the referee's undo); audited. `read`: see
    _locked (the table's match; the one just finished when the undo is for that one).
    `expected_version`: the version the undo screen showed; refused when the match changed
    since, so that the deal taken back is the one the screen named."""
    match = _locked(match_id, read, link)
    if expected_version is not None and expected_version != match.version:
        raise StaleScore(_("%(meanwhile)s Nothing was undone: check the score, then undo "
                           "again if a deal is still wrong.") % {"meanwhile": _meanwhile(match)})
    current = active_deals(match)
    if not current:
        raise ScoringRefused(str(NOTHING_TO_UNDO))
    if (why := reopening_refused(match)) is not None:
        raise MatchFinished(why)
    # Undoing the deal that ended the match reopens it: the guards refuse it too when a later
    # match was drawn from the result meanwhile (a referee never changes other matches).
    _supersede(match, current, {current[-1].pk: None}, action=AuditEntry.Action.UNDONE, user=user,
               link=link, allow_reset=False if match.finished else None)
    return _remember(match, link, key, "undo", asked,
                     Answer(200, _payload_text(match)))


def reopening_refused(match: Match) -> str | None:
    """Why a referee may not take back the deal that ended this match, or None (also for a
    match not finished). A result its losing side confirmed, or one a tournament has gone on
    from, is the organiser's to change (a correction, which says what it resets)."""
    if not match.finished:
        return None
    if match.confirm_result and match.result_confirmed_at is not None:
        return _("This result was confirmed: only the organiser can change it now.")
    return next((why for check in REOPENING_CHECKS if (why := check(match))), None)


def undo_target(link: RefereeLink) -> int | None:
    """The match a referee's undo takes a deal back from: the one the link scores now; or,
    while that has no deal yet, the one the table just finished (its last deal was entered
    through this link), so that the deal that ended a match can be taken back too."""
    if link.match_id and Deal.objects.filter(match_id=link.match_id, active=True).exists():
        return link.match_id
    previous = (RefereeRequest.objects.filter(link=link, action="deal", status=201)
                .exclude(match_id=link.match_id).order_by("-id")
                .values_list("match_id", flat=True).first())
    return previous or link.match_id


@outbox.service
def deal_correct(*, deal: Deal, replacement: engine.Deal, reason: str, user,
                 allow_reset: bool = False) -> Deal:
    """An organiser's correction: the deal is replaced in place and the match replayed."""
    match = _locked(deal.match_id)
    return _supersede(match, active_deals(match), {deal.pk: replacement},
                      action=AuditEntry.Action.CORRECTED, user=user, reason=reason,
                      allow_reset=allow_reset)[0]


@outbox.service
def deals_correct(*, match_id: int, replacements: dict[int, engine.Deal], reason: str, user,
                  allow_reset: bool = False) -> list[Deal]:
    """An organiser corrects several deals of a match at once (`replacements` by deal id):
    one replay, so a result changed by two corrections never stands half-changed between
    them (4-0 to 0-4 was 2-2 in play, the match back on its table, what was drawn from it
    taken back, until the second)."""
    match = _locked(match_id)
    return _supersede(match, active_deals(match), replacements,
                      action=AuditEntry.Action.CORRECTED, user=user, reason=reason,
                      allow_reset=allow_reset)


@outbox.service
def deal_void(*, deal: Deal, reason: str, user, allow_reset: bool = False) -> None:
    """An organiser voids a deal that should never have been recorded."""
    match = _locked(deal.match_id)
    _supersede(match, active_deals(match), {deal.pk: None}, action=AuditEntry.Action.VOIDED,
               user=user, reason=reason, allow_reset=allow_reset)


def match_reset(*, match_id: int, user, reason: str) -> Match:
    """Void every deal of a match (inside the caller's transaction): it starts again from 0-0.
    One not begun is left as it is, and locked all the same: the caller may then change who
    plays it, which no deal recorded meanwhile could make wrong."""
    match = _locked(match_id)
    if not match.state["deals"]:
        return match
    before = _score_of(match)
    match.deals.filter(active=True).update(active=False)
    rules, fmt = rules_and_format(match)
    state = engine.new_match(rules, fmt, match.first_dealer)
    _store(match, state, [])
    AuditEntry.objects.create(match=match, action=AuditEntry.Action.RESET, user=user,
                              reason=reason, before=before, after=_score(state))
    return match


def match_change_teams(*, match: Match, a, b) -> None:
    """Put other partnerships on a match that has no deal (a bracket that follows a correction)."""
    if match.deals.filter(active=True).exists():
        raise ScoringRefused(_("This match has started: reset it before changing who plays."))
    Match.objects.filter(pk=match.pk).update(a=a, b=b, version=models.F("version") + 1)


def _supersede(match: Match, current: list[Deal], changes: dict[int, engine.Deal | None], *,
               action, user=None, link=None, reason: str = "",
               allow_reset: bool | None = None) -> list[Deal]:
    """Drop (None) or replace active deals, by id, replay the match once, store the state and
    audit each change; the new deals. Refused whole when one deal is no longer active, or a
    deal would no longer be possible."""
    active = {deal.pk: deal for deal in current}
    if not changes or not set(changes) <= set(active):
        raise ScoringRefused(_("That deal was already corrected or undone."))
    deals = [(deal.number, engine.deal_from(deal.data) if deal.pk not in changes
              else changes[deal.pk]) for deal in current]
    rules, fmt = rules_and_format(match)
    kept = [(number, deal) for number, deal in deals if deal is not None]
    try:
        state, tally = engine.replay_tally(rules, fmt, match.first_dealer, kept)
    except engine.DealError as error:  # named by its number: a void leaves a gap in them
        raise ScoringRefused(
            _("That would make deal %(number)s wrong. %(reason)s")
            % {"number": kept[error.index][0], "reason": engine_message(error)}
        ) from error
    score_before, score_after = _score_of(match), _score(state)
    if match.state["winner"] != state.winner:  # the games alone may not say so (card points)
        score_before["result"], score_after["result"] = match.state["winner"], state.winner
    Deal.objects.filter(pk__in=changes).update(active=False)
    made = []
    for pk, replacement in changes.items():
        target = active[pk]
        new = None
        if replacement is not None:
            new = Deal.objects.create(match=match, number=target.number,
                                      data=replacement.as_dict(), trump=target.trump,
                                      replaces_id=target.pk, created_by=user)
            made.append(new)
        AuditEntry.objects.create(match=match, action=action, deal=new or target, user=user,
                                  via_link=link, reason=reason,
                                  before={"deal": target.data, **score_before},
                                  after={"deal": new.data if new else None, **score_after})
    _store(match, state, tally, allow_reset=allow_reset, by=user, link=link)
    _scores_changed(match)
    return made


@transaction.atomic
def referee_link_revoke(*, link: RefereeLink, user) -> RefereeLink:
    """Revoke a token; if it belonged to a match, a fresh link replaces it. The match's row is
    locked first, as a referee's write locks it, and its version bumped (a deal written alone
    checks the version, not the link, once it has waited: _deal_alone): a write through the
    old link is recorded before the revocation, or refused after it (_locked)."""
    if link.match_id:
        Match.objects.filter(pk=link.match_id).update(version=models.F("version") + 1)
    link.revoked_at = timezone.now()
    link.save(update_fields=["revoked_at"])
    if link.match_id:
        AuditEntry.objects.create(match_id=link.match_id, action=AuditEntry.Action.LINK_REVOKED,
                                  user=user)
    return RefereeLink.objects.create(club_id=link.club_id, match_id=link.match_id,
                                      table_number=link.table_number, label=link.label)


REVOKE_MESSAGE = gettext_lazy("This referee link was revoked. Ask the organiser for the new one.")
