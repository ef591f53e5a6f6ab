"""The organiser changes a player of a sign-up before the start, from the sign-ups page (the
private link sends a name of a club player to the organiser): to the club's player of that
name, or a new one. The partnership keeps its place; a player plays in one partnership of
the tournament only."""

import pytest
from django.utils.html import escape

from sueca_club.models import Partnership, Player
from tests.conftest import make_partnership
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services
from tournaments.registration import services
from tournaments.registration.models import SignUp
from tournaments.services import TournamentRefused


@pytest.fixture
def hugo(club) -> Player:
    """Hugo Costa, a player of the club."""
    return make_partnership(club, "Hugo Costa", "Rui Sá").player_1


def page(tournament) -> str:
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/sign-ups/"


def change(client, signup, *names):
    return client.post(f"{page(signup.tournament)}{signup.pk}/players/change/",
                       {f"c{signup.pk}-name_{seat}": name
                        for seat, name in enumerate(names, start=1)}, follow=True)


def test_the_organiser_puts_a_club_player_in_an_accepted_sign_up_which_keeps_its_place(
        club, hugo, organiser_client):
    tournament = open_tournament(club)
    signup = sign_up(tournament, 1, name_1="Tom Jobim", name_2="Vinicius Moraes")
    entry = signup.entry
    before = organiser_client.get(page(tournament)).content.decode()
    assert "Change a player" in before and 'value="Tom Jobim"' in before

    response = change(organiser_client, signup, "hugo costa", "Vinicius Moraes")
    assert response.redirect_chain[-1][0] == f"{page(tournament)}?at=entry-{entry.pk}#landed"
    assert escape("Tom Jobim & Vinicius Moraes are now Hugo Costa & Vinicius Moraes.") in (
        response.content.decode())
    signup.refresh_from_db()
    assert signup.status == "accepted" and signup.entry_id == entry.pk
    assert signup.entry.partnership == signup.partnership
    assert signup.partnership.player_1 == hugo and signup.player_names == [
        "Hugo Costa", "Vinicius Moraes"]
    assert Player.objects.get(name="Tom Jobim").provisional  # the sign-up's, out of the roster


def test_a_new_name_is_a_new_player_of_the_roster(club, organiser):
    signup = sign_up(open_tournament(club), 1, name_1="Tom Jobim", name_2="Vinicius Moraes")
    services.signup_players_change(signup=signup, names=["Tom Jobim", "Elis Regina"],
                                   by=organiser)
    signup.refresh_from_db()
    assert signup.display_name == "Tom Jobim & Elis Regina"
    assert not Player.objects.get(name="Elis Regina").provisional


def test_a_player_of_another_partnership_of_the_tournament_is_refused(club, hugo,
                                                                      organiser_client):
    tournament = open_tournament(club)
    tournament_services.entries_register(
        tournament=tournament, partnerships=[Partnership.objects.get(player_1=hugo)])
    signup = sign_up(tournament, 1, name_1="Tom Jobim", name_2="Vinicius Moraes")
    response = change(organiser_client, signup, "Hugo Costa", "Vinicius Moraes")
    assert "Hugo Costa is already signed up for this tournament, with Rui Sá." in (
        response.content.decode())
    signup.refresh_from_db()
    assert signup.display_name == "Tom Jobim & Vinicius Moraes"


def test_the_same_players_change_nothing(club, organiser):
    signup = sign_up(open_tournament(club), 1, name_1="Tom Jobim", name_2="Vinicius Moraes")
    with pytest.raises(TournamentRefused, match="Nothing to change"):
        services.signup_players_change(signup=signup, names=["vinicius moraes", "TOM JOBIM"],
                                       by=organiser)


def test_one_on_the_waiting_list_keeps_its_turn(club, hugo, organiser):
    tournament = open_tournament(club, cap=1)
    sign_up(tournament, 1)
    waiting = sign_up(tournament, 2, name_1="Tom Jobim", name_2="Vinicius Moraes")
    services.signup_players_change(signup=waiting, names=["Hugo Costa", "Vinicius Moraes"],
                                   by=organiser)
    waiting = SignUp.objects.get(pk=waiting.pk)
    assert waiting.status == "waiting" and waiting.partnership.player_1 == hugo


def test_after_the_start_the_players_no_longer_change_and_the_page_offers_no_form(
        club, hugo, organiser, organiser_client):
    tournament = open_tournament(club)
    signup = sign_up(tournament, 1, name_1="Tom Jobim", name_2="Vinicius Moraes")
    sign_up(tournament, 2)
    tournament_services.tournament_start(tournament=tournament, by=organiser)
    assert "Change a player" not in organiser_client.get(page(tournament)).content.decode()
    with pytest.raises(TournamentRefused, match="The tournament has started"):
        services.signup_players_change(signup=signup, names=["Hugo Costa", "Vinicius Moraes"],
                                       by=organiser)


def test_a_name_spelt_otherwise_than_one_on_the_waiting_list_is_refused(club, organiser):
    """"Luis Vaz" is the waiting list's Luís Vaz, as a visitor's typed name is (a tester), where
    the change made a second Luís Vaz and the same man could be seated twice."""
    tournament = open_tournament(club, cap=1)
    accepted = sign_up(tournament, 1, name_1="Marta Lopes", name_2="Tiago Reis")
    sign_up(tournament, 2, name_1="Luís Vaz", name_2="Carlos Mota")
    with pytest.raises(TournamentRefused, match="^Luís Vaz is already signed up for this "
                                                "tournament, with Carlos Mota"):
        services.signup_players_change(signup=accepted, names=["Marta Lopes", "Luis Vaz"],
                                       by=organiser)
    assert not Player.objects.filter(name="Luis Vaz").exists()
