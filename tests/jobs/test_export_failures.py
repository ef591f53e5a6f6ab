"""A file that cannot be made says so on the exports page; the request that asked goes on."""

from unittest import mock

from django.db import transaction

from tests.jobs.conftest import export_file
from tournaments import exports
from tournaments.models import Export


def exports_url(t) -> str:
    return f"/manage/{t.club.slug}/tournaments/{t.slug}/exports/"


def ask(client, t, kind="results", fmt="xlsx", **extra):
    return client.post(exports_url(t) + "new/", {"kind": kind, "format": fmt, **extra},
                       follow=True)


def test_a_failure_is_recorded_with_its_message_and_shown(organiser_client, swiss, run_queued):
    with mock.patch.object(exports, "tournament_results", side_effect=ValueError("disk full")), \
            run_queued():
        response = ask(organiser_client, swiss)
    assert response.status_code == 200  # the request did not crash
    export = Export.objects.get()
    assert (export.status, export.error) == ("failed", "disk full")
    body = organiser_client.get(exports_url(swiss)).content.decode()
    assert "The file could not be made." in body and "disk full" in body
    assert "Try again" in body


def test_asking_again_after_a_failure_makes_a_new_file(organiser_client, swiss, run_queued):
    with mock.patch.object(exports, "tournament_results", side_effect=ValueError("disk full")), \
            run_queued():
        ask(organiser_client, swiss)
    with run_queued():
        ask(organiser_client, swiss)
    failed, done = Export.objects.order_by("pk")
    assert (failed.status, done.status) == ("failed", "done")
    assert export_file(done).startswith(b"PK")  # an XLSX is a zip


def test_a_file_whose_export_row_is_gone_fails_without_retrying(db):
    from sueca_club import outbox
    from sueca_club.models import OutboxStep

    with transaction.atomic():
        outbox.follow("tournaments.export_build", export_id=123456)
    outbox.relay()
    step = OutboxStep.objects.get()
    assert (step.status, step.attempts) == ("failed", 1)
    assert "no longer exists" in step.error
