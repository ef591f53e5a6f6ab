"""What every refusal must look like, and the proof that it wrote nothing."""

import re

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.db import connection
from django.test.utils import CaptureQueriesContext

APPS = ("sueca_club", "scoring", "tournaments")
WRITE = re.compile(r'^\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)
IGNORED_TABLES = {"django_session"}  # a message too long for its cookie goes to the session


def tables() -> list[str]:
    models = [get_user_model(), *(m for label in APPS
                                  for m in apps.get_app_config(label).get_models())]
    return sorted(m._meta.db_table for m in models)


def row_counts() -> dict[str, int]:
    """The number of rows of every table of the project (and the users), in one query."""
    names = tables()
    quote = connection.ops.quote_name
    sql = "SELECT " + ", ".join(f"(SELECT COUNT(*) FROM {quote(name)})" for name in names)
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return dict(zip(names, cursor.fetchone(), strict=True))


class NothingWritten:
    """`with NothingWritten():` fails if a row was added, changed or deleted inside.

    Rows are counted before and after; and no INSERT, UPDATE or DELETE may even be sent
    (so a change that leaves the counts alone, or one rolled back later, is caught too).
    """

    def __enter__(self):
        self.counts = row_counts()
        self.queries = CaptureQueriesContext(connection).__enter__()
        return self

    def __exit__(self, kind, error, traceback):
        self.queries.__exit__(kind, error, traceback)
        if kind is not None:
            return
        writes = [q["sql"][:200] for q in self.queries.captured_queries
                  if (found := WRITE.match(q["sql"])) and found[2] not in IGNORED_TABLES]
        assert not writes, f"bad input was written: {writes}"
        after = row_counts()
        assert after == self.counts, {t: (self.counts[t], after[t]) for t in after
                                      if after[t] != self.counts[t]}


def assert_api_refusal(response) -> str:
    """A 4xx answer whose body is {"error": "<a sentence>"}; returns the sentence."""
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    assert response["Content-Type"] == "application/json", response.content[:300]
    body = response.json()
    assert list(body) == ["error"], body
    assert isinstance(body["error"], str) and body["error"].strip(), body
    return body["error"]


def error_messages(response) -> list[str]:
    """The error messages the page shows, or that wait for the page a redirect leads to."""
    if response.context is not None and "messages" in response.context:
        stored = response.context["messages"]
    else:
        stored = get_messages(response.wsgi_request)
    return [str(m) for m in stored if m.level_tag == "error"]


def assert_page_refusal(response) -> None:
    """A form refused on an HTML page: shown again (200 or 400) with its errors in it, or a
    redirect to a page that will say why; an id that is not theirs is a 404."""
    assert response.status_code < 500, response.status_code
    if response.status_code == 404:
        return
    if response.status_code == 302:
        assert error_messages(response), "redirected without saying why"
        return
    assert response.status_code in (200, 400), (response.status_code, response.content[:300])
    html = response.content.decode()
    assert 'class="errorlist' in html or error_messages(response), "no error on the page"
    assert "Traceback" not in html


def post_form(client, path: str, data: dict, **kwargs):
    """POST `data` as a browser sends a form: always with its CSRF token field, so even a form
    whose every field is missing is a submitted form (tests do not check the token itself).
    Messages left by an earlier request are dropped, so only this one's are seen."""
    client.cookies.pop("messages", None)
    return client.post(path, {"csrfmiddlewaretoken": "x" * 64, **data}, **kwargs)
