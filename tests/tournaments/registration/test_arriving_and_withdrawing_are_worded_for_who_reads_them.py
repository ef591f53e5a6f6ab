"""The private link asks an accepted partnership, once check-in is open, whether it has
arrived ("Already here?", not "At the tournament?", which read as being in it); one on the
waiting list is asked in its own words. Its withdraw box says what withdrawing does to it: an
accepted place goes to the waiting list, or becomes free when nobody waits; one on the waiting
list leaves it; one awaiting the organiser is withdrawn. The organiser's withdrawal of a
partnership says whose it is ("Withdraw the partnership…"), not as if the organiser were
quitting."""

from django.test import Client

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services
from tournaments.registration.models import Registration

ARRIVED = "Already here? Tell the organiser you have arrived."
GOES_ON = "Your place goes to the next partnership on the waiting list."


def withdraw_box(signup) -> str:
    page = Client().get(signup.get_absolute_url()).content.decode()
    return page.split("Withdraw…", 1)[1]


def test_an_accepted_partnership_is_asked_whether_it_has_arrived_once_check_in_opens(club):
    tournament = open_tournament(club, cap=1, check_in=True)
    signup = sign_up(tournament, 1)
    page = Client().get(signup.get_absolute_url()).content.decode()
    assert ARRIVED in page and "At the tournament?" not in page
    Registration.objects.filter(tournament=tournament).update(check_in_from=None)
    assert ARRIVED not in Client().get(signup.get_absolute_url()).content.decode()


def test_the_waiting_list_is_asked_in_its_own_words(club):
    tournament = open_tournament(club, cap=1, check_in=True)
    sign_up(tournament, 1)
    page = Client().get(sign_up(tournament, 2).get_absolute_url()).content.decode()
    assert ARRIVED not in page
    assert "On the waiting list, and here? Tell the organiser you have arrived" in page


def test_the_organisers_button_withdraws_the_partnership(club, organiser_client):
    tournament = open_tournament(club)
    for n in (1, 2):
        sign_up(tournament, n)
    tournament_services.tournament_start(tournament=tournament)
    page = organiser_client.get(f"/manage/{club.slug}/tournaments/{tournament.slug}/"
                                ).content.decode()
    assert "Withdraw the partnership…" in page and "Withdraw…" not in page


def test_an_accepted_place_goes_to_the_waiting_list_only_when_someone_waits(club):
    tournament = open_tournament(club, cap=1)
    accepted = sign_up(tournament, 1)
    box = withdraw_box(accepted)
    assert "Your place in the tournament becomes free. This cannot be undone." in box
    assert GOES_ON not in box
    sign_up(tournament, 2)
    assert f"{GOES_ON} This cannot be undone." in withdraw_box(accepted)


def test_the_waiting_list_leaves_it_and_a_sign_up_awaiting_approval_is_withdrawn(club):
    full = open_tournament(club, cap=1)
    sign_up(full, 1)
    box = withdraw_box(sign_up(full, 2))
    assert "You leave the waiting list. This cannot be undone." in box and GOES_ON not in box
    box = withdraw_box(sign_up(open_tournament(club, approval=True), 3))
    assert "Your sign-up is withdrawn. This cannot be undone." in box and GOES_ON not in box
