"""The real PostgreSQL server stopped and started while the site runs (opt-in).

test_database_outage.py proves the same through a proxy that only the site goes through;
this one stops the shared server itself, so it runs only when asked
(SUECA_FAULTS_RESTART_POSTGRES=1, as root or postgres, against a server on this machine),
after every other test of the session (the `restarts_postgres` marker, and a module name
that sorts last), and always starts the server again and waits until it accepts
connections, whatever happened in between. Anything else using the server at that moment
(another test run on the machine) loses its connections.
"""

import os
import shutil
import subprocess

import pytest
from django.db import connection

from scoring.models import Deal
from tests.concurrency import postgres_only
from tests.faults.conftest import wait_until
from tests.faults.site import Site, database_url

ENABLED = os.environ.get("SUECA_FAULTS_RESTART_POSTGRES") == "1"

pytestmark = [
    *postgres_only, pytest.mark.faults, pytest.mark.restarts_postgres,
    pytest.mark.usefixtures("needs_postgres"),
    pytest.mark.skipif(not ENABLED, reason="stops the shared PostgreSQL server: set "
                       "SUECA_FAULTS_RESTART_POSTGRES=1 to run it (test_database_outage.py "
                       "covers the same through a proxy)"),
]

APP = "sueca-faults-restart"


def cluster() -> list[str] | None:
    """pg_ctlcluster's command for the Debian cluster that serves the test database's port."""
    port = str(connection.settings_dict["PORT"] or 5432)
    listed = subprocess.run(["pg_lsclusters", "--no-header"], capture_output=True, text=True,
                            timeout=10).stdout
    for line in listed.splitlines():
        version, name, cluster_port = line.split()[:3]
        if cluster_port == port:
            return ["pg_ctlcluster", "--skip-systemctl-redirect", version, name]
    return None


def accepting() -> bool:
    s = connection.settings_dict
    return subprocess.run(["pg_isready", "-q", "-h", s["HOST"] or "127.0.0.1", "-p",
                           str(s["PORT"] or 5432), "-U", s["USER"] or "postgres",
                           "-d", "postgres"], timeout=10).returncode == 0


@pytest.fixture
def server():
    if not all(shutil.which(tool) for tool in ("pg_ctlcluster", "pg_lsclusters", "pg_isready")):
        pytest.skip("needs Debian's pg_ctlcluster, pg_lsclusters and pg_isready")
    if connection.settings_dict["HOST"] not in ("", "127.0.0.1", "localhost", "::1"):
        pytest.skip("the database server is not on this machine")
    if os.geteuid() != 0:
        pytest.skip("stopping PostgreSQL needs root")
    command = cluster()
    if command is None:
        pytest.skip("no Debian cluster on this machine serves the test database's port")

    def run(action: str) -> None:
        subprocess.run([*command, action], check=True, timeout=120)

    yield run
    # Whatever the test did: the server runs and accepts connections again.
    if not accepting():
        subprocess.run([*command, "start"], timeout=120)
    wait_until(accepting, timeout=60, what="PostgreSQL to accept connections")
    connection.close()  # the test's own connection died with the server


@pytest.fixture
def site(transactional_db, server):
    served = Site(database_url(application_name=APP), workers=2)
    yield served
    served.stop()


def test_postgres_stopped_and_started_the_site_fails_cleanly_then_recovers_alone(
        match, referee_link, server, site):
    api = f"/api/v1/matches/{match.pk}"
    deal = f"/api/v1/referee/{referee_link.token}/deals"
    site.wait_ready(api)
    for _ in range(8):
        assert site.get(api).status == 200
    workers = site.workers()

    try:
        server("stop")
        for path in (api, f"/m/{match.pk}/"):
            reply = site.get(path)
            assert reply.status == 503, (path, reply.status, reply.body[:300])
            assert reply.headers["Retry-After"]
        reply = site.post(deal, {"points": [95, 25]}, headers={"Idempotency-Key": "restart"})
        assert reply.status == 503, reply.body[:300]
    finally:
        if not accepting():
            server("start")
        wait_until(accepting, timeout=60, what="PostgreSQL to accept connections")
        connection.close()

    for _ in range(8):
        assert site.get(api).status == 200
    for _ in range(2):
        reply = site.post(deal, {"points": [95, 25]}, headers={"Idempotency-Key": "restart"})
        assert reply.status == 201, reply.body[:300]
    assert Deal.objects.filter(match=match).count() == 1
    assert site.process.poll() is None and site.workers() == workers, site.output()
