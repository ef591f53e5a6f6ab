"""A player or partnership that never played (a name typed wrong) can be deleted, after a page
that asks first; one that played, or is in a tournament, is kept and can only be archived."""

import pytest

from sueca_club import services
from sueca_club.models import Partnership, Player
from tests.conftest import make_partnership
from tests.tournaments.helpers import make_tournament
from tournaments import services as tournament_services


def player_url(player, action=""):
    return f"/manage/{player.club.slug}/players/{player.pk}/{action}"


def partnership_url(partnership, action=""):
    return f"/manage/{partnership.club.slug}/partnerships/{partnership.pk}/{action}"


@pytest.fixture
def typo(club):
    return make_partnership(club, "Ana Silvaa", "Eva Matos")


def test_the_page_of_a_player_who_never_played_offers_to_delete(organiser_client, typo):
    body = organiser_client.get(player_url(typo.player_1)).content.decode()
    assert f'href="{player_url(typo.player_1, "delete/")}"' in body


def test_deleting_asks_first_naming_the_partnerships_that_go_too(organiser_client, typo):
    body = organiser_client.get(player_url(typo.player_1, "delete/")).content.decode()
    assert "Delete Ana Silvaa?" in body
    assert "Ana Silvaa &amp; Eva Matos" in body
    assert Player.objects.filter(pk=typo.player_1.pk).exists()


def test_it_deletes_a_player_who_never_played_with_their_partnerships(organiser_client, club,
                                                                      typo):
    response = organiser_client.post(player_url(typo.player_1, "delete/"), follow=True)
    assert "Deleted from the players: Ana Silvaa." in response.content.decode()
    assert list(club.players.values_list("name", flat=True)) == ["Eva Matos"]
    assert not Partnership.objects.exists()


def test_it_deletes_a_partnership_that_never_played_and_keeps_its_players(organiser_client,
                                                                          club, typo):
    assert f'href="{partnership_url(typo, "delete/")}"' in (
        organiser_client.get(partnership_url(typo)).content.decode())
    organiser_client.post(partnership_url(typo, "delete/"))
    assert not Partnership.objects.exists()
    assert club.players.count() == 2


def test_a_player_who_played_is_not_offered_for_deletion(organiser_client, match):
    player = match.a.player_1
    assert "delete/" not in organiser_client.get(player_url(player)).content.decode()
    response = organiser_client.post(player_url(player, "delete/"))
    assert "cannot be deleted" in response.content.decode()
    assert Player.objects.filter(pk=player.pk).exists()


def test_a_partnership_in_a_tournament_is_kept(organiser_client, club, typo):
    tournament = make_tournament(club, 2)
    tournament_services.entries_register(tournament=tournament, partnerships=[typo])
    organiser_client.post(partnership_url(typo, "delete/"))
    organiser_client.post(player_url(typo.player_2, "delete/"))
    assert Partnership.objects.filter(pk=typo.pk).exists()
    assert Player.objects.filter(pk=typo.player_2.pk).exists()


def test_the_services_keep_who_played_when_asked_straight(match):
    """As when a match starts between the page and the post: nothing is deleted."""
    with pytest.raises(services.Played):
        services.player_delete(player=match.a.player_1)
    with pytest.raises(services.Played):
        services.partnership_delete(partnership=match.b)
    assert Partnership.objects.count() == 2 and Player.objects.count() == 4


def test_it_answers_404_to_an_organiser_of_another_club(client, other_organiser, typo):
    client.force_login(other_organiser)
    assert client.post(player_url(typo.player_1, "delete/")).status_code == 404
    assert client.post(partnership_url(typo, "delete/")).status_code == 404
    assert Partnership.objects.exists()
