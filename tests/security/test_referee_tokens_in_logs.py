"""A referee token is its table's only key: no log line carries one in full (sueca_club/logs.py).

Django logs the path of every 4xx and 5xx (django.request), runserver every request line
(django.server), gunicorn every request line and Referer (sueca_club/gunicorn.py).
"""

import datetime
import logging
import secrets

import pytest
from django.utils import timezone
from gunicorn.config import Config

from sueca_club.gunicorn import RedactingLogger
from sueca_club.logs import RedactRefereeTokens, redact_referee_tokens

UNKNOWN = secrets.token_urlsafe(24)


def logged(caplog) -> str:
    return "\n".join(record.getMessage() for record in caplog.records)


@pytest.mark.parametrize(("method", "path"), [
    ("GET", f"/r/{UNKNOWN}/"), ("POST", f"/r/{UNKNOWN}/deals/"), ("GET", f"/r/{UNKNOWN}/deals/"),
    ("GET", f"/api/v1/referee/{UNKNOWN}"), ("POST", f"/api/v1/referee/{UNKNOWN}/deals"),
])
def test_a_4xx_on_a_referee_url_logs_the_token_cut_short(client, db, caplog, method, path):
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client.generic(method, path)
    assert response.status_code in (404, 405)
    assert UNKNOWN not in logged(caplog)
    assert f"/{UNKNOWN[:4]}…" in logged(caplog)


def test_a_403_on_a_revoked_link_logs_no_token(client, referee_link, caplog):
    referee_link.revoked_at = timezone.now()
    referee_link.save()
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client.get(f"/r/{referee_link.token}/")
    assert response.status_code == 403
    assert "Forbidden" in logged(caplog)
    assert referee_link.token not in logged(caplog)


def test_a_crash_on_a_referee_url_logs_no_token_in_the_message_or_the_traceback(
        client, referee_link, caplog, monkeypatch):
    from scoring.views import referee

    def crash(*args, **kwargs):
        raise RuntimeError(f"crashed on {referee_link.get_absolute_url()}")

    monkeypatch.setattr(referee, "_usable", crash)
    client.raise_request_exception = False
    with caplog.at_level(logging.ERROR, logger="django.request"):
        assert client.get(f"/r/{referee_link.token}/").status_code == 500
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert referee_link.token not in record.getMessage() + record.exc_text
    assert "RuntimeError: crashed on /r/" in record.exc_text


class Kept(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record):
        self.lines.append(self.format(record))


def test_a_csrf_refusal_on_a_referee_url_logs_the_token_cut_short(referee_link):
    """The referee page takes no POST of its own: Django's CSRF check refuses one first. Its
    line reaches Django's own console handler (on the "django" logger, printing while DEBUG is
    on) before the site's: it must be cut short where it is logged."""
    from django.test import Client

    kept = Kept()
    logging.getLogger("django").addHandler(kept)
    try:
        response = Client(enforce_csrf_checks=True).post(f"/r/{referee_link.token}/")
    finally:
        logging.getLogger("django").removeHandler(kept)
    assert response.status_code == 403
    assert kept.lines == [f"Forbidden (CSRF cookie not set.): /r/{referee_link.token[:4]}…/"]


def test_runservers_request_lines_are_redacted():
    """As django.core.servers.basehttp.WSGIRequestHandler.log_message writes them."""
    server = logging.getLogger("django.server")
    assert any(isinstance(f, RedactRefereeTokens) for h in server.handlers for f in h.filters)
    kept = Kept()
    server.addHandler(kept)
    try:
        server.warning('"%s" %s %s', f"GET /r/{UNKNOWN}/ HTTP/1.1", "404", "179",
                       extra={"status_code": 404})
    finally:
        server.removeHandler(kept)
    assert kept.lines == [f'"GET /r/{UNKNOWN[:4]}…/ HTTP/1.1" 404 179']


def test_gunicorns_access_log_cuts_the_token_in_the_request_line_and_the_referer(tmp_path):
    config = Config()
    config.set("accesslog", str(tmp_path / "access.log"))
    log = RedactingLogger(config)
    path, referer = f"/api/v1/referee/{UNKNOWN}/deals", f"https://sueca.example/r/{UNKNOWN}/"
    environ = {"REQUEST_METHOD": "POST", "RAW_URI": path, "PATH_INFO": path,
               "SERVER_PROTOCOL": "HTTP/1.1", "QUERY_STRING": "", "REMOTE_ADDR": "192.0.2.1",
               "HTTP_REFERER": referer, "HTTP_USER_AGENT": "phone"}
    response = type("Response", (), {"status": "404 Not Found", "sent": 10, "headers": []})()
    request = type("Request", (), {"headers": [("REFERER", referer)]})()
    log.access(response, request, environ, datetime.timedelta(seconds=0.01))
    log.setup(config)  # a reload: still one filter
    assert len([f for f in log.access_log.filters if isinstance(f, RedactRefereeTokens)]) == 1
    for handler in log.access_log.handlers:
        handler.flush()
    line = (tmp_path / "access.log").read_text()
    assert UNKNOWN not in line
    assert f"POST /api/v1/referee/{UNKNOWN[:4]}…/deals HTTP/1.1" in line
    assert f"https://sueca.example/r/{UNKNOWN[:4]}…/" in line


def test_other_paths_are_left_alone():
    text = "GET /m/12/ /t/open-2025/r/ /c/cafe/ /manage/referee/3/"
    assert redact_referee_tokens(text) == text
