"""The deal that ends a round is answered first; the next round is drawn once the answer has
gone out (when the server closes the response), on the same process, so a slow draw never
keeps a referee waiting."""

import io
import json

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections

from tests.tournaments.helpers import FLAG
from tournaments.models import Round


@pytest.fixture
def served_match(last_match):
    """A server closes the database connection around each request; inside the test's
    transaction that would close it under the test, as Django's test client knows (it puts
    the receiver back after each of its requests, so this comes after the setup's)."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield last_match
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


def wsgi_post(path: str, body: dict, key: str):
    """The request as a WSGI server makes it: the answer, and the response still open."""
    data = json.dumps(body).encode()
    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": path, "SERVER_NAME": "testserver",
        "SERVER_PORT": "443", "wsgi.url_scheme": "https", "wsgi.input": io.BytesIO(data),
        "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(data)),
        "HTTP_IDEMPOTENCY_KEY": key, "HTTP_HOST": "testserver", "wsgi.errors": io.StringIO(),
    }
    started = []
    response = WSGIHandler()(environ, lambda status, headers: started.append(status))
    return started[0], b"".join(response), response


def test_the_round_ending_deal_is_answered_before_the_next_round_is_drawn(served_match):
    tournament, table = served_match
    status, body, response = wsgi_post(f"/api/v1/referee/{table.link.token}/deals", FLAG,
                                       "the-last-deal")
    assert status.startswith("201") and json.loads(body)["finished"]
    assert not Round.objects.filter(tournament=tournament, number=2).exists()

    response.close()  # the server has sent the answer
    assert Round.objects.filter(tournament=tournament, number=2).exists()
    table.link.refresh_from_db()
    assert table.link.match_id is not None  # the table's next match is on
