"""A new file of the same thing replaces the older ones, whose data has changed since: their
rows and files are deleted, so a season of exports does not pile up on the disk. Other
files (another kind, format or language) stay."""

from pathlib import Path

from sueca_club import outbox
from tests.jobs.conftest import export_file
from tests.tournaments.helpers import in_play, play
from tournaments import export_jobs
from tournaments.models import Export


def ask(tournament, kind="standings", fmt="csv", **params):
    return export_jobs.tournament_export_request(tournament=tournament, kind=kind, fmt=fmt,
                                                 params=params)[0]


def test_a_newer_file_of_the_same_thing_deletes_the_older_one(swiss, run_queued, media_root):
    with run_queued():
        old = ask(swiss)
    export_file(old)
    old_path = Path(media_root) / old.file.name
    assert old_path.exists()
    play(in_play(swiss)[0])
    with run_queued():
        new = ask(swiss)
    assert export_file(new)
    assert not Export.objects.filter(pk=old.pk).exists()
    assert not old_path.exists()


def test_files_of_other_kinds_formats_and_languages_stay(swiss, run_queued):
    with run_queued():
        others = [ask(swiss, fmt="xlsx"), ask(swiss, kind="results"),
                  ask(swiss, language="pt-pt")]
        ask(swiss)
    play(in_play(swiss)[0])
    with run_queued():
        ask(swiss)
    assert all(export_file(other) for other in others)


def test_a_file_still_being_made_is_left_to_finish(swiss, run_queued, monkeypatch):
    with monkeypatch.context() as held:
        held.setattr(outbox, "dispatch", lambda step_id, name: None)
        pending = ask(swiss)  # queued, never run here
    play(in_play(swiss)[0])
    with run_queued():
        new = ask(swiss)
    assert export_file(new)
    pending.refresh_from_db()
    assert pending.status == Export.Status.PENDING
