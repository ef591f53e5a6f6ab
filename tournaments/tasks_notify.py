"""Tasks that email players (thin wrappers around tournaments/notifications.py).

Idempotent: each email is recorded once per (player, kind, object) before it counts as sent,
so a retry, or the same task queued twice, sends nothing new.
"""

from sueca_club.jobs import job
from tournaments import notifications


@job
def notify_round(round_id: int) -> None:
    """A round was drawn: tell its players whom they play, and at which table if placed."""
    notifications.round_notify(round_id=round_id)


@job
def notify_pairing(pairing_id: int) -> None:
    """A pairing was placed on a table: tell its players (opponent too if not told yet)."""
    notifications.pairing_notify(pairing_id=pairing_id)


@job
def notify_result(match_id: int, version: int) -> None:
    """A match finished (at `version`): tell its players the result, once."""
    notifications.result_notify(match_id=match_id)
