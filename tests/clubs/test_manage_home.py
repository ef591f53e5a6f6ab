"""/manage/: the organiser's clubs and the form that creates a club."""

import pytest

from sueca_club.models import Club, Membership
from tests.conftest import make_club


def test_it_sends_anonymous_visitors_to_log_in(client):
    response = client.get("/manage/")
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


def test_it_lists_only_the_users_clubs(organiser_client, club, other_club):
    response = organiser_client.get("/manage/")
    assert response.status_code == 200
    assert club.name in response.content.decode()
    assert other_club.name not in response.content.decode()


def test_it_creates_a_club_run_by_its_creator(organiser_client, organiser):
    response = organiser_client.post(
        "/manage/", {"name": "Café Central", "town": "Porto", "default_preset": "brasil"})
    club = Club.objects.get()
    assert response.status_code == 302
    assert response.url == "/manage/cafe-central/"
    assert (club.name, club.town, club.default_preset) == ("Café Central", "Porto", "brasil")
    assert Membership.objects.get(club=club).user == organiser


def test_it_adds_a_suffix_when_the_address_is_taken(organiser_client, other_organiser):
    make_club("cafe-central", other_organiser)
    make_club("cafe-central-2", other_organiser)
    organiser_client.post("/manage/", {"name": "Café Central", "default_preset": "portugal"})
    assert Club.objects.filter(slug="cafe-central-3").exists()


def test_it_gives_a_name_without_letters_an_address(organiser_client):
    organiser_client.post("/manage/", {"name": "♠♥♦♣", "default_preset": "portugal"})
    assert Club.objects.get().slug == "club"


@pytest.mark.parametrize("data", [
    {"name": "", "default_preset": "portugal"},
    {"name": "Tasca", "default_preset": "poker"},
])
def test_it_rejects_a_club_without_a_name_or_with_unknown_rules(organiser_client, data):
    response = organiser_client.post("/manage/", data)
    assert response.status_code == 200
    assert response.context["form"].errors
    assert not Club.objects.exists()
