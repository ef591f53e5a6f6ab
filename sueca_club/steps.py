"""What follows a write in the club registry, run after its commit (sueca_club/outbox.py)."""

from sueca_club import invitations
from sueca_club.outbox import step


@step("sueca_club.invitation_email", in_worker=True)
def invitation_email(*, invitation_id: int) -> None:
    """Email an invitation to help run a club (once: a sent invitation is marked so)."""
    invitations.invitation_email_send(invitation_id=invitation_id)


@step("sueca_club.invitation_proof_email", in_worker=True)
def invitation_proof_email(*, invitation_id: int, user_id: int) -> None:
    """Email the invited address the link that lets the account that pressed Accept accept."""
    invitations.invitation_proof_email_send(invitation_id=invitation_id, user_id=user_id)
