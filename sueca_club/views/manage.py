"""Organiser pages of the club registry: clubs, organisers, players and partnerships."""

from typing import NamedTuple

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from scoring.selectors import live_matches, live_matches_of, recent_matches
from sueca_club import formtokens, invitations, services
from sueca_club.forms import (
    BulkPartnershipsForm,
    ClubForm,
    InvitationForm,
    PartnershipForm,
    PartnershipNameForm,
    PlayerEditForm,
    PlayerForm,
)
from sueca_club.formtokens import create_once
from sueca_club.models import Club, Partnership, Player
from sueca_club.permissions import club_for, owned_or_404


@login_required
@create_once
def home(request):
    form = ClubForm(request.POST or None)
    if request.method == "POST" and formtokens.valid(request, form):
        club = services.club_create(**form.cleaned_data, by=request.user)
        messages.success(request, _("Club created. Add its players next."))
        return redirect("manage:club", club.slug)
    clubs = Club.objects.filter(memberships__user=request.user)
    return render(request, "sueca_club/manage/home.html", {"clubs": clubs, "form": form})


@login_required
def club_settings(request, club_slug):
    club = club_for(request.user, club_slug)
    form = ClubForm(request.POST or None,
                    initial={name: getattr(club, name) for name in ClubForm.Meta.fields})
    if request.method == "POST" and form.is_valid():
        services.club_update(club=club, **form.cleaned_data)
        messages.success(request, _("The club's settings are saved."))
        return redirect("manage:club", club.slug)
    return render(request, "sueca_club/manage/settings.html", {"club": club, "form": form})


def _player_form(club: Club, data=None, *, focus: bool = False) -> PlayerForm:
    """The club page's "Add a player": its ids apart from the partnership form's, which has a
    name field too, so that each label names its own field. Just after an add (`focus`), or
    with a name refused, its name field has the keyboard, which stays up on a phone."""
    form = PlayerForm(data, club=club, auto_id="id_player_%s")
    if focus or data is not None:
        form.fields["name"].widget.attrs["autofocus"] = True
    return form


class Count(NamedTuple):
    active: int
    archived: int


def _count(items) -> Count:
    """How many of these players or partnerships the organiser picks from, the archived apart."""
    archived = sum(item.archived for item in items)
    return Count(len(items) - archived, archived)


def _club_page(request, club: Club, **forms):
    """The club page; a form that failed is passed in bound, so its errors show in place."""
    players = services.by_name(club.players.in_roster())
    partnerships = services.by_name(
        club.partnerships.in_roster().select_related(*services.PLAYERS))
    added = request.GET.get("added")
    context = {
        "club": club,
        "added": added,
        "players": players,
        "players_count": _count(players),
        "partnerships": partnerships,
        "partnerships_count": _count(partnerships),
        "live": live_matches(club=club, limit=None),  # every one: the organiser may correct any
        "recent": recent_matches(club=club),
        "memberships": club.memberships.select_related("user").order_by("created_at"),
        "invitations": invitations.pending_invitations(club).select_related("invited_by"),
        "invitation_form": InvitationForm(),
        "player_form": _player_form(club, focus=added == "players"),
        "partnership_form": PartnershipForm(club=club),
        **forms,
    }
    return render(request, "sueca_club/manage/club.html", context)


@login_required
def club(request, club_slug):
    return _club_page(request, club_for(request.user, club_slug))


@login_required
@require_POST
@create_once
def organiser_invite(request, club_slug):
    """Always the same answer for a well-formed address: it tells no one who has an account."""
    club = club_for(request.user, club_slug)
    form = InvitationForm(request.POST)
    if not formtokens.valid(request, form):
        return _club_page(request, club, invitation_form=form)
    invitation = invitations.invitation_send(club=club, email=form.cleaned_data["email"],
                                             by=request.user)
    messages.success(request, _("If %(email)s is the right address, an invitation to help run "
                                "this club is on its way. It can be accepted for %(days)s days.")
                     % {"email": invitation.email, "days": invitations.INVITATION_DAYS})
    return redirect(reverse("manage:club", args=[club.slug]) + "#organisers")


@login_required
@require_POST
def invitation_revoke(request, club_slug, invitation_id):
    club = club_for(request.user, club_slug)
    invitation = get_object_or_404(club.invitations, pk=invitation_id)
    invitations.invitation_revoke(invitation=invitation)
    messages.success(request, _("The invitation to %(email)s is withdrawn: its link no longer "
                                "works.") % {"email": invitation.email})
    return redirect(reverse("manage:club", args=[club.slug]) + "#organisers")


@login_required
def organiser_remove(request, club_slug, membership_id):
    """Ask first, naming who (a page, so it works without JavaScript); the post removes them.
    The organiser's own membership is leaving the club."""
    club = club_for(request.user, club_slug)
    membership = get_object_or_404(club.memberships.select_related("user"), pk=membership_id)
    leaving = membership.user == request.user
    last = not club.memberships.exclude(pk=membership.pk).exists()
    if request.method == "POST" and not last:
        try:
            invitations.organiser_remove(membership=membership)
        except invitations.LastOrganiser:  # the others left meanwhile
            last = True
        else:
            return _organiser_removed(request, club, membership, leaving)
    return render(request, "sueca_club/manage/organiser_remove.html", {
        "club": club, "membership": membership, "leaving": leaving, "last": last})


def _organiser_removed(request, club: Club, membership, leaving: bool):
    if leaving:
        messages.success(request, _("You no longer help run %(club)s.") % {"club": club.name})
        return redirect("manage:home")
    messages.success(request, _("%(name)s no longer helps run this club.")
                     % {"name": membership.user.get_username()})
    return redirect(reverse("manage:club", args=[club.slug]) + "#organisers")


def _back_to_add(club: Club, part: str):
    """The club page with `part` ("players" or "partnerships") open at its form, to add the
    next one without opening it again: at the name field for a player, which the browser then
    focuses (a fragment wins over autofocus), so a phone's keyboard stays up."""
    anchor = {"players": "id_player_name", "partnerships": "add-partnership"}[part]
    return redirect(reverse("manage:club", args=[club.slug]) + f"?added={part}#{anchor}")


@login_required
@require_POST
@create_once
def player_add(request, club_slug):
    club = club_for(request.user, club_slug)
    form = _player_form(club, request.POST)
    if not formtokens.valid(request, form):
        return _club_page(request, club, player_form=form)
    player = services.player_add(club=club, name=form.cleaned_data["name"])
    messages.success(request, _("Added to the players: %(name)s.") % {"name": player.name})
    return _back_to_add(club, "players")


@login_required
@require_POST
@create_once
def partnership_add(request, club_slug):
    club = club_for(request.user, club_slug)
    form = PartnershipForm(request.POST, club=club)
    if not formtokens.valid(request, form):
        return _club_page(request, club, partnership_form=form)
    partnership = services.partnership_add(club=club, players=form.cleaned_data["players"],
                                           name=form.cleaned_data["name"])
    messages.success(request, _("Added to the partnerships: %(name)s.")
                     % {"name": partnership.display_name})
    return _back_to_add(club, "partnerships")


def _edit_page(request, obj, form, kind: str, title: str, partnerships):
    """Rename `obj` (a player or a partnership) and archive it or bring it back, or delete it
    if its `partnerships` never played; the matches they play now are named before it is
    archived, as they go on."""
    action = f"manage:{kind}_{'unarchive' if obj.archived else 'archive'}"
    args = [obj.club.slug, obj.pk]
    return render(request, "sueca_club/manage/edit.html", {
        "club": obj.club, "object": obj, "form": form, "title": title,
        "archive_url": reverse(action, args=args),
        "delete_url": (None if services.has_played(partnerships)
                       else reverse(f"manage:{kind}_delete", args=args)),
        "live": [] if obj.archived else live_matches_of(partnerships),
    })


@login_required
def player(request, club_slug, player_id):
    player = owned_or_404(Player.objects.select_related("club"), request.user,
                          club__slug=club_slug, pk=player_id)
    form = PlayerEditForm(request.POST or None, club=player.club, player=player,
                          initial={"name": player.name})
    if request.method == "POST" and form.is_valid():
        services.player_update(player=player, **form.cleaned_data)
        messages.success(request, _("Saved: %(name)s.") % {"name": form.cleaned_data["name"]})
        return redirect("manage:club", club_slug)
    return _edit_page(request, player, form, "player", _("Player %(name)s") % {"name": player.name},
                      Partnership.objects.filter(services.seated(player)))


@login_required
def partnership(request, club_slug, partnership_id):
    partnership = owned_or_404(
        Partnership.objects.select_related("club", *services.PLAYERS), request.user,
        club__slug=club_slug, pk=partnership_id,
    )
    form = PartnershipNameForm(request.POST or None, initial={"name": partnership.name})
    if request.method == "POST" and form.is_valid():
        services.partnership_rename(partnership=partnership, name=form.cleaned_data["name"])
        messages.success(request, _("Partnership renamed."))
        return redirect("manage:club", club_slug)
    return _edit_page(request, partnership, form, "partnership",
                      _("Partnership %(name)s") % {"name": partnership.display_name},
                      Partnership.objects.filter(pk=partnership.pk))


@login_required
@require_POST
def player_archive(request, club_slug, player_id, archived: bool):
    player = owned_or_404(Player.objects, request.user, club__slug=club_slug, pk=player_id)
    services.player_archive(player=player, archived=archived)
    message = _("Moved to the archive: %(name)s.") if archived else _("%(name)s is back.")
    messages.success(request, message % {"name": player.name})
    return redirect("manage:club", club_slug)


@login_required
@require_POST
def partnership_archive(request, club_slug, partnership_id, archived: bool):
    partnership = owned_or_404(Partnership.objects.select_related(*services.PLAYERS),
                               request.user, club__slug=club_slug, pk=partnership_id)
    services.partnership_archive(partnership=partnership, archived=archived)
    message = _("Moved to the archive: %(name)s.") if archived else _("%(name)s is back.")
    messages.success(request, message % {"name": partnership.display_name})
    return redirect("manage:club", club_slug)


@login_required
def player_delete(request, club_slug, player_id):
    player = owned_or_404(Player.objects, request.user, club__slug=club_slug, pk=player_id)
    partnerships = Partnership.objects.filter(services.seated(player))
    return _delete_page(request, player, "player", player.name, partnerships,
                        lambda: services.player_delete(player=player))


@login_required
def partnership_delete(request, club_slug, partnership_id):
    partnership = owned_or_404(Partnership.objects.select_related(*services.PLAYERS),
                               request.user, club__slug=club_slug, pk=partnership_id)
    return _delete_page(request, partnership, "partnership", partnership.display_name,
                        Partnership.objects.filter(pk=partnership.pk),
                        lambda: services.partnership_delete(partnership=partnership))


def _delete_page(request, obj, kind: str, name: str, partnerships, delete):
    """Ask first, naming a player's partnerships that go with them (a page, so it works
    without JavaScript); the post deletes, unless they played: then they can be archived."""
    played = services.has_played(partnerships)
    if request.method == "POST" and not played:
        try:
            delete()
        except services.Played:  # a match or an entry came meanwhile
            played = True
        else:
            deleted = (_("Deleted from the players: %(name)s.") if kind == "player"
                       else _("Deleted from the partnerships: %(name)s."))
            messages.success(request, deleted % {"name": name})
            return redirect(reverse("manage:club", args=[obj.club.slug]) + f"#{kind}s")
    return render(request, "sueca_club/manage/delete.html", {
        "club": obj.club, "name": name, "played": played,
        "edit_url": reverse(f"manage:{kind}", args=[obj.club.slug, obj.pk]),
        "partnerships": (services.by_name(partnerships.select_related(*services.PLAYERS))
                         if kind == "player" else []),
    })


@login_required
@create_once
def partnerships_bulk(request, club_slug):
    """Paste, preview what each line would do, then save the new partnerships."""
    club = club_for(request.user, club_slug)
    form = BulkPartnershipsForm(request.POST or None)
    lines = None
    if request.method == "POST" and formtokens.valid(request, form):
        text = form.cleaned_data["text"]
        if "save" in request.POST:
            created = services.partnerships_bulk_add(club=club, text=text)
            messages.success(request, ngettext("%(count)s partnership added.",
                                               "%(count)s partnerships added.", len(created))
                             % {"count": len(created)})
            return _back_to_add(club, "partnerships")
        lines = services.partnerships_bulk_preview(club=club, text=text)
    return render(request, "sueca_club/manage/bulk.html", {
        "club": club, "form": form, "lines": lines,
        "new_count": sum(line.status == line.NEW for line in lines or []),
    })
