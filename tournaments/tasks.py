"""Background tasks of tournaments: thin wrappers around services (see sueca_club/jobs.py)."""

from sueca_club.jobs import job
from tournaments import export_jobs


@job(on_failure=export_jobs.export_failed)
def export_build(export_id: int) -> None:
    """Make an export's file (a spreadsheet, the JSON of a tournament, a PDF to print)."""
    export_jobs.export_build(export_id=export_id)
