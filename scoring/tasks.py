"""Background tasks of the scoring app: thin wrappers around services (see sueca_club/jobs.py)."""

from scoring import rating_services
from sueca_club.jobs import job


@job
def ratings_follow_match(match_id: int, version: int) -> None:
    """Bring the club's ratings up to date with a match that finished (or was corrected)."""
    rating_services.ratings_follow_match(match_id=match_id, version=version)
