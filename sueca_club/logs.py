"""Referee tokens never reach a log in full.

A referee link's token is its only key (/r/<token>/, /api/v1/referee/<token>/...): whoever
reads it in a log line can score that table. Django logs the path of every 4xx and 5xx
(django.request), runserver and gunicorn log every request line and its Referer. The filter
below, installed in settings.LOGGING and in gunicorn's loggers (sueca_club/gunicorn.py),
keeps the first four characters of a token, enough to tell two links apart: /r/AbCd…/.
"""

import logging
import re

KEPT = 4
# Both prefixes, in a path, a request line or a full URL (a Referer); a token is URL-safe
# base64 (scoring.models.new_token), as the referee views check.
# A token already cut short (…) is left as it is: a line may pass two filters.
TOKEN_IN_PATH = re.compile(
    rf"(/r/|/api/v1/referee/)([A-Za-z0-9_-]{{1,{KEPT}}})[A-Za-z0-9_-]*(?![A-Za-z0-9_-]|…)")


def redact_referee_tokens(text: str) -> str:
    return TOKEN_IN_PATH.sub(r"\1\2…", text)


class RedactRefereeTokens(logging.Filter):
    """Rewrite a record's message (and its traceback) with every referee token cut short."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = redact_referee_tokens(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact_referee_tokens(record.exc_text)
        return True
