"""A PostgreSQL server that stops answering (frozen with SIGSTOP, sockets open) costs each
request a few seconds and a 503, never a hang; once it answers again the site recovers alone.

Keepalives and statement_timeout cannot notice a server that is there and does nothing (the
kernel still acknowledges everything): the deadline on each wait for an answer
(sueca_club.postgresql) and connect_timeout do. The frozen server is a throwaway one of the
test's own (tests/faults/throwaway_postgres.py), never the shared one.
"""

import os
import secrets
import subprocess
import sys
import time

import pytest

from tests.faults.site import ROOT, Site
from tests.faults.throwaway_postgres import ThrowawayPostgres

pytestmark = [pytest.mark.postgres, pytest.mark.faults, pytest.mark.usefixtures("needs_postgres")]

STATEMENT_TIMEOUT, CONNECT_TIMEOUT = 2, 2  # seconds; the answer deadline is 2 s more
# A frozen server costs one request at most the answer deadline (its kept connection's first
# query) and a connect timeout (a new connection); some slack for a busy machine. A hang
# would take the 20 s of tests/faults/site.py.REQUEST_TIMEOUT.
WORST = STATEMENT_TIMEOUT + 2 + CONNECT_TIMEOUT + 3
WORKERS = 2
TIMEOUTS = {"DATABASE_STATEMENT_TIMEOUT": str(STATEMENT_TIMEOUT), "DATABASE_LOCK_TIMEOUT": "1",
            "DATABASE_CONNECT_TIMEOUT": str(CONNECT_TIMEOUT)}


@pytest.fixture
def server():
    server = ThrowawayPostgres()
    try:
        server.start()
        server.create_database("sueca")
        env = {**os.environ, "DATABASE_URL": server.url("sueca"), **TIMEOUTS}
        env.pop("CELERY_BROKER_URL", None)
        subprocess.run([sys.executable, "manage.py", "migrate", "--verbosity", "0"], cwd=ROOT,
                       env=env, check=True, timeout=120)
        yield server
    finally:
        server.stop()


@pytest.fixture
def site(server):
    served = Site(server.url("sueca", application_name="sueca-faults-frozen"), workers=WORKERS,
                  extra_env=TIMEOUTS)
    yield served
    served.stop()


def test_a_frozen_database_answers_503_in_seconds_and_the_site_recovers_alone(server, site):
    api = "/api/v1/matches/1"  # no such match: a 404 once the database has said so
    site.wait_ready(api, status=404)
    for _ in range(4 * WORKERS):  # every worker holds a live connection to the server
        assert site.get(api).status == 404
    workers = site.workers()

    server.freeze()
    site.wait_out_remembered_versions()
    try:
        for path in (api, "/m/1/", api, "/m/1/"):  # no answer within WORST seconds: status 0
            reply = site.get(path, headers={"Accept": "text/html"}, timeout=WORST)
            assert reply.status == 503, (path, reply.status, reply.body[:300], site.output())
            assert reply.headers["Retry-After"] == "5"
            assert b"Try again in a moment" in reply.body
    finally:
        server.thaw()

    for _ in range(4 * WORKERS):  # the first request after included
        reply = site.get(api)
        assert reply.status == 404, (reply.status, reply.body[:300], site.output())
    assert site.process.poll() is None and site.workers() == workers, (
        "gunicorn restarted a worker:\n" + site.output())

    # The same gunicorn (-c python:sueca_club.gunicorn) logs no referee token in full.
    token = secrets.token_urlsafe(24)
    assert site.get(f"/api/v1/referee/{token}", headers={"Referer": f"{site.url}/r/{token}/"}
                    ).status == 404
    time.sleep(0.2)  # the access log line is written after the answer
    output = site.output()
    assert f"/api/v1/referee/{token[:4]}… " in output and f"/r/{token[:4]}…/" in output, output
    assert token not in output
