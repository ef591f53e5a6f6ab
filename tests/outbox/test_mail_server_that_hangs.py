"""Every email goes from the outbox with a short timeout (settings.OUTBOX_EMAIL_TIMEOUT): a mail
server that does not answer fails the step, not the write, and the outbox sends the email
when the step runs again."""

import ast
import datetime
import os
import smtplib
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.mail.backends import smtp
from django.utils import timezone

from sueca_club import outbox
from sueca_club.models import OutboxStep
from tests.tournaments.registration.helpers import open_tournament
from tournaments.registration import services
from tournaments.registration.models import SignUp

pytestmark = pytest.mark.django_db

STEP = "tournaments.signup_moved_up_email"
ROOT = Path(django_settings.BASE_DIR)
OWN_CONNECTION = ("send_mail", "send_mass_mail", "mail_admins", "mail_managers", "get_connection")
MESSAGES = ("EmailMessage", "EmailMultiAlternatives")


@pytest.fixture
def silent_server():
    """A mail server that takes the connection and never says a word."""
    server = socket.create_server(("127.0.0.1", 0))
    yield server.getsockname()[1]
    server.close()


@pytest.fixture
def timeouts(monkeypatch):
    """The timeout of each connection the SMTP backend opens."""
    seen = []

    class Recorded(smtplib.SMTP):
        def __init__(self, *args, timeout=socket._GLOBAL_DEFAULT_TIMEOUT, **kwargs):
            seen.append(timeout)
            super().__init__(*args, timeout=timeout, **kwargs)

    monkeypatch.setattr(smtp.EmailBackend, "connection_class", Recorded)
    return seen


def signed_up(tournament, n: int) -> SignUp:
    return services.signup_create(tournament=tournament, names=[f"Jogador {n}a", f"Jogador {n}b"],
                                  contact=f"dupla{n}@example.com")


def test_a_mail_server_that_hangs_fails_the_email_not_the_withdrawal_and_the_retry_sends_it(
        club, settings, silent_server, timeouts, mailoutbox):
    tournament = open_tournament(club, cap=1)
    first, second = signed_up(tournament, 1), signed_up(tournament, 2)
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", silent_server
    settings.EMAIL_TIMEOUT, settings.OUTBOX_EMAIL_TIMEOUT = 10, 1

    services.signup_withdraw(signup=first)  # answers: the email's step failed after it

    assert timeouts == [1]  # the outbox's timeout, not Django's EMAIL_TIMEOUT
    moved = SignUp.objects.get(pk=second.pk)
    assert moved.status == SignUp.Status.ACCEPTED and moved.moved_up_emailed_at is None
    step = OutboxStep.objects.get(name=STEP)
    assert (step.status, step.attempts) == ("pending", 1)
    assert "timed out" in step.error
    assert mailoutbox == []

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"  # it is back
    OutboxStep.objects.filter(pk=step.pk).update(
        run_after=timezone.now(), created_at=timezone.now() - datetime.timedelta(minutes=1))
    outbox.sweep()
    outbox.sweep()
    [email] = mailoutbox
    assert email.to == ["dupla2@example.com"]
    step.refresh_from_db()
    assert step.status == "done"
    assert SignUp.objects.get(pk=second.pk).moved_up_emailed_at is not None


@pytest.mark.parametrize(("value", "read"), [(None, "3"), ("5", "5"), ("0", "must be 1 or more")])
def test_the_timeout_is_a_few_seconds_unless_the_environment_says(value, read):
    env = {key: val for key, val in os.environ.items() if key != "OUTBOX_EMAIL_TIMEOUT"}
    if value is not None:
        env["OUTBOX_EMAIL_TIMEOUT"] = value
    done = subprocess.run(
        [sys.executable, "-c", "from sueca_club import settings; "
                               "print(settings.OUTBOX_EMAIL_TIMEOUT)"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert read in done.stdout + done.stderr


def sends(path: Path) -> list[tuple[int, str]]:
    """The calls in `path` of Django's mail functions that send or open a connection without
    the outbox's (`send_mail`, `mail.send_mail`, `EmailMessage(...)` with no connection)."""
    tree = ast.parse(path.read_text())
    ours = {alias.asname or alias.name for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module == "django.core.mail"
            for alias in node.names}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name) and node.func.id in ours:
            name = node.func.id
        elif (isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
              and node.func.value.id == "mail" and "mail" not in ours):
            name = node.func.attr  # django.core.mail as `mail`
        else:
            continue
        given = any(keyword.arg == "connection" for keyword in node.keywords)
        if name in OWN_CONNECTION or (name in MESSAGES and not given):
            found.append((node.lineno, name))
    return found


def test_every_email_of_the_apps_goes_through_the_outboxs_connection():
    offenders = {}
    for app in ("sueca_club", "scoring", "tournaments"):
        for path in (ROOT / app).rglob("*.py"):
            if path == ROOT / "sueca_club" / "mail.py" or "migrations" in path.parts:
                continue
            if found := sends(path):
                offenders[str(path.relative_to(ROOT))] = found
    assert offenders == {}
