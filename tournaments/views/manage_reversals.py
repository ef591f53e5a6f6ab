"""The organiser takes back a no-show's walkover or a withdrawal given by mistake: at once
when nothing was drawn from it, else after a page that says what it takes back or re-teams
(as a correction of a played result asks), confirmed."""

from django.contrib import messages
from django.shortcuts import render
from django.utils.translation import gettext as _

from scoring.services import ConfirmationNeeded, ScoringRefused
from tournaments import services
from tournaments.views.manage import posted_pairing, tournament_action
from tournaments.views.manage_entries import entry_of


@tournament_action
def pairing_walkover_undo(request, tournament, pairing_id):
    pairing = posted_pairing(request, tournament, pairing_id)
    if pairing is None:
        return None
    match = str(pairing)
    return _take_back(
        request, tournament,
        lambda allow: services.pairing_walkover_undo(pairing=pairing, allow_reset=allow,
                                                     by=request.user),
        title=_("Take back the walkover of %(match)s?") % {"match": match},
        done=_("The walkover is taken back: %(match)s is to be played.") % {"match": match},
        keep={"round": pairing.round.number})


@tournament_action
def entry_reinstate(request, tournament, entry_id):
    entry = entry_of(tournament, entry_id)
    name = entry.partnership.display_name
    return _take_back(
        request, tournament,
        lambda allow: services.entry_reinstate(entry=entry, allow_reset=allow, by=request.user),
        title=_("Reinstate %(name)s?") % {"name": name},
        done=_("%(name)s is back in the tournament: the matches its withdrawal gave away are "
               "to be played.") % {"name": name})


def _take_back(request, tournament, change, *, title: str, done: str, keep=None):
    """Run `change(allow_reset)`: without the organiser's confirmation first; where it asks
    for one, the page that says what the change does to later matches, to confirm."""
    try:
        change(request.POST.get("reset_later") == "1")
    except ConfirmationNeeded as needed:
        return render(request, "tournaments/manage/take_back.html", {
            "tournament": tournament, "club": tournament.club, "title": title,
            "message": needed.message, "affected": needed.affected, "keep": keep or {}})
    except ScoringRefused as refused:
        messages.error(request, refused.message)
        return None
    messages.success(request, done)
    return None
