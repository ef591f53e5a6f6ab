"""A lost database is a short, clear 503 ("try again in a moment"), never a crash page; the
API's refusals are JSON, even for an address or a method it has no view for; an action's
address opened in the browser is a page that says so; a page that polls after its login ended
goes to the login page."""

import logging
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render, resolve_url
from django.template import loader
from django.urls import Resolver404, resolve
from django.utils.html import escape
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect

from sueca_club.logs import redact_referee_tokens

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5

# PostgreSQL's SQLSTATEs that mean "not now" rather than "wrong": a connection failure (08),
# too many connections and the like (53), a statement cancelled by statement_timeout or a
# server shutting down (57), a lock not had within lock_timeout (55P03).
OUTAGE_SQLSTATE_CLASSES = ("08", "53", "57")
OUTAGE_SQLSTATES = {"55P03"}
# The same, said in words, for errors that carry no SQLSTATE (SQLite, a lost socket).
OUTAGE_WORDS = ("connection", "closed", "refused", "timeout", "timed out", "did not answer",
                "canceling statement", "terminating", "shutting down", "database is locked")


def is_outage(error: Exception) -> bool:
    """Whether a database error means the server is gone, timed out or cancelled the statement:
    worth a retry in a moment, unlike a bug (a missing table, a bad query), which stays a 500."""
    if isinstance(error, InterfaceError):  # the connection was closed or is unusable
        return True
    if not isinstance(error, OperationalError):
        return False
    sqlstate = getattr(error.__cause__, "sqlstate", None)
    if sqlstate:
        return sqlstate.startswith(OUTAGE_SQLSTATE_CLASSES) or sqlstate in OUTAGE_SQLSTATES
    if type(error.__cause__).__module__.startswith("psycopg"):
        return True  # no SQLSTATE: psycopg lost the server itself (connect, socket, deadline)
    message = str(error).lower()
    return any(word in message for word in OUTAGE_WORDS)


class DatabaseUnavailableMiddleware:
    """Turn a dropped, refused, timed-out or cancelled database call in a view into a 503 with
    Retry-After.

    The page (templates/503.html) is rendered without the request's context processors, the
    session or the user: they may need the database that is gone. The referee phone retries a
    5xx with the same Idempotency-Key, and nothing half-done was kept (every write is one
    transaction), so the retry is safe.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not is_outage(exception):
            return None
        logger.warning("database unavailable for %s %s: %s", request.method,
                       redact_referee_tokens(request.path), exception)
        message = _("The scores are unreachable for a moment. Try again in a moment.")
        if request.path.startswith("/api/") or "json" in request.headers.get("Accept", ""):
            response = JsonResponse({"error": message}, status=503)
        else:
            response = HttpResponse(unavailable_page(message), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        response["Cache-Control"] = "no-store"
        return response


def unavailable_page(message: str) -> str:
    try:
        return loader.render_to_string("503.html", {"message": message})
    except Exception:  # the page that says the site is unwell must not fail too
        logger.exception("templates/503.html could not be rendered")
        title = escape(_("Try again in a moment"))
        return (f'<!doctype html><meta charset="utf-8">'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">'
                f"<title>{title}</title><h1>{title}</h1><p>{escape(message)}</p>")


class RefusalsMiddleware:
    """Say why, where Django answers with nothing to read: the API's client gets
    `{"error": ...}` for an HTML 404 (an address that names nothing) or an empty 405 (a method
    the view does not take), as every other refusal of the API is (docs/api.md); a person who
    opens an action's address in the browser (a login that leads back to the button's address,
    a link shared from the address bar) gets a page saying nothing was done and the way back
    to the page the button is on, where the browser showed its own blank error."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code not in (404, 405):
            return response
        if request.path.startswith("/api/"):
            if response.get("Content-Type", "") != "application/json":
                return _api_refusal(response)
        elif response.status_code == 405 and not response.content:
            return _action_page(request, response)
        return response


def _api_refusal(response) -> JsonResponse:
    if response.status_code == 404:
        return JsonResponse({"error": _("Nothing is at this address of the API.")}, status=404)
    allowed = response.get("Allow", "")
    refusal = JsonResponse({"error": _("This address of the API takes %(methods)s only.")
                            % {"methods": allowed}}, status=405)
    refusal["Allow"] = allowed
    return refusal


def _action_page(request, response) -> HttpResponse:
    page = render(request, "405.html", {"back": _page_above(request.path)}, status=405)
    page["Allow"] = response.get("Allow", "")
    return page


def _page_above(path: str) -> str:
    """The nearest address above `path` that names a page: the object whose button posts to
    `path` (/manage/matches/47/link/revoke/ -> /manage/matches/47/)."""
    parts = path.strip("/").split("/")
    for end in range(len(parts) - 1, 0, -1):
        above = "/" + "/".join(parts[:end]) + "/"
        try:
            resolve(above)
        except Resolver404:
            continue
        return above
    return "/"


class LoginAgainMiddleware:
    """An organiser's page that polls (htmx) after the login ended was sent to the login page,
    which htmx put in place of the fragment it asked for: the lists went blank, with no word.
    The browser is sent to the login page itself, which leads back to the page."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (request.headers.get("HX-Request") and response.status_code == 302
                and response.url.startswith(resolve_url(settings.LOGIN_URL))):
            shown = urlsplit(request.headers.get("HX-Current-URL", ""))  # the page, not its part
            page = (shown.path + (f"?{shown.query}" if shown.query else "")
                    if shown.path else request.get_full_path())
            return HttpResponseClientRedirect(redirect_to_login(page).url)
        return response
