"""Organiser pages of a match: start one, follow it, its referee link, correct or void deals."""

import io
from dataclasses import dataclass

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from scoring import presenters, selectors, services
from scoring.forms.deal import DealForm, FirstDealerForm, ResultConfirmForm
from scoring.forms.match import CorrectionForm, MatchForm, ReasonForm, RecordedDealForm
from scoring.models import Deal, Match, RefereeLink
from scoring.views.referee import STALE
from sueca_club.permissions import club_for, owned_or_404
from sueca_club.snapshot import consistent_reads


@login_required
def match_new(request, club_slug):
    club = club_for(request.user, club_slug)
    form = MatchForm(request.POST or None, club=club)
    busy = False
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            match = services.match_create(
                club=club, a=data["a"], b=data["b"], rules=form.rules, fmt=form.fmt,
                first_dealer=form.seat, confirm_by_opponent=data["confirm_by_opponent"],
                by=request.user, allow_busy=data["start_anyway"],
            )
        except services.PlayersBusy as refused:
            form.add_error(None, refused.message)
            busy = True
        else:
            messages.success(request, _("Match created. Put the QR code on the table."))
            _say_if_the_deal_goes_round_unevenly(request, form.rules, form.fmt)
            return redirect("manage:match", match.pk)
    return render(request, "scoring/manage/match_new.html",
                  {"club": club, "form": form, "busy": busy})


def _say_if_the_deal_goes_round_unevenly(request, rules, fmt) -> None:
    """A fixed number of deals that is not a multiple of the players at the table (4, or 8
    with the double pack) is allowed, a house's choice, but some then deal more than others."""
    players = rules.pack.players
    if fmt.type == "fixed_deals" and fmt.deals % players:
        messages.warning(request, ngettext(
            "%(deals)s deal does not go round the table evenly: some players deal once more "
            "than others. A multiple of %(players)s deals lets every player deal equally.",
            "%(deals)s deals do not go round the table evenly: some players deal once more "
            "than others. A multiple of %(players)s deals lets every player deal equally.",
            fmt.deals) % {"deals": fmt.deals, "players": players})


def _owned_match(request, match_id: int) -> Match:
    return owned_or_404(selectors.matches_with_teams(), request.user, pk=match_id)


def _own_link(match: Match) -> RefereeLink | None:
    """A friendly match's own referee link; a tournament match is scored from its table's card."""
    return match.referee_links.filter(revoked_at=None, table_number=None).order_by("-id").first()


def _current_link(match: Match) -> RefereeLink:
    link = _own_link(match)
    if link is None:
        raise Http404("This match has no referee link.")
    return link


@dataclass(frozen=True)
class DealRow:
    """One recorded deal as the organiser sees it; only active deals have a dealer and games."""

    deal: Deal
    status: str  # "active", "corrected" (replaced by a newer record) or "withdrawn"
    dealer: str = ""
    games: tuple[int, int] | None = None
    set_end: presenters.SetEnd | None = None  # in game sets, the set this deal ended


def _deal_rows(match: Match) -> list[DealRow]:
    """Every deal record, superseded ones included, in order; the tally says what each gave."""
    deals = list(match.deals.order_by("number", "id"))
    tally = iter(presenters.deal_tally(match))
    replaced = {deal.replaces_id for deal in deals}
    rows = []
    for deal in deals:
        if deal.active:
            row = next(tally)
            rows.append(DealRow(deal, "active", row.dealer, row.games, row.set_end))
        else:
            rows.append(DealRow(deal, "corrected" if deal.pk in replaced else "withdrawn"))
    return rows


@login_required
@consistent_reads
def match(request, match_id):
    match = _owned_match(request, match_id)
    board = selectors.board(match)
    link = _own_link(match)
    return render(request, "scoring/manage/match.html", {
        "match": match,
        "board": board,
        "referee_url": link and request.build_absolute_uri(link.get_absolute_url()),
        "deals": _deal_rows(match),
        "audit": selectors.audit_for(match),
        "tournament": _tournament_of(match),
    })


def _tournament_of(match: Match):
    """The tournament a match is played in (the page leads back to it), or None."""
    from tournaments.models import Tournament  # as in presenters.round_title

    return (Tournament.objects.select_related("club").only("name", "slug", "club__slug")
            .filter(rounds__pairings__match=match).first())


@login_required
@require_POST
def result_confirm(request, match_id):
    """The organiser confirms the result a match awaits (the losing side did not, or called
    them): it stands, and the tournament goes on. The form names the version it was shown."""
    match = _owned_match(request, match_id)
    form = ResultConfirmForm(request.POST)
    if not form.is_valid() or form.cleaned_data["match"] != match.pk:
        messages.error(request, STALE)
        return redirect("manage:match", match.pk)
    try:
        services.result_confirm(match_id=match.pk, user=request.user,
                                expected_version=form.cleaned_data["version"])
    except services.ScoringRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("Result confirmed."))
    return redirect("manage:match", match.pk)


def link_qr(request, link: RefereeLink) -> HttpResponse:
    """A referee link as a QR code (SVG); shared with the tournament tables' cards."""
    svg = io.BytesIO()
    segno.make(request.build_absolute_uri(link.get_absolute_url()), error="m").save(
        svg, kind="svg", scale=8, light="#fff", title=_("Referee link"))
    return HttpResponse(svg.getvalue(), content_type="image/svg+xml")


@login_required
@never_cache
def referee_qr(request, match_id):
    """The referee link as a QR code (SVG), to print or show on a phone at the table."""
    return link_qr(request, _current_link(owned_or_404(Match.objects, request.user, pk=match_id)))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def referee_link_revoke(request, match_id):
    """Asked first (GET), as the phone scoring the match stops working; done on the POST."""
    match = _owned_match(request, match_id)
    link = _current_link(match)
    if request.method != "POST":
        return render(request, "scoring/manage/link_revoke.html", {"match": match})
    services.referee_link_revoke(link=link, user=request.user)
    messages.success(request, _("The old referee link no longer works. Use the new QR code."))
    return redirect("manage:match", match.pk)


@login_required
@require_POST
def first_dealer(request, match_id):
    """Who dealt first, as the table drew it: before the first deal, or later when the match
    names the wrong dealer (its buttons name who deals now)."""
    match = _owned_match(request, match_id)
    form = FirstDealerForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the match's players."))
        return redirect("manage:match", match.pk)
    try:
        match = services.first_dealer_set(match_id=match.pk, seat=form.cleaned_data["seat"],
                                          user=request.user, played=form.cleaned_data["played"])
    except services.ScoringRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, presenters.first_dealer_text(match))
    return redirect("manage:match", match.pk)


def _change_deal(request, match_id: int, deal_id: int, form: type, change, title: str,
                 dealer_change=None):
    """The correct and void pages: a form with a reason; a refusal leaves everything as it was.

    `change(deal, form)` calls the service and returns the message to show when it is done.
    A correction is read with the match's rules (240 card points with the double pack, the
    side that took a bonus). `dealer_change(match, deal)`: who deals now and after, where the
    change moves the turn (a void), said before it is made.
    """
    match = _owned_match(request, match_id)
    deal = get_object_or_404(match.deals, pk=deal_id)
    if not deal.active:
        messages.error(request, _("That deal was already corrected or undone."))
        return redirect("manage:match", match.pk)
    data, initial = request.POST or None, DealForm.from_deal(deal.data)
    form = (form.for_match(match, data, initial=initial) if issubclass(form, DealForm)
            else form(data, initial=initial))
    affected = None
    if request.method == "POST" and form.is_valid():
        done, affected = _attempt(form, lambda: change(deal, form))
        if done:
            messages.success(request, done % {"number": deal.number})
            _say_if_the_result_changed(request, match)
            return redirect("manage:match", match.pk)
    return render(request, "scoring/manage/deal_change.html", {
        "match": match, "deal": deal, "form": form, "title": title, "affected": affected,
        "dealer_change": dealer_change and dealer_change(match, deal),
        "withdrawn": _withdrawn_note(match)})


def _attempt(form, change):
    """Run `change()`: (what it returns, None), or (None, the later matches a confirmation
    would reset) with the refusal on the form, leaving everything as it was."""
    try:
        return change() or True, None
    except services.ConfirmationNeeded as needed:
        form.add_error(None, needed.message)
        return None, needed.affected
    except services.ScoringRefused as refused:
        form.add_error(None, refused.message)
        return None, None


def _say_if_the_result_changed(request, before: Match) -> None:
    """A correction or a void that changed who won says so, naming them: a tournament's later
    matches follow the new result (re-teamed, or drawn again)."""
    after = Match.objects.only("finished", "winner").get(pk=before.pk)
    if (after.finished, after.winner) == (before.finished, before.winner):
        return
    if not after.finished:
        text = _withdrawn_note(before, done=True) or _(
            "The match is in play again: its result no longer stands, nor does anything drawn "
            "from it.")
    elif after.winner in ("A", "B"):
        team = before.a if after.winner == "A" else before.b
        text = _("The result changed: the match is now won by %(team)s (%(side)s), and "
                 "whatever was drawn from it follows.") % {"team": team.display_name, "side": after.winner}
    else:
        text = _("The result changed: the match is now a draw, and whatever was drawn from it "
                 "follows.")
    messages.warning(request, text)


def _withdrawn_note(match: Match, *, done: bool = False) -> str:
    """What a change that reopens a finished tournament match does when one of its
    partnerships has withdrawn since: the match is not played on but is a walkover
    (results.follow_match). Said before the change as what it would do, after it (`done`) as
    what it did; "" for a friendly, an unfinished match, or when no partnership withdrew."""
    from tournaments.selectors import withdrawn_sides  # as in presenters.round_title

    gone = withdrawn_sides(match) if match.finished else ""
    if not gone:
        return ""
    if gone == "AB":
        return (_("Both partnerships have withdrawn from the tournament: the match's result no "
                  "longer stands, it is not played on, and neither wins it.") if done else
                _("Both partnerships have withdrawn from the tournament: if this change takes "
                  "the match's result away, it is not played on, and neither wins it."))
    teams = {"absent": match.a.display_name, "present": match.b.display_name}
    if gone == "B":
        teams = {"absent": teams["present"], "present": teams["absent"]}
    return (_("%(absent)s has withdrawn from the tournament: the match's result no longer "
              "stands, it is not played on, and %(present)s has the walkover.") if done else
            _("%(absent)s has withdrawn from the tournament: if this change takes the match's "
              "result away, it is not played on, and %(present)s has the walkover.")) % teams


@login_required
def deal_correct(request, match_id, deal_id):
    def correct(deal, form):
        services.deal_correct(deal=deal, replacement=form.deal,
                              reason=form.cleaned_data["reason"], user=request.user,
                              allow_reset=form.cleaned_data["reset_later"])
        return _("Deal %(number)s corrected; the score was recalculated.")

    return _change_deal(request, match_id, deal_id, CorrectionForm, correct,
                        _("Correct a deal"))


@login_required
def deal_void(request, match_id, deal_id):
    def void(deal, form):
        services.deal_void(deal=deal, reason=form.cleaned_data["reason"], user=request.user,
                           allow_reset=form.cleaned_data["reset_later"])
        return _("Deal %(number)s voided; the score was recalculated.")

    return _change_deal(request, match_id, deal_id, ReasonForm, void, _("Void a deal"),
                        dealer_change=selectors.dealer_if_voided)


@login_required
def deals_correct(request, match_id):
    """Correct several deals at once (a result that two corrections change: 4-0 to 0-4 was
    2-2 in play between them): every active deal in a form of its own, the changed ones
    replaced in one write."""
    match = _owned_match(request, match_id)
    data = request.POST or None
    deals = list(match.deals.filter(active=True).order_by("number"))
    forms = [(deal, RecordedDealForm.for_match(match, data, prefix=f"d{deal.number}",
                                               initial=DealForm.from_deal(deal.data)))
             for deal in deals]
    reason, affected = ReasonForm(data), None
    if data is not None and reason.is_valid() and all(form.is_valid() for _deal, form in forms):
        changed = {deal.pk: form.deal for deal, form in forms if form.deal.as_dict() != deal.data}
        if not changed:
            reason.add_error(None, _("No deal was changed."))
        else:
            done, affected = _attempt(reason, lambda: services.deals_correct(
                match_id=match.pk, replacements=changed, reason=reason.cleaned_data["reason"],
                user=request.user, allow_reset=reason.cleaned_data["reset_later"]))
            if done:
                messages.success(request, ngettext(
                    "%(count)s deal corrected; the score was recalculated.",
                    "%(count)s deals corrected; the score was recalculated.",
                    len(changed)) % {"count": len(changed)})
                _say_if_the_result_changed(request, match)
                return redirect("manage:match", match.pk)
    return render(request, "scoring/manage/deals_correct.html", {
        "match": match, "forms": forms, "reason": reason, "affected": affected,
        "withdrawn": _withdrawn_note(match)})
