"""Partnerships: add two different players of the club, rename, archive and bring back."""

import pytest

from sueca_club.models import Partnership, Player
from tests.conftest import make_partnership


@pytest.fixture
def players(club):
    return [Player.objects.create(club=club, name=name) for name in ("Ana", "Bruno", "Carla")]


def add(client, club, first, second, name=""):
    return client.post(f"/manage/{club.slug}/partnerships/add/",
                       {"player_1": first.pk, "player_2": second.pk, "name": name})


def urls(partnership):
    base = f"/manage/{partnership.club.slug}/partnerships"
    return [f"{base}/add/", f"{base}/{partnership.pk}/", f"{base}/{partnership.pk}/archive/",
            f"{base}/{partnership.pk}/unarchive/"]


@pytest.mark.parametrize("index", range(4))
def test_it_sends_anonymous_visitors_to_log_in(client, pair_a, index):
    response = client.post(urls(pair_a)[index], {"name": "X"})
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


@pytest.mark.parametrize("index", range(4))
def test_it_answers_404_to_an_organiser_of_another_club(client, other_organiser, pair_a, index):
    client.force_login(other_organiser)
    assert client.post(urls(pair_a)[index], {"name": "X"}).status_code == 404
    pair_a.refresh_from_db()
    assert (pair_a.name, pair_a.archived) == ("", False)


@pytest.mark.parametrize("index", range(1, 4))
def test_it_answers_404_for_another_clubs_partnership_under_my_club(organiser_client, club,
                                                                    other_club, index):
    theirs = make_partnership(other_club, "Rui", "Sara")
    path = urls(theirs)[index].replace(other_club.slug, club.slug)
    assert organiser_client.post(path, {"name": "X"}).status_code == 404


def test_it_adds_a_partnership_named_after_its_players(organiser_client, club, players):
    response = add(organiser_client, club, players[0], players[1])
    assert response.status_code == 302
    assert club.partnerships.get().display_name == "Ana & Bruno"


def test_it_adds_a_partnership_with_a_name(organiser_client, club, players):
    add(organiser_client, club, players[0], players[1], name="Os Ases")
    assert club.partnerships.get().display_name == "Os Ases"


def test_it_rejects_the_same_player_twice(organiser_client, club, players):
    response = add(organiser_client, club, players[0], players[0])
    assert "A partnership needs two different players." in response.content.decode()
    assert not Partnership.objects.exists()


def test_it_rejects_a_pair_that_already_plays_together_in_either_seat(organiser_client, club,
                                                                      players):
    add(organiser_client, club, players[0], players[1])
    response = add(organiser_client, club, players[1], players[0])
    assert "These two already play together as “Ana &amp; Bruno”." in response.content.decode()
    assert Partnership.objects.count() == 1


def test_it_rejects_another_clubs_player(organiser_client, club, other_club, players):
    stranger = Player.objects.create(club=other_club, name="Rui")
    response = add(organiser_client, club, players[0], stranger)
    assert response.context["partnership_form"].errors["player_2"]
    assert not Partnership.objects.exists()


def test_it_rejects_an_archived_player(organiser_client, club, players):
    players[2].archived = True
    players[2].save()
    response = add(organiser_client, club, players[0], players[2])
    assert response.context["partnership_form"].errors["player_2"]


def test_it_renames_a_partnership_and_a_blank_name_goes_back_to_the_players(
        organiser_client, pair_a):
    organiser_client.post(urls(pair_a)[1], {"name": "Os Ases"})
    pair_a.refresh_from_db()
    assert pair_a.display_name == "Os Ases"
    organiser_client.post(urls(pair_a)[1], {"name": ""})
    pair_a.refresh_from_db()
    assert pair_a.display_name == "Ana Silva & Bruno Costa"


def test_it_shows_the_rename_page(organiser_client, pair_a):
    response = organiser_client.get(urls(pair_a)[1])
    assert response.status_code == 200
    assert "Ana Silva &amp; Bruno Costa" in response.content.decode()


def test_it_archives_and_brings_back_a_partnership(organiser_client, pair_a):
    organiser_client.post(urls(pair_a)[2])
    pair_a.refresh_from_db()
    assert pair_a.archived
    organiser_client.post(urls(pair_a)[3])
    pair_a.refresh_from_db()
    assert not pair_a.archived
