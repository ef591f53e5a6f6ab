"""sueca_club.middleware: a view that loses its database answers a clean 503, on any database."""

import psycopg
import pytest
from django.db import DatabaseError, InterfaceError, OperationalError

from scoring import selectors
from sueca_club.middleware import is_outage
from sueca_club.views import public


@pytest.fixture
def broken(monkeypatch):
    """Make the match API and the home page raise `error` as soon as they touch the data."""
    def install(error: Exception):
        def lost(*args, **kwargs):
            raise error

        monkeypatch.setattr(selectors, "match_version", lost)
        monkeypatch.setattr(public, "first_live", lost)
    return install


@pytest.mark.parametrize("error", [OperationalError("server closed the connection unexpectedly"),
                                   InterfaceError("connection already closed")])
def test_the_api_answers_503_json_with_retry_after(client, db, broken, error):
    broken(error)
    response = client.get("/api/v1/matches/1")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response["Cache-Control"] == "no-store"
    assert "Try again in a moment" in response.json()["error"]


def test_a_page_answers_503_html_without_templates_or_the_session(client, db, broken):
    broken(OperationalError("connection refused"))
    response = client.get("/")
    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/html")
    assert b"<h1>Try again in a moment</h1>" in response.content


def test_other_database_errors_are_not_hidden(client, db, broken):
    broken(DatabaseError("a bug, not an outage"))
    with pytest.raises(DatabaseError):
        client.get("/api/v1/matches/1")


def wrapped(cause: Exception) -> OperationalError:
    """What Django raises for a psycopg error: its own class, the driver's error as the cause."""
    error = OperationalError(str(cause))
    error.__cause__ = cause
    return error


@pytest.mark.parametrize("cause", [
    psycopg.errors.QueryCanceled("canceling statement due to statement timeout"),
    psycopg.errors.LockNotAvailable("canceling statement due to lock timeout"),
    psycopg.errors.AdminShutdown("terminating connection due to administrator command"),
    psycopg.errors.TooManyConnections("sorry, too many clients already"),
    psycopg.errors.ConnectionTimeout("connection timeout expired"),
    psycopg.OperationalError("the database server did not answer within 7 s"),
], ids=lambda cause: type(cause).__name__)
def test_timeouts_cancelled_statements_and_a_lost_server_are_outages(cause):
    assert is_outage(wrapped(cause))


@pytest.mark.parametrize("error", [
    wrapped(psycopg.errors.DeadlockDetected("deadlock detected")),
    wrapped(psycopg.errors.StatementTooComplex("stack depth limit exceeded")),
    OperationalError("no such table: scoring_match"),
    OperationalError('near "SELEC": syntax error'),
    DatabaseError("a bug, not an outage"),
], ids=str)
def test_other_operational_errors_are_bugs_not_outages(error):
    assert not is_outage(error)


def test_a_locked_sqlite_database_is_an_outage():
    assert is_outage(OperationalError("database is locked"))


def test_an_operational_error_that_is_a_bug_stays_a_500(client, db, broken):
    broken(OperationalError("no such table: scoring_match"))
    with pytest.raises(OperationalError):
        client.get("/api/v1/matches/1")


def test_a_statement_cancelled_by_the_timeout_answers_503(client, db, broken):
    broken(wrapped(psycopg.errors.QueryCanceled("canceling statement due to statement timeout")))
    response = client.get("/api/v1/matches/1")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
