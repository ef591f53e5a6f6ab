"""The referee's phone page at /r/<token>/: enter a deal, confirm what it awards, save, undo.

The token in the address is the referee's authority, not a cookie: whoever knows it may score,
and a page elsewhere that does not know it cannot post here. So the writes take no CSRF token
(as the referee API), and a phone whose token cookie changed (an organiser logging in on it in
another tab) or that keeps no cookies still saves its deals."""

import json
import re
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from scoring import engine, presenters, selectors, services
from scoring.forms.deal import (
    DealForm,
    FirstDealerForm,
    KeyForm,
    RefereeWriteForm,
    ResultConfirmForm,
    UndoForm,
)
from scoring.models import Match, RefereeLink
from sueca_club.compiled import Compiled
from sueca_club.zones import club_zone_activate

STALE = gettext_lazy("This page was out of date, so nothing was saved. Check the score and "
                     "try again.")
SHOWN_AT_INPUT = ("points",)  # the page shows these fields' errors at their box

TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what new_token() makes (URL-safe base64)
# What a write reads with its link: the link, its match (the deal is read by its rules and
# worked out on it before the lock: services.deal_record), who plays (the answer names them),
# not the rest of the partnerships' and players' rows, and whether a tournament plays the
# match (a friendly's deal has no tournament's live scores to bump: tournaments/live.py).
WRITE_READS = ("club_id", "token", "match_id", "table_number", "stopped_id", "label",
               "revoked_at", "created_at", "match__pairing__id",
               *(f"match__{field.name}" for field in Match._meta.concrete_fields),
               *(f"match__{side}__{column}" for side in "ab" for column in (
                   "name", "player_3_id", "player_4_id", "player_1__name", "player_2__name")))


def referee_link(token: str, *, with_match: bool = True) -> RefereeLink:
    """The token's link with its match and who plays it, in the same query; `with_match` (a
    read) also the match's club and round, which the pages show, in the club's zone. A write
    works its deal out on this read and, under the row lock, reads only the match's version
    to check it still stands (services.deal_record)."""
    if not TOKEN.fullmatch(token):  # PostgreSQL cannot even look up text with a NUL in it
        raise Http404("No such referee link.")
    if not with_match:  # a write's read (WRITE_READS), compiled once
        link = WRITE_READ.first(token)
        if link is None:
            raise Http404("No such referee link.")
        return link
    link = get_object_or_404(RefereeLink.objects.select_related(
        *(f"match__{name}" for name in selectors.MATCH_RELATED), "match__pairing__round"),
        token=token)
    if link.match is not None:
        club_zone_activate(link.match.club)
    return link


WRITE_READ = Compiled(lambda token: RefereeLink.objects.select_related(
    "match__pairing", *(f"match__{name}" for name in selectors.TEAMS))
    .only(*WRITE_READS).filter(token=token), sample="compiled-sample-token")


def event_over(link) -> bool:
    """The table's tournament has finished: no match comes to this link any more."""
    if not link.table_number:
        return False
    from tournaments.models import Table, Tournament  # as in presenters.round_title

    return Table.objects.filter(link=link, tournament__status=Tournament.Status.FINISHED).exists()


def stopped_here(link) -> str:
    """Why the table's last match stopped short (a partnership withdrew, its round was drawn
    again or taken back), said while the table waits for its next match; "" otherwise."""
    from tournaments.stopped import stopped_text  # as in presenters.round_title

    return stopped_text(link)


def _render(request, link, template="scoring/referee.html", status=200, **context):
    match = link.match
    context = {"link": link, "match": match, "round_title": presenters.round_title(match),
               "event_over": (match is None or match.finished) and event_over(link),
               "stopped": stopped_here(link), **context}
    if match is not None:
        context["board"] = selectors.board(match)
        context.setdefault("form", DealForm.for_match(match))
        context.setdefault("tally", selectors.tally(match))
        # The offline scorer replays the deals themselves.
        context["scorer_case"] = presenters.scorer_case(match, selectors.active_deal_data(match))
        # ...and refuse an impossible deal in the words the server would use
        context["engine_messages"] = presenters.engine_messages()
        context["undo_refused"] = services.reopening_refused(match)  # None while in play
    return render(request, template, context, status=status)


def _scored_here(link, pk: int | None):
    """The matches among `pk` that this link scores or scored (its own, or its table's)."""
    return (selectors.matches_with_teams().select_related("pairing__round")
            .filter(pk=pk).filter(Q(pk=link.match_id) | Q(pairing__table__link=link)))


def _match_id(text: str | None) -> int | None:
    """The match id a query or a hidden field names, or None (not "²", not 5,000 digits)."""
    if not text or not (text.isascii() and text.isdigit()) or len(text) > 18:
        return None
    return int(text)


def _ended_here(link, after: str | None) -> Match | None:
    """The finished match `?after=<id>` names, if this link scored it (the table's or its own)."""
    pk = _match_id(after)
    return None if pk is None else _scored_here(link, pk).filter(finished=True).first()


def _awaiting(request, link, match: Match):
    """The result of the match that just ended, for a player of the losing side to confirm
    (or to call the organiser, `?dispute=1`); nothing moves on until it is confirmed."""
    response = render(request, "scoring/referee_awaiting.html", {
        "link": link, "match": match, "board": selectors.board(match),
        "tally": selectors.tally(match), "round_title": presenters.round_title(match),
        "result": presenters.result_text(match),
        "form": ResultConfirmForm(initial={"match": match.pk, "version": match.version}),
        "dispute": request.GET.get("dispute") == "1",
        "poll_url": f"{link.get_absolute_url()}?{urlencode({'after': match.pk})}",
    })
    if request.htmx:
        response["HX-Push-Url"] = request.get_full_path()
    return response


def _result(request, link, ended: Match):
    """The match that just ended, until the referee taps through to the table's next match."""
    undoing = services.undo_target(link) == ended.pk
    refused = services.reopening_refused(ended) if undoing else None
    response = render(request, "scoring/referee_result.html", {
        "link": link, "ended": ended, "board": selectors.board(ended),
        "tally": selectors.tally(ended), "ended_round": presenters.round_title(ended),
        "next": link.match if link.match_id != ended.pk else None,
        "round_title": presenters.round_title(link.match if link.match_id != ended.pk else None),
        # its last deal can be taken back while the table's next match has none, unless only
        # the organiser may change its result now (the page says why instead)
        "undoable": undoing and refused is None, "undo_refused": refused,
        "event_over": link.match_id in (None, ended.pk) and event_over(link),
    })
    if request.htmx:  # a boosted save landed here: a reload keeps the result on screen
        response["HX-Push-Url"] = request.get_full_path()
    return response


def _usable(request, token):
    """The link and its match, or the response that says why there is nothing to score."""
    link = referee_link(token)
    if link.revoked:
        return link, render(request, "scoring/referee_closed.html",
                            {"message": services.REVOKE_MESSAGE}, status=403)
    if link.match is None:
        return link, _render(request, link)
    return link, None


def _made_for_another_match(request, link, form, *, undo: bool = False,
                            current: int | None = None):
    """A screen made for an earlier match at this table (than `current`, the table's match
    unless said otherwise): say so, write nothing, and answer with where to go (None: the
    screen is for the match it applies to).

    A save that was recorded before the table moved on (its answer lost) is reported saved,
    and the match it ended shows its result.
    """
    sent_for = form.cleaned_data.get("match")
    if sent_for is None or sent_for == (current or link.match_id):
        return None
    if undo:
        messages.error(request, services.not_here(link=link, match_id=sent_for, action="undo"))
        return redirect(link)
    try:
        answer = services.earlier_answer(match_id=sent_for, key=str(form.cleaned_data["key"]),
                                         link=link, action="deal", deal=form.deal,
                                         trump=form.trump)
    except services.ScoringRefused as refused:
        messages.error(request, refused.message)
        return redirect(link)
    return _saved(request, link, answer)


def _saved(request, link, answer):
    """Say what was saved; after the deal that ended the match, show its result first."""
    payload = json.loads(answer.body)
    tally = payload.get("tally") or []
    if tally:
        text = presenters.saved_deal_text(tally, finished=payload.get("finished"),
                                           fmt=payload["format"])
        messages.success(request, _("Deal saved. %(deal)s.") % {"deal": text},
                         extra_tags="deal-saved")  # the page offers to undo it right there
    else:
        messages.success(request, _("Deal saved."), extra_tags="deal-saved")
    if payload.get("finished"):
        return redirect(f"{link.get_absolute_url()}?{urlencode({'after': payload['id']})}")
    return redirect(link)


def _refused(request, link, form):
    """The entry form again, with every error above it but the points' (shown at their box)."""
    for name in [name for name in form.errors if name not in (NON_FIELD_ERRORS, *SHOWN_AT_INPUT)]:
        # The key, version and match are hidden fields: an error there is a forged or stale page.
        message = (STALE if name in ("key", "version", "match")
                   else f"{form[name].label}: {' '.join(form.errors[name])}")
        if message not in form.non_field_errors():
            form.add_error(None, message)
    return _render(request, link, form=form, status=400)


@never_cache
def page(request, token):
    link, refusal = _usable(request, token)
    if refusal and link.revoked:
        return refusal
    ended = _ended_here(link, request.GET.get("after"))
    if ended is None and link.match is not None and link.match.awaiting_confirmation:
        ended = link.match  # the table's phone waits on its result's confirmation
    if ended is not None and ended.awaiting_confirmation:
        return _awaiting(request, link, ended)
    if ended is not None:
        return _result(request, link, ended)
    if refusal:
        return refusal
    if link.match is not None and "changed" in request.GET:
        return _render(request, link, last_change=selectors.last_change_elsewhere(link.match, link))
    return _render(request, link)


@never_cache
@csrf_exempt
@require_POST
def result_confirm(request, token):
    """A player of the losing side agrees with the result: it stands, the table moves on."""
    link = referee_link(token)
    if link.revoked:
        return render(request, "scoring/referee_closed.html",
                      {"message": services.REVOKE_MESSAGE}, status=403)
    form = ResultConfirmForm(request.POST)
    match = form.is_valid() and _scored_here(link, form.cleaned_data["match"]).first()
    if not match:  # a forged or damaged screen, or another table's match: confirm nothing
        messages.error(request, STALE)
        return redirect(link)
    try:
        services.result_confirm(match_id=match.pk, link=link,
                                expected_version=form.cleaned_data["version"])
    except services.ScoringRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("Result confirmed. Thank you!"))
    return redirect(f"{link.get_absolute_url()}?{urlencode({'after': match.pk})}")


@never_cache
@csrf_exempt
@require_POST
def confirm(request, token):
    """Show what the deal will award; nothing is saved yet."""
    link, refusal = _usable(request, token)
    if refusal and link.revoked:
        return refusal
    named = _match_id(request.POST.get("match"))
    if refusal or named not in (None, link.match_id):
        # The screen was for a match its tournament ended or took back (a withdrawal, a
        # walkover, a correction): say so, rather than show the deal for the table's next one.
        messages.error(request, services.not_here(link=link, match_id=named, action="deal"))
        return redirect(link)
    match = link.match
    form = DealForm.for_match(match, request.POST)
    if not form.is_valid():
        return _refused(request, link, form)
    try:
        preview = services.deal_preview(match=match, deal=form.deal)
    except services.ScoringRefused as refused:
        form.add_error(None, refused.message)
        return _render(request, link, form=form, status=refused.status)
    award = preview.award
    write = RefereeWriteForm.for_match(match, initial={
        **DealForm.from_deal(form.deal.as_dict(), form.trump), "key": KeyForm.new_key(),
        "version": match.version, "match": match.pk})
    return _render(request, link, "scoring/referee_confirm.html", write=write,
                   deal_data=form.deal.as_dict(),
                   counted_text=presenters.counted_text(award, form.deal),
                   award_text=presenters.award_text(
                       award, form.deal, engine.format_from(match.format),
                       (preview.before.partidas, preview.state.partidas)),
                   confirmer=engine.SIDES[1 - engine.SIDES.index(award.side)]
                   if award.side else None)


@never_cache
@csrf_exempt
@require_POST
def record(request, token):
    link, refusal = _usable(request, token)
    if refusal and link.revoked:
        return refusal
    if refusal:  # the table has no match now: the screen was for one that ended or went
        screen = KeyForm(request.POST)
        named = screen.cleaned_data["match"] if screen.is_valid() else None
        made_for = named and Match.objects.filter(pk=named).first()  # its deal, read by its rules
        form = made_for and RefereeWriteForm.for_match(made_for, request.POST)
        if form and form.is_valid():  # saved before, or refused
            return _made_for_another_match(request, link, form)
        messages.error(request, services.not_here(link=link, match_id=named, action="deal"))
        return redirect(link)
    form = RefereeWriteForm.for_match(link.match, request.POST)
    if not form.is_valid():
        return _refused(request, link, form)
    if (elsewhere := _made_for_another_match(request, link, form)) is not None:
        return elsewhere
    try:
        answer = services.deal_record(
            match_id=link.match_id, deal=form.deal, key=str(form.cleaned_data["key"]), link=link,
            trump=form.trump, expected_version=form.cleaned_data["version"],
            opponent_confirmed=link.match.confirm_by_opponent, read=link.match,
        )
    except services.ScoringRefused as refused:
        messages.error(request, refused.message)
        return redirect(link)
    return _saved(request, link, answer)


@never_cache
@csrf_exempt
@require_http_methods(["GET", "POST"])
def undo(request, token):
    link, refusal = _usable(request, token)
    if refusal and link.revoked:
        return refusal
    # the deal that ended a match can be undone too, also when the table has no next match
    target = services.undo_target(link)
    if target is None:
        return refusal
    form = UndoForm(request.POST or None)
    if form.is_bound and not form.is_valid():  # a forged or damaged screen: undo nothing
        messages.error(request, STALE)
        return redirect(link)
    if not form.is_valid():
        undoing = (link.match if target == link.match_id
                   else selectors.matches_with_teams().get(pk=target))
        form = UndoForm(initial={"key": KeyForm.new_key(), "match": target,
                                 "version": undoing.version})
        tally = selectors.tally(undoing)
        return render(request, "scoring/referee_undo.html", {
            "link": link, "match": undoing, "board": selectors.board(undoing), "undo": form,
            "last": tally[-1] if tally else None,
            "refused": services.reopening_refused(undoing)})  # said before the tap
    elsewhere = _made_for_another_match(request, link, form, undo=True, current=target)
    if elsewhere is not None:
        return elsewhere
    try:
        services.deal_undo(match_id=target, key=str(form.cleaned_data["key"]), link=link,
                           expected_version=form.cleaned_data["version"])
    except services.ScoringRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("The last deal was undone."))
    return redirect(link)


@never_cache
@csrf_exempt
@require_POST
def first_dealer(request, token):
    """Who deals first, as the table drew it, tapped before the first deal; or who deals now,
    when the phone names the wrong dealer (each button posts the first dealer that makes its
    player deal now). The same seat sent again (a retry) changes nothing and says so again."""
    link, refusal = _usable(request, token)
    if refusal and link.revoked:
        return refusal
    form = FirstDealerForm(request.POST)
    if not form.is_valid():  # a forged or damaged screen: change nothing
        messages.error(request, STALE)
        return redirect(link)
    if refusal or form.cleaned_data["match"] not in (None, link.match_id):
        messages.error(request, services.not_here(link=link, match_id=form.cleaned_data["match"],
                                                  action="dealer"))
        return redirect(link)
    try:
        match = services.first_dealer_set(match_id=link.match_id, seat=form.cleaned_data["seat"],
                                          link=link, played=form.cleaned_data["played"])
    except services.ScoringRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, presenters.first_dealer_text(match))
    return redirect(link)

