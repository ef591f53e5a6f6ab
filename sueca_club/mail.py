"""How the outbox's steps send email (invitations, sign-ups' links and places, players' news).

Each of them is sent by an outbox step, after the commit of the write that asked for it
(sueca_club/outbox.py), through `connection()` (only Django's password reset is sent in its
request, under `EMAIL_TIMEOUT`): a mail server that does not answer
costs the step at most `settings.OUTBOX_EMAIL_TIMEOUT` seconds (3, the environment's
`OUTBOX_EMAIL_TIMEOUT`), never Django's `EMAIL_TIMEOUT`. The step then fails: the outbox keeps
its error and runs it again later, with a growing delay, and the write stands. What marks an
email as sent is written in the transaction that sends it, so a send that failed is sent by
the retry, never lost, and a retry after a send that went out sends nothing more.
"""

from django.conf import settings
from django.core.mail import get_connection


def connection():
    """A connection to the mail server, with the outbox's short timeout; opened at the first
    send, so one connection can carry a round's emails."""
    return get_connection(timeout=settings.OUTBOX_EMAIL_TIMEOUT)
