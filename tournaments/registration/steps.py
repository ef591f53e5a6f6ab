"""What follows a write of the sign-ups, run after its commit (sueca_club/outbox.py)."""

from sueca_club.outbox import step
from tournaments.registration import emails


@step("tournaments.signup_links_email", in_worker=True)
def signup_links_email(*, signup_ids: list[int], language: str,
                       by_organiser: bool = False) -> None:
    """Email a lost private link again, to the address its sign-up was made with."""
    emails.signup_links_email_send(signup_ids=signup_ids, language=language,
                                   by_organiser=by_organiser)


@step("tournaments.signup_moved_up_email", in_worker=True)
def signup_moved_up_email(*, signup_id: int) -> None:
    """Email a partnership that moved up from the waiting list that it has a place (once)."""
    emails.signup_moved_up_email_send(signup_id=signup_id)
