"""The one task the outbox hands to workers: run a step (sueca_club/outbox.py)."""

from sueca_club import outbox
from sueca_club.jobs import job


@job
def outbox_run(step_id: int) -> None:
    outbox.run(step_id)
