"""Organisers invite others by email; only the person who accepts becomes an organiser.

- Sending: an organiser types an address. The site answers the same whatever the address
  (an account, no account, already an organiser), so the form tells no one who has an
  account; the email goes out after the commit (an outbox step, sueca_club/steps.py), once.
- The link: /manage/invitations/<token>/, the invitation's id signed with the site's key.
  Opened logged out, it says who invites to which club and offers to log in or to create an
  account, either coming back to it; logged in, it shows the club and an Accept button.
  Nobody joins a club by opening a link: only by posting the Accept.
- Accepting: only an account whose email is the invited address may accept, only once, only
  before it expires (INVITATION_DAYS) and only while no organiser has withdrawn it. A new
  invitation to the same address replaces the one still pending.
- Proving the address: sign-up takes any address unchecked, so a forwarded link, and an
  account made with the invited address, are not enough. Accept first emails the invited
  address a second link, made for that account alone (`proof_for`); only that link's Accept
  makes an organiser. A stranger holding the first link never receives the second.
- Leaving: an organiser removes another, or leaves (`organiser_remove`); the club keeps one.
"""

from datetime import timedelta
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from sueca_club import mail, outbox
from sueca_club.models import Club, Invitation, Membership

INVITATION_DAYS = 7
SALT = "sueca_club.invitations"
PROOF_SALT = "sueca_club.invitations.proof"


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


def _sent_to(invitation: Invitation, user) -> bool:
    """Is the account's address the invited one?"""
    return (user.email or "").strip().casefold() == invitation.email.casefold()


def _checked(invitation: Invitation | None, user) -> Invitation:
    """`invitation`, if `user` may accept it now; refused with the reason otherwise."""
    if invitation is not None:
        if not _sent_to(invitation, user):
            raise InvitationRefused(_("This invitation was sent to another email address. Log "
                                      "in with the account of that address to accept it."), 404)
        if invitation.accepted_at is not None and invitation.accepted_by_id == user.pk:
            raise AlreadyAccepted(invitation.club)
    return _open(invitation)


def _open(invitation: Invitation | None) -> Invitation:
    """`invitation`, if it can still be accepted; refused with the reason otherwise."""
    if invitation is None:
        raise InvitationRefused(_("This invitation link is not valid. Check that you opened "
                                  "the whole link from the email."), 404)
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


def invitation_shown(*, token: str) -> Invitation:
    """The invitation of a link opened by someone not logged in yet, if it can still be
    accepted (by the invited address's account: they log in, or create it, then accept);
    InvitationRefused says why not."""
    return _open(_from_token(token))


def proof_for(invitation: Invitation, user) -> str:
    """What the second email's link carries: this invitation, for this account."""
    return signing.dumps([invitation.pk, user.pk], salt=PROOF_SALT, compress=True)


def proven(invitation: Invitation, user, proof: str) -> bool:
    """Did `user` open the link emailed to the invited address for them (and in time)?"""
    try:
        found = signing.loads(proof, salt=PROOF_SALT, max_age=timedelta(days=INVITATION_DAYS))
    except signing.BadSignature:  # SignatureExpired too
        return False
    return found == [invitation.pk, user.pk]


def proof_url(invitation: Invitation, user) -> str:
    return f"{invitation_url(invitation)}?{urlencode({'proof': proof_for(invitation, user)})}"


@outbox.service
def invitation_prove(*, token: str, user) -> Invitation:
    """Email the invited address the link that lets `user` accept; sent after the commit."""
    invitation = _checked(_from_token(token), user)
    outbox.follow("sueca_club.invitation_proof_email", invitation_id=invitation.pk,
                  user_id=user.pk)
    return invitation


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
def invitation_accept(*, token: str, user, proof: str) -> Membership:
    """`user`, with the `proof` emailed to the invited address, accepts the invitation of
    `token` and becomes an organiser of its club."""
    invitation = _checked(_from_token(token, lock=True), user)
    if not proven(invitation, user, proof):
        raise InvitationRefused(_("This confirmation link is not valid for your account, or it "
                                  "has expired. Open the invitation and press Accept again: "
                                  "a new one is sent to the invited address."), 403)
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


class LastOrganiser(Exception):
    """A club keeps at least one organiser: its last cannot leave nor be removed."""


@transaction.atomic
def organiser_remove(*, membership: Membership) -> None:
    """`membership`'s user no longer helps run its club, and the invitations they sent it that
    are still pending are withdrawn (nobody joins by them after). LastOrganiser if no other
    organiser would be left."""
    club = Club.objects.select_for_update().get(pk=membership.club_id)  # one removal at a time
    if not club.memberships.exclude(pk=membership.pk).exists():
        raise LastOrganiser
    pending_invitations(club).filter(invited_by=membership.user_id).update(
        revoked_at=timezone.now())
    membership.delete()


def _languages() -> list[str]:
    default = settings.LANGUAGE_CODE
    return [default] if default.startswith("en") else [default, "en"]


def _bodies(template: str, context: dict) -> str:
    """The email in the site's language with the same text in English below it."""
    bodies = []
    for language in _languages():
        with translation.override(language):
            bodies.append(render_to_string(template, context).strip())
    return "\n\n— — —\n\n".join(dict.fromkeys(bodies)) + "\n"


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
        with translation.override(_languages()[0]):
            subject = _("Help run %(club)s on Sueca Club") % {"club": invitation.club.name}
        invitation.emailed_at = timezone.now()
        invitation.save(update_fields=["emailed_at"])
        EmailMessage(subject=subject, body=_bodies("sueca_club/email/invitation.txt", context),
                     to=[invitation.email], connection=mail.connection()).send()
    return True


def invitation_proof_email_send(*, invitation_id: int, user_id: int) -> bool:
    """Send the invited address the link that lets that account accept: one email per Accept
    pressed (the rate limit on that button bounds them); nothing once the invitation cannot be
    accepted any more, or the account has another address now."""
    invitation = Invitation.objects.select_related("club").filter(pk=invitation_id).first()
    user = get_user_model().objects.filter(pk=user_id).first()
    if invitation is None or user is None or not invitation.pending or not _sent_to(
            invitation, user):
        return False
    context = {"club": invitation.club, "username": user.get_username(),
               "url": proof_url(invitation, user)}
    with translation.override(_languages()[0]):
        subject = _("Confirm that you accept to help run %(club)s") % {
            "club": invitation.club.name}
    EmailMessage(subject=subject, body=_bodies("sueca_club/email/invitation_proof.txt", context),
                 to=[invitation.email], connection=mail.connection()).send()
    return True
