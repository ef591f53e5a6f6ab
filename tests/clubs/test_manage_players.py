"""Players: add, rename, archive and bring back; names are unique in a club whatever the case."""

import pytest

from sueca_club.models import Player


@pytest.fixture
def player(club):
    return Player.objects.create(club=club, name="Ana Silva")


@pytest.fixture
def other_player(other_club):
    return Player.objects.create(club=other_club, name="Rui Paz")


def urls(player):
    base = f"/manage/{player.club.slug}/players"
    return [f"{base}/add/", f"{base}/{player.pk}/", f"{base}/{player.pk}/archive/",
            f"{base}/{player.pk}/unarchive/"]


@pytest.mark.parametrize("index", range(4))
def test_it_sends_anonymous_visitors_to_log_in(client, player, index):
    response = client.post(urls(player)[index], {"name": "X"})
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


@pytest.mark.parametrize("index", range(4))
def test_it_answers_404_to_an_organiser_of_another_club(client, other_organiser, player, index):
    client.force_login(other_organiser)
    assert client.post(urls(player)[index], {"name": "X"}).status_code == 404
    player.refresh_from_db()
    assert (player.name, player.archived) == ("Ana Silva", False)


@pytest.mark.parametrize("index", range(1, 4))
def test_it_answers_404_for_another_clubs_player_under_my_club(organiser_client, club,
                                                               other_player, index):
    path = urls(other_player)[index].replace(other_player.club.slug, club.slug)
    assert organiser_client.post(path, {"name": "X"}).status_code == 404


def test_it_adds_a_player(organiser_client, club):
    response = organiser_client.post(f"/manage/{club.slug}/players/add/",
                                     {"name": "  Bruno   Costa "})
    assert response.status_code == 302
    assert club.players.get().name == "Bruno Costa"


def test_it_rejects_a_name_already_taken_whatever_its_capitals(organiser_client, club, player):
    response = organiser_client.post(f"/manage/{club.slug}/players/add/", {"name": "ANA SILVA"})
    assert response.status_code == 200
    assert "already has a player called “Ana Silva”" in response.content.decode()
    assert club.players.count() == 1


def test_the_same_name_may_play_in_another_club(organiser_client, club, other_club):
    Player.objects.create(club=other_club, name="Ana Silva")
    organiser_client.post(f"/manage/{club.slug}/players/add/", {"name": "Ana Silva"})
    assert club.players.filter(name="Ana Silva").exists()


def test_it_shows_the_rename_page(organiser_client, player):
    response = organiser_client.get(urls(player)[1])
    assert response.status_code == 200
    assert response.context["form"].initial == {"name": "Ana Silva"}


def test_it_renames_a_player(organiser_client, player):
    response = organiser_client.post(urls(player)[1], {"name": "Ana Sousa"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.name == "Ana Sousa"


def test_it_lets_a_player_change_only_the_capitals_of_their_name(organiser_client, player):
    organiser_client.post(urls(player)[1], {"name": "ana silva"})
    player.refresh_from_db()
    assert player.name == "ana silva"


def test_it_refuses_to_rename_a_player_to_another_players_name(organiser_client, club, player):
    Player.objects.create(club=club, name="Bruno Costa")
    response = organiser_client.post(urls(player)[1], {"name": "bruno costa"})
    assert "already has a player called “Bruno Costa”" in response.content.decode()
    player.refresh_from_db()
    assert player.name == "Ana Silva"


def test_it_archives_and_brings_back_a_player(organiser_client, player):
    organiser_client.post(urls(player)[2])
    player.refresh_from_db()
    assert player.archived
    organiser_client.post(urls(player)[3])
    player.refresh_from_db()
    assert not player.archived


def test_archiving_needs_a_post(organiser_client, player):
    assert organiser_client.get(urls(player)[2]).status_code == 405
