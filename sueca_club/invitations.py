"""Organisers invite others by email; only the person who accepts becomes an organiser.

- Sending: an organiser types an address. The site answers the same whatever the address
  (an account, no account, already an organiser), so the form tells no one who has an
  account; the email goes out after the commit (an outbox step, sueca_club/steps.py), once.
- The link: /manage/invitations/<token>/, the invitation's id signed with the site's key.
  Opening it asks to log in (or to register, and come back); the page then shows the club
  and an Accept button. Nobody joins a club by opening a link: only by posting the Accept.
- Accepting: only an account whose email is the invited address may accept (a forwarded
  link is of no use to anyone else), only once, only before it expires (INVITATION_DAYS)
  and only while no organiser has withdrawn it. A new invitation to the same address
  replaces the one still pending.
"""

from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from sueca_club import outbox
from sueca_club.models import Club, Invitation, Membership

INVITATION_DAYS = 7
SALT = "sueca_club.invitations"


class InvitationRefused(Exception):
    """The link cannot be used (any more): `message` says why, `status` is the page's."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.message, self.status = message, status


class AlreadyAccepted(InvitationRefused):
    """The same person opens or posts a link they accepted before: they organise `club`."""

    def __init__(self, club: Club):
        super().__init__(_("You already help run %(club)s.") % {"club": club.name}, 410)
        self.club = club


def invitation_token(invitation: Invitation) -> str:
    return signing.dumps(invitation.pk, salt=SALT, compress=True)


def invitation_url(invitation: Invitation) -> str:
    return settings.SITE_URL + reverse("manage:invitation", args=[invitation_token(invitation)])


def _from_token(token: str, *, lock: bool = False) -> Invitation | None:
    try:
        pk = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    if not isinstance(pk, int):
        return None
    found = Invitation.objects.select_related("club", "invited_by")
    if lock:
        found = found.select_for_update(of=("self",))
    return found.filter(pk=pk).first()


def _checked(invitation: Invitation | None, user) -> Invitation:
    """`invitation`, if `user` may accept it now; refused with the reason otherwise."""
    if invitation is None:
        raise InvitationRefused(_("This invitation link is not valid. Check that you opened "
                                  "the whole link from the email."), 404)
    if (user.email or "").strip().casefold() != invitation.email.casefold():
        raise InvitationRefused(_("This invitation was sent to another email address. Log in "
                                  "with the account of that address to accept it."), 404)
    if invitation.accepted_at is not None and invitation.accepted_by_id == user.pk:
        raise AlreadyAccepted(invitation.club)
    if invitation.accepted_at is not None:
        raise InvitationRefused(_("This invitation has already been accepted."), 410)
    if invitation.revoked_at is not None:
        raise InvitationRefused(_("This invitation was withdrawn by an organiser of the club."),
                                410)
    if invitation.expires_at <= timezone.now():
        raise InvitationRefused(_("This invitation has expired. Ask an organiser of the club "
                                  "to send you a new one."), 410)
    return invitation


def invitation_for(*, token: str, user) -> Invitation:
    """The invitation of a link, if `user` may accept it; InvitationRefused says why not."""
    return _checked(_from_token(token), user)


def pending_invitations(club: Club):
    return club.invitations.filter(accepted_at=None, revoked_at=None,
                                   expires_at__gt=timezone.now()).order_by("created_at")


@transaction.atomic
def invitation_send(*, club: Club, email: str, by) -> Invitation:
    """Invite `email` to help run `club`; the email is sent once the transaction commits."""
    now = timezone.now()
    pending_invitations(club).filter(email__iexact=email).update(revoked_at=now)
    invitation = Invitation.objects.create(
        club=club, email=email, invited_by=by, created_at=now,
        expires_at=now + timedelta(days=INVITATION_DAYS))
    outbox.follow("sueca_club.invitation_email", invitation_id=invitation.pk)
    return invitation


@transaction.atomic
def invitation_accept(*, token: str, user) -> Membership:
    """`user` accepts the invitation of `token` and becomes an organiser of its club."""
    invitation = _checked(_from_token(token, lock=True), user)
    membership, _created = Membership.objects.get_or_create(
        club=invitation.club, user=user, defaults={"added_by": invitation.invited_by})
    invitation.accepted_by, invitation.accepted_at = user, timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    return membership


@transaction.atomic
def invitation_revoke(*, invitation: Invitation) -> Invitation:
    if invitation.accepted_at is None and invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
    return invitation


def _languages() -> list[str]:
    default = settings.LANGUAGE_CODE
    return [default] if default.startswith("en") else [default, "en"]


def invitation_email_send(*, invitation_id: int) -> bool:
    """Send the invitation's email, once: a retry, or the task queued twice, sends nothing.

    Written in the site's language with the same text in English below it, as the players'
    emails are (there is no language of the invitee to go by).
    """
    with transaction.atomic():
        invitation = (Invitation.objects.select_for_update(of=("self",))
                      .select_related("club", "invited_by")
                      .filter(pk=invitation_id).first())
        if invitation is None or invitation.emailed_at is not None or not invitation.pending:
            return False
        context = {"invitation": invitation, "club": invitation.club, "url":
                   invitation_url(invitation), "days": INVITATION_DAYS,
                   "inviter": invitation.invited_by.get_username() if invitation.invited_by
                   else ""}
        bodies = []
        for language in _languages():
            with translation.override(language):
                bodies.append(render_to_string("sueca_club/email/invitation.txt", context).strip())
        with translation.override(_languages()[0]):
            subject = _("Help run %(club)s on Sueca Club") % {"club": invitation.club.name}
        invitation.emailed_at = timezone.now()
        invitation.save(update_fields=["emailed_at"])
        EmailMessage(subject=subject, body="\n\n— — —\n\n".join(dict.fromkeys(bodies)) + "\n",
                     to=[invitation.email]).send()
    return True
