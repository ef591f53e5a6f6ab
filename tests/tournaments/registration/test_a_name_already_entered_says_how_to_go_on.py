"""A name already entered in the tournament, with another partnership, is refused saying so,
with the partner it plays with (not the partnership, which names the player too): on the
private link, where it used to say the name was another club player's; at sign-up, with how to
go on for another person of the same name, also when it is spelt otherwise (accents, case,
spaces) in a sign-up the organiser has not accepted yet, or on the waiting list; and to the
organiser confirming who signed up."""

import pytest
from django.test import Client

from sueca_club.models import Player
from tests.conftest import make_partnership
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services
from tournaments.registration import services
from tournaments.services.errors import TournamentRefused


def test_a_corrected_name_already_entered_with_another_partnership_names_it(club):
    tournament = open_tournament(club)
    tournament_services.entries_register(
        tournament=tournament,
        partnerships=[make_partnership(club, "Manuel Santos", "José Pereira")])
    ours = sign_up(tournament, 1, name_1="Luís Almeida", name_2="Rui Costa")
    page = Client().post(f"{ours.get_absolute_url()}names/",
                         {"name_1": "Luís Almeida", "name_2": "Manuel Santos"},
                         follow=True).content.decode()
    assert "Manuel Santos is already entered in this tournament, with José Pereira." in page
    assert "another player of the club" not in page


def test_a_namesake_signing_up_is_told_to_tell_the_names_apart(club):
    tournament = open_tournament(club)
    sign_up(tournament, 1, name_1="Manuel Santos", name_2="José Pereira")
    page = Client().post(f"/t/{tournament.slug}/sign-up/",
                         {"name_1": "Manuel Santos", "name_2": "Luís Almeida"}).content.decode()
    assert ("Manuel Santos is already entered in this tournament, with José Pereira. If this is "
            "another person of the same name, add something to the name that tells them apart "
            "(e.g. “Manuel J. Santos”)." in page)


def test_the_organiser_confirming_a_name_already_entered_is_told_its_partner(club, organiser):
    tournament = open_tournament(club)
    entered = make_partnership(club, "Manuel Santos", "José Pereira")
    signup = sign_up(tournament, 1, name_1="Manuel Santos", name_2="Luís Almeida")
    tournament_services.entries_register(tournament=tournament, partnerships=[entered])
    with pytest.raises(TournamentRefused) as refused:
        services.signup_players_confirm(signup=signup, names=["Manuel Santos", "Luís Almeida"],
                                        by=organiser)
    assert refused.value.message == ("Manuel Santos is already signed up for this tournament, "
                                     "with José Pereira.")


def test_a_name_spelt_otherwise_than_in_a_sign_up_awaiting_approval_is_refused(club):
    tournament = open_tournament(club, approval=True)
    sign_up(tournament, 1, name_1="Rui Paiva", name_2="Sofia Brandão")
    with pytest.raises(TournamentRefused) as refused:
        sign_up(tournament, 2, name_1="Sofia Brandao", name_2="Pedro Álvares")
    assert refused.value.message == (
        "Sofia Brandão is already in a sign-up for this tournament that the organiser has not "
        "accepted yet. If this is another person of the same name, add something to the name "
        "that tells them apart (e.g. “Sofia J. Brandão”).")
    with pytest.raises(TournamentRefused, match="^Rui Paiva & Sofia Brandão already have a "
                                                "sign-up for this tournament, which the organiser"):
        sign_up(tournament, 3, name_1="SOFIA BRANDAO", name_2="rui  paiva")
    assert tournament.signups.count() == 1


def test_a_name_spelt_otherwise_than_in_a_sign_up_whose_players_await_confirming_is_refused(
        club):
    Player.objects.create(club=club, name="Ana Costa")
    tournament = open_tournament(club)
    sign_up(tournament, 1, name_1="Ana Costa", name_2="Xavier Nóvoa")
    with pytest.raises(TournamentRefused, match="^Xavier Nóvoa is already in a sign-up for "
                                                "this tournament that the organiser"):
        sign_up(tournament, 2, name_1="xavier novoa", name_2="Pedro Álvares")
    assert tournament.signups.count() == 1


def test_a_name_on_the_waiting_list_is_said_to_be_on_it(club):
    tournament = open_tournament(club, cap=1)
    sign_up(tournament, 1)
    sign_up(tournament, 2, name_1="Manuel Santos", name_2="José Pereira")
    with pytest.raises(TournamentRefused) as refused:
        sign_up(tournament, 3, name_1="Manuel Santos", name_2="Luís Almeida")
    assert refused.value.message == (
        "Manuel Santos is already on this tournament's waiting list, with José Pereira. If this "
        "is another person of the same name, add something to the name that tells them apart "
        "(e.g. “Manuel J. Santos”).")
