"""What follows a write in tournaments, run after its commit (sueca_club/outbox.py).

Each step is idempotent: the tournament's next round, the emails (recorded once per player
and object) and the files (keyed by the data version) are made once however often it runs.
"""

from scoring.services import ScoringRefused
from sueca_club.jobs import PermanentError
from sueca_club.outbox import step
from tournaments import export_jobs, notifications
from tournaments.services import results, rows


@step("tournaments.follow_match", on="match_result")
def follow_match(*, match_id: int, version: int, allow_reset: bool,
                 by: int | None = None, link: int | None = None) -> None:
    """A match's result changed: its pairing follows, and the round advances if complete.
    (`allow_reset`, the organiser's word, was for the write's guards: see follow_match.)
    `by` the organiser, or `link` the referee link, whose write it was."""
    try:
        results.follow_match(match_id=match_id, by=by, link=link)
    except ScoringRefused as refused:  # asking again cannot help: the organiser must act
        raise PermanentError(refused.message) from refused


@step("tournaments.match_awaiting", on="match_awaiting")
def match_awaiting(*, match_id: int) -> None:
    """A match's result awaits confirmation: the tournament's pages show it so."""
    results.match_awaiting(match_id=match_id)


@step("tournaments.names_changed", on="names_changed")
def names_changed(*, partnership_ids: list[int]) -> None:
    rows.names_changed(partnership_ids)


@step("tournaments.club_changed", on="club_changed")
def club_changed(*, club_id: int) -> None:
    rows.club_changed(club_id)


@step("tournaments.notify_result", in_worker=True, on="match_result")
def notify_result(*, match_id: int, version: int, allow_reset: bool,
                  by: int | None = None, link: int | None = None) -> None:
    notifications.result_notify(match_id=match_id)


@step("tournaments.notify_round", in_worker=True)
def notify_round(*, round_id: int) -> None:
    """A round was drawn: tell its players whom they play, and at which table if placed."""
    notifications.round_notify(round_id=round_id)


@step("tournaments.notify_pairing", in_worker=True)
def notify_pairing(*, pairing_id: int) -> None:
    """A pairing was placed on a table: tell its players (opponent too if not told yet)."""
    notifications.pairing_notify(pairing_id=pairing_id)


@step("tournaments.export_build", in_worker=True, on_failure=export_jobs.export_failed,
      attempts=1, atomic=False)
def export_build(*, export_id: int) -> None:
    """Make an export's file (a spreadsheet, the JSON of a tournament, a PDF to print).

    One attempt: a file that fails says why at once, and the organiser asks again. A worker
    that dies while making it leaves the step to be run again once its lease runs out."""
    export_jobs.export_build(export_id=export_id)
