"""The page an invitation's link opens: log in (or register) as the invited address, accept."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from sueca_club import invitations


@login_required
def invitation(request, token):
    """GET shows the invitation; only a POST (the Accept button) makes an organiser."""
    try:
        if request.method == "POST":
            membership = invitations.invitation_accept(token=token, user=request.user)
            messages.success(request, _("Welcome: you now help run %(club)s.")
                             % {"club": membership.club.name})
            return redirect("manage:club", membership.club.slug)
        found = invitations.invitation_for(token=token, user=request.user)
    except invitations.AlreadyAccepted as accepted:  # a second click on Accept
        messages.info(request, accepted.message)
        return redirect("manage:club", accepted.club.slug)
    except invitations.InvitationRefused as refused:
        return render(request, "sueca_club/manage/invitation.html", {"refused": refused.message},
                      status=refused.status)
    return render(request, "sueca_club/manage/invitation.html", {"invitation": found})
