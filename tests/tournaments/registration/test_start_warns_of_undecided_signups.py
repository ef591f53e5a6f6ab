"""The tournament's page, before the start, says how many public sign-ups still wait for the
organiser (to be approved, or to have their players confirmed): the start leaves them out."""

from sueca_club.models import Player
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration import services

WARNING = "still wait"


def page(client, tournament) -> str:
    return client.get(f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/").content.decode()


def test_the_page_counts_the_sign_ups_awaiting_approval(organiser_client, club):
    tournament = open_tournament(club, approval=True)
    first, _second = sign_up(tournament, 1), sign_up(tournament, 2)
    assert "2 public sign-ups still wait for your decision" in page(organiser_client, tournament)
    services.signup_approve(signup=first)
    assert "1 public sign-up still waits for your decision" in page(organiser_client, tournament)


def test_a_sign_up_under_a_club_players_name_counts_too(organiser_client, club):
    Player.objects.create(club=club, name="Jogador 1a")
    tournament = open_tournament(club)
    sign_up(tournament, 1)
    assert "1 public sign-up still waits for your decision" in page(organiser_client, tournament)


def test_nothing_is_said_when_every_sign_up_is_decided(organiser_client, club):
    tournament = open_tournament(club)
    sign_up(tournament, 1)
    assert WARNING not in page(organiser_client, tournament)
