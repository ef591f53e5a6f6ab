"""A real Celery worker on the machine's Redis runs every step the site hands it (its registry
holds every job), builds a spreadsheet and a PDF, and records a failure, against this test's
database. Runs where CELERY_BROKER_URL points at a reachable
Redis and the database is one another process can open (CI's PostgreSQL + Redis pass)."""

import os
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection, transaction

from sueca_club import outbox
from sueca_club.models import OutboxStep
from sueca_club.tasks import outbox_run
from tests.jobs.conftest import pdf_pages
from tournaments import export_jobs
from tournaments.models import Export

ROOT = Path(__file__).resolve().parents[2]
CELERY = Path(sys.executable).with_name("celery")
WAIT = 60  # seconds for the worker to start and make the files


def broker_or_skip() -> str:
    url = settings.CELERY_BROKER_URL
    if not url:
        pytest.skip("no CELERY_BROKER_URL: tasks run in-process (the PostgreSQL + Redis pass of "
                    "CI runs this test)")
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        pytest.skip(f"CELERY_BROKER_URL {url} is not reachable: {error}")
    return url


def database_url() -> str:
    """The URL of the test database, for the worker process."""
    db = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.skip("the worker needs a database another process can open: set DATABASE_URL to "
                    "PostgreSQL (the SQLite test database lives in this process's memory)")
    user = quote(db["USER"] or "")
    password = f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else ""
    at = f"{user}{password}@" if user else ""
    return f"postgres://{at}{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def worker(transactional_db, media_root, monkeypatch, tmp_path):
    """A `celery worker` subprocess on a queue of its own, and the app sending to it."""
    from sueca_club.celery import app

    broker = broker_or_skip()
    queue = f"test-{uuid.uuid4().hex[:8]}"
    env = {**os.environ, "DATABASE_URL": database_url(), "CELERY_BROKER_URL": broker,
           "MEDIA_ROOT": str(media_root), "DJANGO_SETTINGS_MODULE": "sueca_club.settings",
           "PYTHONUNBUFFERED": "1"}
    log = tmp_path / "worker.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [str(CELERY), "-A", "sueca_club", "worker", "--pool=solo", "-c", "1", "-Q", queue,
             "--loglevel=INFO", "--without-gossip", "--without-mingle", "--without-heartbeat",
             "-n", f"{queue}@%h"], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    app.conf.task_always_eager = False  # the autouse tasks_in_process fixture restores it
    send = outbox_run.apply_async
    monkeypatch.setattr(outbox_run, "apply_async", lambda *a, **kw: send(*a, queue=queue, **kw))
    process.queue = queue
    process.log = log
    yield process
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def finished(export: Export, worker) -> Export:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        export.refresh_from_db()
        if export.status in (Export.Status.DONE, Export.Status.FAILED):
            return export
        assert worker.poll() is None, "the worker stopped:\n" + worker.log.read_text()
        time.sleep(0.25)
    pytest.fail(f"export {export.pk} still {export.status} after {WAIT} s; the worker said:\n"
                + worker.log.read_text())


def test_a_real_worker_makes_a_spreadsheet_and_a_pdf(worker, finished_knockout):
    csv_export, _ = export_jobs.tournament_export_request(
        tournament=finished_knockout, kind="standings", fmt="csv")
    pdf_export, _ = export_jobs.tournament_export_request(
        tournament=finished_knockout, kind="cards", fmt="pdf",
        params={"base_url": "https://sueca.example/"})
    assert Export.objects.get(pk=csv_export.pk).status in ("pending", "running", "done")

    csv_export, pdf_export = finished(csv_export, worker), finished(pdf_export, worker)
    assert (csv_export.status, pdf_export.status) == ("done", "done"), (csv_export.error,
                                                                        pdf_export.error)
    with csv_export.file.open("rb") as handle:
        lines = handle.read().decode("utf-8-sig").splitlines()
    assert lines[0].startswith("#,Partnership,Points") and len(lines) == 1 + 8
    with pdf_export.file.open("rb") as handle:
        content = handle.read()
    assert content.startswith(b"%PDF-") and pdf_pages(content) == 1
    assert "sueca_club.tasks.outbox_run" in worker.log.read_text()


def test_a_real_worker_records_a_failure_on_the_export(worker, finished_knockout):
    # a row no request would make (cards come only as PDF): the step fails for good, at once
    export = Export.objects.create(club=finished_knockout.club, tournament=finished_knockout,
                                   kind="cards", format="csv", data_version="v", key="bad",
                                   params={"language": "en"})
    with transaction.atomic():
        outbox.follow("tournaments.export_build", export_id=export.pk)
    outbox.relay()
    export = finished(export, worker)
    assert export.status == "failed" and "cannot be made in that format" in export.error


def test_the_workers_registry_holds_every_job_and_it_runs_every_worker_step(worker):
    """Every task the site can queue is one the worker knows (a task it does not know, it
    discards), and every step the outbox hands to workers is run there."""
    from sueca_club.celery import app

    deadline = time.monotonic() + WAIT
    registered = None
    while registered is None and time.monotonic() < deadline:
        replies = app.control.inspect(destination=[f"{worker.queue}@{socket.gethostname()}"],
                                      timeout=2).registered() or {}
        registered = next(iter(replies.values()), None)
    assert registered is not None, worker.log.read_text()
    ours = {name for name in app.tasks if not name.startswith("celery.")}
    assert ours and ours <= set(registered)

    in_worker = [s for s in outbox.STEPS.values() if s.in_worker]
    args = {"tournaments.export_build": {"export_id": 0}, "tournaments.notify_round":
            {"round_id": 0}, "tournaments.notify_pairing": {"pairing_id": 0},
            "sueca_club.invitation_email": {"invitation_id": 0},
            "sueca_club.invitation_proof_email": {"invitation_id": 0, "user_id": 0},
            "tournaments.signup_links_email": {"signup_ids": [], "language": "en"},
            "tournaments.signup_moved_up_email": {"signup_id": 0}}
    with transaction.atomic():
        for spec in in_worker:
            outbox.follow(spec.name, **args.get(
                spec.name, {"match_id": 0, "version": 1, "allow_reset": False}))
    outbox.relay()
    untried = OutboxStep.objects.filter(status="pending", attempts=0)  # a step it ran is
    while time.monotonic() < deadline and untried.exists():  # done, failed or to retry
        time.sleep(0.25)
    assert not list(untried.values_list("name", flat=True)), worker.log.read_text()
