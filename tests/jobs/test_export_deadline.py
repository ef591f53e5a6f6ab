"""A file that is not made in time (no worker, a worker killed, a broker down) is shown as
failed with words the organiser understands, and asking again starts a new one."""

import datetime

from django.utils import timezone

from sueca_club import outbox
from tournaments.models import Export


def exports_url(t) -> str:
    return f"/manage/{t.club.slug}/tournaments/{t.slug}/exports/"


def test_a_file_past_its_deadline_says_so_and_asking_again_makes_a_new_one(
        organiser_client, swiss, monkeypatch):
    with monkeypatch.context() as no_worker:
        no_worker.setattr(outbox, "dispatch", lambda step_id, name: None)
        organiser_client.post(exports_url(swiss) + "new/", {"kind": "deals", "format": "csv"})
    stuck = Export.objects.get()
    assert stuck.status == "pending"
    Export.objects.filter(pk=stuck.pk).update(
        created_at=timezone.now() - datetime.timedelta(minutes=6))

    body = organiser_client.get(exports_url(swiss)).content.decode()
    assert "This file was not made in time" in body and "Error" not in body

    organiser_client.post(exports_url(swiss) + "new/", {"kind": "deals", "format": "csv"})
    stuck.refresh_from_db()
    assert stuck.status == "failed" and "not made in time" in stuck.error
    new = Export.objects.exclude(pk=stuck.pk).get()
    assert new.status == "done"
