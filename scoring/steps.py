"""What follows a write in scoring, run after its commit (sueca_club/outbox.py)."""

from scoring import services
from scoring.ratings import services as rating_services
from sueca_club.outbox import step


@step("scoring.ratings_follow_match", in_worker=True, on="match_result")
def ratings_follow_match(*, match_id: int, version: int, allow_reset: bool,
                         by: int | None = None, link: int | None = None) -> None:
    """Bring the club's ratings up to date with a match that finished (or was corrected)."""
    rating_services.ratings_follow_match(match_id=match_id, version=version)


@step("scoring.names_changed", on="names_changed")
def names_changed(*, partnership_ids: list[int]) -> None:
    services.names_changed(partnership_ids)
