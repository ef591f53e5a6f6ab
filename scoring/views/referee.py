"""The referee's phone page at /r/<token>/: enter a deal, confirm what it awards, save, undo."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from scoring import engine, presenters, selectors, services
from scoring.forms.deal import DealForm, KeyForm, RefereeWriteForm
from scoring.models import RefereeLink


def referee_link(token: str) -> RefereeLink:
    return get_object_or_404(
        RefereeLink.objects.select_related(*(f"match__{name}" for name in selectors.MATCH_RELATED)),
        token=token,
    )


def _render(request, link, template="scoring/referee.html", status=200, **context):
    match = link.match
    context = {"link": link, "match": match, **context}
    if match is not None:
        context["board"] = selectors.board(match)
        context.setdefault("form", DealForm())
    return render(request, template, context, status=status)


def _usable(request, token):
    """The link and its match, or the response that says why there is nothing to score."""
    link = referee_link(token)
    if link.revoked:
        return link, render(request, "scoring/referee_closed.html",
                            {"message": services.REVOKE_MESSAGE}, status=403)
    if link.match is None:
        return link, _render(request, link)
    return link, None


@never_cache
def page(request, token):
    link, refusal = _usable(request, token)
    return refusal or _render(request, link)


@never_cache
@require_POST
def confirm(request, token):
    """Show what the deal will award; nothing is saved yet."""
    link, refusal = _usable(request, token)
    if refusal:
        return refusal
    match = link.match
    form = DealForm(request.POST)
    if not form.is_valid():
        return _render(request, link, form=form, status=400)
    try:
        preview = services.deal_preview(match=match, deal=form.deal)
    except services.ScoringRefused as refused:
        form.add_error(None, refused.message)
        return _render(request, link, form=form, status=refused.status)
    award = preview.award
    write = RefereeWriteForm(initial={**DealForm.from_deal(form.deal.as_dict(), form.trump),
                                      "key": KeyForm.new_key(), "version": match.version})
    return _render(request, link, "scoring/referee_confirm.html", write=write,
                   deal_data=form.deal.as_dict(),
                   award_text=presenters.award_text(award, form.deal,
                                                    engine.format_from(match.format)),
                   confirmer=engine.SIDES[1 - engine.SIDES.index(award.side)]
                   if award.side else None)


@never_cache
@require_POST
def record(request, token):
    link, refusal = _usable(request, token)
    if refusal:
        return refusal
    form = RefereeWriteForm(request.POST)
    if not form.is_valid():
        return _render(request, link, form=form, status=400)
    try:
        services.deal_record(
            match_id=link.match_id, deal=form.deal, key=str(form.cleaned_data["key"]), link=link,
            trump=form.trump, expected_version=form.cleaned_data["version"],
            opponent_confirmed=link.match.confirm_by_opponent,
        )
    except services.ScoringRefused as refused:
        messages.error(request, refused.message)
        return redirect(link)
    messages.success(request, _("Deal saved."))
    return redirect(link)


@never_cache
@require_http_methods(["GET", "POST"])
def undo(request, token):
    link, refusal = _usable(request, token)
    if refusal:
        return refusal
    form = KeyForm(request.POST or None, initial={"key": KeyForm.new_key()})
    if not form.is_valid():
        return _render(request, link, "scoring/referee_undo.html", undo=form)
    try:
        services.deal_undo(match_id=link.match_id, key=str(form.cleaned_data["key"]), link=link)
    except services.ScoringRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("The last deal was undone."))
    return redirect(link)
