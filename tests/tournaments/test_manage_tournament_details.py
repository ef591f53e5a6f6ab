"""An organiser changes a tournament's name, place and dates, before or during play; the
public pages show the change at once. The rules and structure stay as created."""

import datetime

import pytest
from django.test import Client

from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Tournament

DETAILS = {"name": "Torneio de Natal", "place": "Café Central, Porto",
           "starts_on": "2026-12-19", "ends_on": "2026-12-20"}


@pytest.fixture
def tournament(club):
    return make_tournament(club, 8, tables_count=4)


def edit(client, tournament, data):
    return client.post(f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/edit/", data,
                       follow=True)


def test_the_page_shows_the_current_details(organiser_client, tournament):
    edit = f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/edit/"
    html = organiser_client.get(edit).content.decode()
    assert f'value="{tournament.name}"' in html


@pytest.mark.parametrize("started", [False, True])
def test_new_details_are_saved_and_the_public_page_shows_them_at_once(
        organiser_client, tournament, started):
    if started:
        services.tournament_start(tournament=tournament)
    before = Client().get(f"/t/{tournament.slug}/")  # kept for every visitor
    version = Tournament.objects.get(pk=tournament.pk).version
    response = edit(organiser_client, tournament, DETAILS)
    assert "The tournament&#x27;s details are saved." in response.content.decode()
    saved = Tournament.objects.get(pk=tournament.pk)
    assert (saved.name, saved.place, saved.starts_on, saved.ends_on) == (
        "Torneio de Natal", "Café Central, Porto", datetime.date(2026, 12, 19),
        datetime.date(2026, 12, 20))
    assert saved.version > version and saved.slug == tournament.slug
    assert saved.rules == tournament.rules and saved.status == (
        Tournament.Status.RUNNING if started else Tournament.Status.DRAFT)
    after = Client().get(f"/t/{tournament.slug}/")
    assert after["ETag"] != before["ETag"] and "Torneio de Natal" in after.content.decode()


def test_an_end_before_the_start_is_refused_and_nothing_changes(organiser_client, tournament):
    response = edit(organiser_client, tournament, {**DETAILS, "ends_on": "2026-12-18"})
    assert "The tournament cannot end before it starts." in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).name == tournament.name


def test_a_blank_name_is_refused(organiser_client, tournament):
    response = edit(organiser_client, tournament, {**DETAILS, "name": " "})
    assert response.status_code == 200 and "This field is required." in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).name == tournament.name


def test_another_clubs_organiser_cannot_change_them(client, other_organiser, tournament):
    client.force_login(other_organiser)
    assert edit(client, tournament, DETAILS).status_code == 404
    assert Tournament.objects.get(pk=tournament.pk).name == tournament.name
