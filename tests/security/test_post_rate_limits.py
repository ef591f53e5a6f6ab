"""Sign-ups and password resets are limited per client address, and resets also per email
address: nobody can make accounts by the thousand or fill a stranger's inbox."""

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from tests.conftest import PASSWORD

SIGNUPS, RESETS = 3, 2


@pytest.fixture(autouse=True)
def limits(settings):
    settings.POST_RATE_LIMITS = {"signup": (SIGNUPS, 3600), "password_reset": (RESETS, 3600)}
    settings.EMAIL_RATE_LIMITS = {"password_reset": (RESETS, 3600)}


def sign_up(n: int, address: str = "192.0.2.20"):
    return Client().post("/accounts/signup/", {
        "username": f"organiser{n}", "email": f"o{n}@example.com",
        "password1": PASSWORD, "password2": PASSWORD}, REMOTE_ADDR=address)


def reset(email: str, address: str = "192.0.2.30"):
    return Client().post("/accounts/password_reset/", {"email": email}, REMOTE_ADDR=address)


def test_sign_ups_from_one_address_stop_at_the_limit_and_make_no_account(db):
    assert [sign_up(n).status_code for n in range(SIGNUPS)] == [302] * SIGNUPS
    refused = sign_up(SIGNUPS)
    assert refused.status_code == 429 and int(refused["Retry-After"]) == 3600
    assert "Too many requests" in refused.content.decode()
    assert not User.objects.filter(username=f"organiser{SIGNUPS}").exists()
    assert sign_up(SIGNUPS, address="192.0.2.21").status_code == 302  # another connection


def test_resets_for_one_email_address_stop_at_the_limit_from_any_address(organiser):
    answers = [reset(organiser.email, address=f"192.0.2.{40 + n}").status_code
               for n in range(RESETS + 1)]
    assert answers == [302] * RESETS + [429]
    assert len(mail.outbox) == RESETS


def test_resets_from_one_address_stop_at_the_limit_whatever_the_email(organiser):
    answers = [reset(f"someone{n}@example.com").status_code for n in range(RESETS)]
    assert answers + [reset(organiser.email).status_code] == [302] * RESETS + [429]
    assert mail.outbox == []


def test_only_posts_count(db):
    for _ in range(SIGNUPS + 2):
        assert Client().get("/accounts/signup/", REMOTE_ADDR="192.0.2.50").status_code == 200
    assert sign_up(0, address="192.0.2.50").status_code == 302
