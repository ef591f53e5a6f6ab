"""A Celery worker killed in the middle of an export: the task runs again, and its file is right.

Real workers (`celery worker`, prefork, one pool process) run the project's export step
(handed to them as `sueca_club.tasks.outbox_run`) against the test database and the Redis
at 127.0.0.1:6379, under a key prefix of the test's own. The first attempt stops half-way
(tests/faults/celery_worker.py) and the test SIGKILLs:

- the pool process running it: the worker sees it lost, and `reject_on_worker_lost` with
  `acks_late` puts the message back, so the same worker runs it again;
- the whole worker, main process and pool: nothing can put the message back, so it waits,
  unacknowledged, in Redis until its visibility timeout (a few seconds here, set for the
  test; the settings make it longer than any task may run); a new worker then runs it.

Either way the export is made exactly once more, and its file is byte for byte the one the
export service makes from the same data.
"""

import contextlib
import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from celery import Celery
from django.conf import settings as django_settings
from django.utils import translation

from sueca_club import outbox
from sueca_club.models import OutboxStep
from tests.concurrency import postgres_only
from tests.faults.conftest import wait_until
from tests.faults.site import ROOT, database_url
from tests.tournaments.helpers import make_tournament, play_to_the_end
from tournaments import export_jobs, exports
from tournaments import services as tournament_services
from tournaments.models import Export

pytestmark = [*postgres_only, pytest.mark.faults, pytest.mark.usefixtures("needs_postgres")]

TASK = "sueca_club.tasks.outbox_run"
START_TIMEOUT = 60  # a worker imports Django and connects: seconds, not minutes


def broker_url() -> str:
    url = os.environ.get("CELERY_BROKER_URL", "")
    return url if url.startswith("redis://") else "redis://127.0.0.1:6379/0"


@pytest.fixture
def redis_prefix():
    import redis

    client = redis.Redis.from_url(broker_url(), socket_connect_timeout=2, socket_timeout=5)
    try:
        client.ping()
    except redis.RedisError as exc:
        pytest.skip(f"needs Redis at {broker_url()}: {exc}")
    prefix = f"sueca-faults-{uuid.uuid4().hex[:12]}:"
    yield prefix
    for key in client.scan_iter(match=f"{prefix}*"):
        client.delete(key)
    client.close()


class Worker:
    def __init__(self, env: dict, log: Path):
        self.log = log.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "tests.faults.celery_worker", "worker",
             "--pool", "prefork", "--concurrency", "1", "--queues", env["SUECA_FAULTS_QUEUE"],
             "--hostname", f"faults-{uuid.uuid4().hex[:8]}@%h", "--without-gossip",
             "--without-mingle", "--without-heartbeat", "--loglevel", "INFO"],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )

    def pool(self) -> set[int]:
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return {int(pid) for pid in path.read_text().split()} if path.exists() else set()

    def kill(self) -> None:
        """SIGKILL the worker and its pool at once: no warm shutdown, no goodbye to Redis."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


@pytest.fixture
def workers(transactional_db, redis_prefix, tmp_path, settings):
    """Start workers with `workers.start(visibility=...)`; all are stopped at the end."""
    settings.MEDIA_ROOT = tmp_path / "media"  # where the workers write the files
    marks = tmp_path / "marks"
    marks.mkdir()
    queue = f"{redis_prefix}exports"
    log = tmp_path / "workers.log"
    started: list[Worker] = []

    class Workers:
        def start(self, visibility: float | None = None) -> Worker:
            env = {**os.environ, "DATABASE_URL": database_url(application_name="sueca-faults-worker"),
                   "CELERY_BROKER_URL": broker_url(), "MEDIA_ROOT": str(settings.MEDIA_ROOT),
                   "SUECA_FAULTS_PREFIX": redis_prefix, "SUECA_FAULTS_QUEUE": queue,
                   "SUECA_FAULTS_MARKS": str(marks), "PYTHONUNBUFFERED": "1"}
            if visibility is not None:
                env["SUECA_FAULTS_VISIBILITY"] = str(visibility)
            worker = Worker(env, log)
            started.append(worker)
            return worker

        def send(self, export: Export) -> None:
            step = OutboxStep.objects.get(name="tournaments.export_build",
                                          args__export_id=export.pk)
            producer = Celery("faults-producer", broker=broker_url(), set_as_current=False)
            producer.conf.broker_transport_options = {"global_keyprefix": redis_prefix}
            try:
                producer.send_task(TASK, args=[step.pk], queue=queue)
            finally:
                producer.close()

        def attempts(self) -> list[int]:
            return [int(p.read_text()) for p in sorted(marks.glob("attempt-*"))]

        def output(self) -> str:
            return log.read_text(errors="replace")[-8000:]

    try:
        yield Workers()
    finally:
        for worker in started:
            worker.stop()


@pytest.fixture
def export(club, monkeypatch) -> Export:
    """A finished tournament and a file of every deal asked for (queued by the test itself)."""
    tournament = make_tournament(club, 4, tables_count=2, fmt={"type": "fixed_deals", "deals": 2})
    tournament_services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    monkeypatch.setattr(outbox, "dispatch", lambda *args: None)  # the test hands it over
    row, made = export_jobs.tournament_export_request(tournament=tournament, kind="deals",
                                                      fmt="csv")
    assert made and row.status == Export.Status.PENDING
    return row


def first_attempt_under_way(workers, export) -> int:
    wait_until(lambda: workers.attempts(), timeout=START_TIMEOUT, what="the export to start")
    export.refresh_from_db()
    assert (export.status, export.progress) == (Export.Status.RUNNING, 42)
    return workers.attempts()[0]


def assert_made_again_and_right(workers, export) -> None:
    def finished():
        export.refresh_from_db()
        return export.status in (Export.Status.DONE, Export.Status.FAILED)

    try:
        wait_until(finished, timeout=START_TIMEOUT, what="the export to be made again")
    except AssertionError as exc:
        raise AssertionError(f"{exc}\n{workers.output()}") from None
    assert export.status == Export.Status.DONE, (export.error, workers.output())
    assert (export.progress, export.error) == (100, "")
    assert len(workers.attempts()) == 2  # the killed attempt, and exactly one more
    with translation.override("en"):
        expected = exports.tournament_deals(export.tournament, "csv")
    path = Path(django_settings.MEDIA_ROOT) / export.file.name
    assert path.read_bytes() == expected
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no half-made file


def test_pool_process_killed_mid_export_then_the_worker_runs_it_again(workers, export):
    worker = workers.start()  # the project's settings: a long visibility timeout
    workers.send(export)
    running = first_attempt_under_way(workers, export)
    assert running in worker.pool()

    os.kill(running, signal.SIGKILL)

    assert_made_again_and_right(workers, export)
    assert worker.process.poll() is None  # the same worker, with a new pool process
    assert workers.attempts()[1] != running


def test_whole_worker_killed_mid_export_then_a_new_worker_runs_it_again(workers, export):
    first = workers.start()
    workers.send(export)
    first_attempt_under_way(workers, export)

    first.kill()
    export.refresh_from_db()
    assert export.status == Export.Status.RUNNING and not export.file

    workers.start(visibility=5)  # a message unacknowledged for 5 s is handed out again
    assert_made_again_and_right(workers, export)
