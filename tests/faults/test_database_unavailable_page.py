"""sueca_club.middleware: a view that loses its database answers a clean 503, on any database."""

import pytest
from django.db import DatabaseError, InterfaceError, OperationalError

from scoring import api
from sueca_club.views import public


@pytest.fixture
def broken(monkeypatch):
    """Make the match API and the home page raise `error` as soon as they touch the data."""
    def install(error: Exception):
        def lost(*args, **kwargs):
            raise error

        monkeypatch.setattr(api.Match.objects, "filter", lost)
        monkeypatch.setattr(public, "live_matches", lost)
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
