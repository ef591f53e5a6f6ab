"""A partnership on the waiting list is told where it stands, on its private link and when it
checks in there or at the door: its number on the list, whether it is checked in, and what
happens next (it plays if a place frees before the start)."""

from django.test import Client
from django.utils.html import escape

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration.models import SignUp, door_token

NEXT = "If a place frees before the start, you move up in your turn and play"


def waiting_pair(club):
    tournament = open_tournament(club, cap=1, check_in=True)
    sign_up(tournament, 1)
    return tournament, sign_up(tournament, 2), sign_up(tournament, 3)


def test_the_private_link_says_its_number_not_checked_in_and_what_happens_next(club):
    tournament, first, second = waiting_pair(club)
    page = Client().get(second.get_absolute_url()).content.decode()
    assert "On the waiting list, number 2." in page
    assert "You are not checked in yet." in page and NEXT in page
    assert "If none frees, you do not play this time." in page
    assert "We are here" in page


def test_checking_in_from_the_link_answers_where_it_stands(club):
    tournament, first, second = waiting_pair(club)
    response = Client().post(f"{second.get_absolute_url()}check-in/", follow=True)
    page = response.content.decode()
    assert "You are checked in, and on the waiting list at number 2." in page
    assert "Enjoy the tournament" not in page
    assert "already checked in" in page  # what happens next, for one that is here
    assert SignUp.objects.get(pk=second.pk).here
    again = Client().get(second.get_absolute_url()).content.decode()
    assert "On the waiting list, number 2." in again and "You are checked in." in again
    assert "We are here" not in again and NEXT in again


def test_checking_in_at_the_door_answers_where_it_stands(club):
    tournament, first, second = waiting_pair(club)
    door = f"/t/{tournament.slug}/door/{door_token(tournament)}/{first.pk}/"
    confirm = Client().get(door).content.decode()
    assert "On the waiting list, number 1." in confirm and NEXT in confirm
    page = Client().post(door, follow=True).content.decode()
    name = escape(first.partnership.display_name)
    assert f"{name}: you are checked in, and on the waiting list at number 1." in page


def test_an_accepted_partnership_is_still_wished_a_good_tournament(club):
    tournament = open_tournament(club, check_in=True)
    signup = sign_up(tournament, 1)
    page = Client().post(f"{signup.get_absolute_url()}check-in/", follow=True).content.decode()
    assert "You are checked in. Enjoy the tournament!" in page
    assert "waiting list at number" not in page


def test_checked_in_on_the_waiting_list_it_moves_up_checked_in_and_is_told_so(club):
    tournament, first, second = waiting_pair(club)
    accepted = tournament.signups.get(status="accepted")
    Client().post(f"{second.get_absolute_url()}check-in/")
    Client().post(f"{accepted.get_absolute_url()}withdraw/")
    Client().post(f"{first.get_absolute_url()}withdraw/")
    page = Client().get(second.get_absolute_url()).content.decode()
    assert "Accepted, and checked in." in page
    assert "you moved up from the waiting list" in page


def test_an_accepted_partnership_is_told_too_that_it_has_not_checked_in(club):
    first = sign_up(open_tournament(club, cap=1, check_in=True), 1)
    page = Client().get(first.get_absolute_url()).content.decode()
    assert "Accepted: you are in the tournament." in page
    assert "You are not checked in yet." in page and "We are here" in page
    Client().post(f"{first.get_absolute_url()}check-in/")
    again = Client().get(first.get_absolute_url()).content.decode()
    assert "Accepted, and checked in." in again and "not checked in" not in again


def test_signing_up_onto_the_waiting_list_says_so_with_its_number(club):
    tournament = open_tournament(club, cap=1)
    sign_up(tournament, 1)
    response = Client().post(f"/t/{tournament.slug}/sign-up/", {
        "name_1": "Jogador 2a", "name_2": "Jogador 2b"}, follow=True)
    page = response.content.decode()
    assert "You are signed up, on the waiting list at number 1." in page
    assert SignUp.objects.get(names=["Jogador 2a", "Jogador 2b"]).status == "waiting"
