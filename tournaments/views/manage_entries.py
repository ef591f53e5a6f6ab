"""Organiser actions on a tournament's entries: register, seed, check in, remove, withdraw."""

from django.contrib import messages
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import services
from tournaments.forms import CheckInForm, RegisterForm, SeedForm, WithdrawForm
from tournaments.models import Entry, Tournament
from tournaments.registration.views_manage import check_in_landing, landing
from tournaments.views.manage import attempt, refuse, tournament_action


def entry_of(tournament: Tournament, entry_id: int) -> Entry:
    return get_object_or_404(tournament.entries.select_related(
        "tournament", "partnership__player_1", "partnership__player_2"), pk=entry_id)


@tournament_action
def entries_register(request, tournament):
    form = RegisterForm(request.POST, tournament=tournament)
    if not form.is_valid():
        messages.error(request, _("Tick the partnerships of the club to register."))
        return
    new: list[Entry] = []
    attempt(request, lambda: new.extend(services.entries_register(
        tournament=tournament, partnerships=form.cleaned_data["partnerships"])), "")
    if new:
        messages.success(request, ngettext("%(count)s partnership registered.",
                                           "%(count)s partnerships registered.", len(new))
                         % {"count": len(new)})


@tournament_action
def entry_seed(request, tournament, entry_id):
    entry = entry_of(tournament, entry_id)
    form = SeedForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("A seed is a whole number from 1."))
        return
    seed = form.cleaned_data["seed"]
    done = (_("%(name)s is seed %(seed)s.") if seed else _("%(name)s has no seed."))
    attempt(request, lambda: services.entry_update(entry=entry, seed=seed),
            done % {"name": entry.partnership.display_name, "seed": seed})


@tournament_action
def entry_check_in(request, tournament, entry_id):
    entry = entry_of(tournament, entry_id)
    form = CheckInForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say whether the partnership is here."))
        return
    here = form.cleaned_data["checked_in"]
    done = _("%(name)s checked in.") if here else _("%(name)s is no longer checked in.")
    attempt(request, lambda: services.entry_update(entry=entry, checked_in=here),
            done % {"name": entry.partnership.display_name})
    if request.POST.get("next") == "check-in":  # from the board at the door: stay on it
        return landing("check_in_board", tournament, check_in_landing(tournament, entry))
    return None


@tournament_action
def entry_remove(request, tournament, entry_id):
    entry = entry_of(tournament, entry_id)
    attempt(request, lambda: services.entry_remove(entry=entry),
            _("%(name)s removed from the tournament.") % {"name": entry.partnership.display_name})


@tournament_action
def entry_withdraw(request, tournament, entry_id):
    entry = entry_of(tournament, entry_id)
    form = WithdrawForm(request.POST)
    if not form.is_valid():
        refuse(request, form)
        return
    name = entry.partnership.display_name
    if attempt(request, lambda: services.entry_withdraw(entry=entry, by=request.user,
                                                        reason=form.cleaned_data["reason"]),
               _("%(name)s withdrew: each match it still had is a walkover to its opponent.")
               % {"name": name}):
        _offer_redraw(request, tournament, entry, name)


def _offer_redraw(request, tournament, entry, name: str) -> None:
    """Where the round it withdrew from may still be drawn again, say what that would change."""
    coming = services.redraw_after_withdrawal(tournament=tournament, entry=entry)
    if coming is None:
        return
    if coming:
        names = ", ".join(e.partnership.display_name for e in coming)
        told = ngettext(
            "No deal of this round has been played yet: draw it again and %(names)s goes "
            "through in place of %(name)s, where now its opponent has a walkover.",
            "No deal of this round has been played yet: draw it again and %(names)s go "
            "through in place of %(name)s, where now its opponent has a walkover.",
            len(coming)) % {"names": names, "name": name}
    else:
        told = _("No deal of this round has been played yet: draw it again and it is drawn "
                 "without %(name)s, where now its opponent has a walkover.") % {"name": name}
    messages.info(request, told)
