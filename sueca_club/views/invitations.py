"""The page an invitation's link opens: who invites to which club, then log in (or create an
account) as the invited address, and accept; then open the link emailed to that address for
this account, and accept there."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from sueca_club import invitations
from sueca_club.zones import club_zone_activate

TEMPLATE = "sueca_club/manage/invitation.html"


def invitation(request, token):
    """GET shows the invitation. Accept (a POST) without the emailed proof sends it to the
    invited address; with it, makes an organiser. Logged out, GET says who invites to which
    club and leads to log in or to create an account, and back."""
    if not request.user.is_authenticated:
        return _to_a_visitor(request, token)
    proof = request.POST.get("proof") or request.GET.get("proof") or ""
    try:
        if request.method == "POST" and proof:
            membership = invitations.invitation_accept(token=token, user=request.user,
                                                       proof=proof)
            messages.success(request, _("Welcome: you now help run %(club)s.")
                             % {"club": membership.club.name})
            return redirect("manage:club", membership.club.slug)
        if request.method == "POST":
            found = invitations.invitation_prove(token=token, user=request.user)
            return render(request, TEMPLATE, {"invitation": found, "sent": True})
        found = invitations.invitation_for(token=token, user=request.user)
    except invitations.AlreadyAccepted as accepted:  # a second click on Accept
        messages.info(request, accepted.message)
        return redirect("manage:club", accepted.club.slug)
    except invitations.InvitationRefused as refused:
        return render(request, TEMPLATE, {"refused": refused.message}, status=refused.status)
    club_zone_activate(found.club)  # when it expires, in the club's time
    return render(request, TEMPLATE, {
        "invitation": found, "proof": proof if invitations.proven(found, request.user, proof)
        else ""})


def _to_a_visitor(request, token):
    """Someone not logged in: the invitation, with the way to log in or to create an account
    (no club) that comes back to this very link, its emailed proof too."""
    if request.method == "POST":
        return redirect_to_login(request.get_full_path())
    try:
        found = invitations.invitation_shown(token=token)
    except invitations.InvitationRefused as refused:
        return render(request, TEMPLATE, {"refused": refused.message}, status=refused.status)
    club_zone_activate(found.club)
    return render(request, TEMPLATE, {"invitation": found, "back": request.get_full_path()})
