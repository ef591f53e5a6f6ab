"""The public sign-up form with junk: a clear page (or a sign-up of what was given), never a
crash, and never a player or partnership of another club."""

import pytest
from django.core.cache import cache
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sueca_club.models import Partnership
from tests.tournaments.registration.helpers import open_tournament

junk = st.one_of(st.text(max_size=200), st.sampled_from(["", " ", "\x00", "a" * 500, "@", "+1"]))


@pytest.mark.django_db
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name_1=junk, name_2=junk, contact=junk, website=st.sampled_from(["", "x"]))
def test_a_junk_sign_up_gets_a_page_never_a_crash(club, name_1, name_2, contact, website):
    tournament = open_tournament(club) if not hasattr(club, "_t") else club._t
    club._t = tournament
    cache.clear()  # the rate limit per address is tested elsewhere
    response = Client(raise_request_exception=False).post(
        f"/t/{tournament.slug}/sign-up/",
        {"name_1": name_1, "name_2": name_2, "contact": contact, "website": website})
    assert response.status_code in (200, 302), response.status_code
    assert not Partnership.objects.exclude(club=club).exists()
    if response.status_code == 200:
        assert b"Sign up" in response.content
