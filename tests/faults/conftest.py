"""Fault injection: dropped database connections, a database that goes away, a killed worker.

Every test here needs the real PostgreSQL (and Redis for the worker); on SQLite they skip.
None restarts the shared PostgreSQL server unless SUECA_FAULTS_RESTART_POSTGRES=1 asks it to:
the outage is a proxy between the site and the server that the test cuts, and a dropped
connection is one backend terminated with pg_terminate_backend. Those touch only the
connections the test made, so the tests around them (and other runs on the machine) go on.
A test that must freeze a whole server starts a throwaway one of its own
(tests/faults/throwaway_postgres.py: initdb into a temporary folder, its own port).
"""

import time

import pytest
from django.db import connection

from tests.faults.proxy import PgProxy

RESTART_MARKER = "restarts_postgres"


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "faults: breaks a connection, a server or a worker on purpose (tests/faults)")
    config.addinivalue_line(
        "markers", f"{RESTART_MARKER}: stops and starts the shared PostgreSQL server; runs after "
                   "every other test, and only when SUECA_FAULTS_RESTART_POSTGRES=1")


def pytest_collection_modifyitems(config, items):
    """A test that restarts the shared server runs after every other test of the session."""
    items.sort(key=lambda item: item.get_closest_marker(RESTART_MARKER) is not None)


@pytest.fixture
def needs_postgres():
    if connection.vendor != "postgresql":
        pytest.skip("fault tests break connections to a real PostgreSQL server: set "
                    "DATABASE_URL=postgres://... (and Redis for the worker test)")


@pytest.fixture
def proxy(needs_postgres):
    """A proxy to the test database's server, for connections the test wants to break."""
    settings = connection.settings_dict
    pg_proxy = PgProxy((settings["HOST"] or "127.0.0.1", int(settings["PORT"] or 5432)))
    yield pg_proxy
    pg_proxy.close()


def sql(query: str, params=()) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(query, params)
        return cursor.fetchall() if cursor.description else []


def wait_until(condition, timeout: float = 15, what: str = "the condition") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(0.05)


def terminate_backend(pid: int) -> None:
    """Kill one server backend from another connection, and wait until it is gone."""
    assert sql("SELECT pg_terminate_backend(%s)", [pid]) == [(True,)]
    wait_until(lambda: not sql("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid]),
               what=f"backend {pid} to exit")


def backends(application_name: str) -> list[int]:
    return [pid for (pid,) in sql(
        "SELECT pid FROM pg_stat_activity WHERE application_name = %s", [application_name])]
