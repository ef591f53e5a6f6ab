"""Background tasks of the club registry: thin wrappers around services (see sueca_club/jobs.py)."""

from sueca_club import invitations
from sueca_club.jobs import job


@job
def invitation_email(invitation_id: int) -> None:
    """Email an invitation to help run a club (once: a sent invitation is marked so)."""
    invitations.invitation_email_send(invitation_id=invitation_id)
