"""The private link asks an accepted partnership, once check-in is open, whether it has
arrived ("Already here?", not "At the tournament?", which read as being in it); one on the
waiting list is asked in its own words. The organiser's withdrawal of a partnership says whose
it is ("Withdraw the partnership…"), not as if the organiser were quitting."""

from django.test import Client

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services
from tournaments.registration.models import Registration

ARRIVED = "Already here? Tell the organiser you have arrived."


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
