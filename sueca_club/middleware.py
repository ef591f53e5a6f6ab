"""A lost database is a short, clear 503 ("try again in a moment"), never a crash page."""

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.utils.html import escape
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5


class DatabaseUnavailableMiddleware:
    """Turn a dropped or refused database connection in a view into a 503 with Retry-After.

    The page is built without templates, the session or the user: they may need the database
    that is gone. The referee phone retries a 5xx with the same Idempotency-Key, and
    nothing half-done was kept (every write is one transaction), so the retry is safe.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        logger.warning("database unavailable for %s %s: %s", request.method, request.path,
                       exception)
        message = _("The scores are unreachable for a moment. Try again in a moment.")
        if request.path.startswith("/api/") or "json" in request.headers.get("Accept", ""):
            response = JsonResponse({"error": message}, status=503)
        else:
            response = HttpResponse(
                f'<!doctype html><meta charset="utf-8">'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">'
                f"<title>{escape(_('Try again in a moment'))}</title>"
                f"<h1>{escape(_('Try again in a moment'))}</h1><p>{escape(message)}</p>",
                status=503,
            )
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        response["Cache-Control"] = "no-store"
        return response
