"""The public sign-up against abuse: a rate limit per address, a honeypot, organisers of
other clubs and strangers kept off the organiser's decisions."""

import pytest
from django.test import Client

from sueca_club.models import Partnership, Player
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration.models import SignUp


@pytest.fixture(autouse=True)
def limits(settings):
    settings.POST_RATE_LIMITS = {**settings.POST_RATE_LIMITS, "tournament_sign_up": (2, 3600),
                                 "tournament_door_check_in": (2, 3600)}


def post(tournament, n, address="192.0.2.60", **extra):
    return Client().post(f"/t/{tournament.slug}/sign-up/",
                         {"name_1": f"A{n}", "name_2": f"B{n}", **extra}, REMOTE_ADDR=address)


def test_sign_ups_from_one_address_stop_at_the_limit(club):
    tournament = open_tournament(club)
    assert [post(tournament, n).status_code for n in range(2)] == [302, 302]
    refused = post(tournament, 3)
    assert refused.status_code == 429 and SignUp.objects.count() == 2
    assert post(tournament, 4, address="192.0.2.61").status_code == 302


def test_a_filled_honeypot_creates_nothing(club):
    tournament = open_tournament(club)
    response = post(tournament, 1, website="http://spam.example")
    assert response.status_code == 302
    assert not SignUp.objects.exists() and not Player.objects.exists()
    assert not Partnership.objects.exists()


def test_an_organiser_of_another_club_gets_404(club, other_organiser):
    tournament = open_tournament(club, approval=True)
    signup = sign_up(tournament, 1)
    client = Client()
    client.force_login(other_organiser)
    base = f"/manage/{club.slug}/tournaments/{tournament.slug}/"
    for url in (f"{base}sign-ups/", f"{base}check-in/", f"{base}check-in/poster/"):
        assert client.get(url).status_code == 404, url
    assert client.post(f"{base}sign-ups/{signup.pk}/approve/").status_code == 404
    assert SignUp.objects.get(pk=signup.pk).status == "pending"


def test_a_stranger_cannot_approve(club):
    tournament = open_tournament(club, approval=True)
    signup = sign_up(tournament, 1)
    base = f"/manage/{club.slug}/tournaments/{tournament.slug}/"
    response = Client().post(f"{base}sign-ups/{signup.pk}/approve/")
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert Client().post(f"{signup.get_absolute_url()}check-in/").status_code == 302
    assert SignUp.objects.get(pk=signup.pk).status == "pending"
