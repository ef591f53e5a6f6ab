"""The broker (Redis) stops or freezes while referees score: every deal is answered at once
and saved; what follows it (ratings, result emails) waits in the outbox, and once the broker
is back the sweep hands it to a real worker, which does it. Nothing lost, nothing doubled.

The broker is a throwaway redis-server of the test's own (its port, its folder), so stopping
or freezing it touches nothing else."""

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import uuid

import pytest

from scoring.models import Deal, RatingChange
from sueca_club.models import OutboxStep
from tests.concurrency import postgres_only
from tests.conftest import make_match
from tests.faults.conftest import wait_until
from tests.faults.site import ROOT, Site, database_url, free_port

pytestmark = [*postgres_only, pytest.mark.faults, pytest.mark.usefixtures("needs_postgres")]
ANSWER_TIMEOUT = 8  # seconds: a deal that waits on the broker (it was 30 s, then a 500) fails
FLAG = {"points": [120, 0], "flag": "A"}


class Broker:
    def __init__(self, folder):
        if not shutil.which("redis-server"):
            pytest.skip("needs redis-server")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        import redis

        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        wait_until(lambda: _pings(client), timeout=10, what="the broker to start")

    def freeze(self):
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self):
        self.process.send_signal(signal.SIGCONT)

    def stop(self):
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGCONT)
            self.process.kill()
        self.process.wait(timeout=10)


def _pings(client) -> bool:
    try:
        return client.ping()
    except Exception:  # noqa: BLE001 - not up yet
        return False


@pytest.fixture
def broker(tmp_path):
    broker = Broker(tmp_path)
    yield broker
    broker.stop()


@pytest.fixture
def match(club, pair_a, pair_b):
    return make_match(club, pair_a, pair_b)


@pytest.fixture
def site(broker, match):
    site = Site(database_url(application_name="sueca-broker-outage"), workers=1,
                extra_env={"CELERY_BROKER_URL": broker.url})
    try:
        site.wait_ready(f"/api/v1/matches/{match.pk}")
        yield site
    finally:
        site.stop()


def score_a_match(site, match) -> tuple[int, list]:
    """A friendly played to its end by API: (its id, the answers to its deals)."""
    token = match.referee_links.get().token
    answers = [site.post(f"/api/v1/referee/{token}/deals", FLAG,
                         headers={"Idempotency-Key": str(uuid.uuid4())}, timeout=ANSWER_TIMEOUT)]
    return match.pk, answers


def relay(broker) -> None:
    env = {**os.environ, "DATABASE_URL": database_url(application_name="sueca-relay"),
           "CELERY_BROKER_URL": broker.url}
    subprocess.run([sys.executable, "manage.py", "outbox_relay"], cwd=ROOT, env=env,
                   check=True, timeout=60, capture_output=True)


@contextlib.contextmanager
def worker(broker, tmp_path):
    env = {**os.environ, "DATABASE_URL": database_url(application_name="sueca-worker"),
           "CELERY_BROKER_URL": broker.url, "PYTHONUNBUFFERED": "1"}
    log = open(tmp_path / "worker.log", "wb")  # noqa: SIM115 - open while it runs
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "sueca_club", "worker", "--pool=solo",
         "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        yield
    finally:
        process.terminate()
        process.wait(timeout=20)
        log.close()


@pytest.mark.parametrize("fault", ["frozen", "stopped"])
def test_deals_are_answered_while_the_broker_is_down_and_what_follows_runs_when_it_is_back(
        fault, broker, site, match, tmp_path):
    broker.freeze() if fault == "frozen" else broker.process.send_signal(signal.SIGTERM)
    match_id, answers = score_a_match(site, match)  # no answer within ANSWER_TIMEOUT: 0
    assert [a.status for a in answers] == [201], site.output()
    assert answers[0].json()["finished"]
    assert Deal.objects.filter(match_id=match_id).count() == 1
    waiting = OutboxStep.objects.filter(args__match_id=match_id, status="pending",
                                        name="scoring.ratings_follow_match")
    assert waiting.count() == 1 and not RatingChange.objects.filter(match_id=match_id).exists()

    if fault == "frozen":
        broker.thaw()
    else:
        broker.stop()
        broker.__init__(tmp_path)  # the same port is not promised: a new broker, new URL
    behind = OutboxStep.objects.filter(args__match_id=match_id, status="pending")
    behind.update(created_at=waiting[0].created_at.replace(year=2020), sent_at=None)
    relay(broker)
    with worker(broker, tmp_path):
        wait_until(lambda: not behind.exists(), timeout=60,
                   what="the worker to do what followed the deal")
    assert RatingChange.objects.filter(match_id=match_id).count() == 6
