"""A partnership on the waiting list that checks in at the door is told what comes next in
words that fit the door's page, which is everyone's: the draw names it if a place frees. It
was told "this page will say so", which only its own private link's page does."""

from html import unescape

import pytest
from django.test import Client

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration import selectors
from tournaments.registration.models import door_token

pytestmark = pytest.mark.django_db

AT_THE_DOOR = "the draw will name you"
ON_ITS_PAGE = "this page will say so"


def test_the_door_says_the_draw_names_a_waiting_partnership(club):
    tournament = open_tournament(club, cap=1, check_in=True)
    sign_up(tournament, 1)
    waiting = sign_up(tournament, 2)
    address = f"/t/{tournament.slug}/door/{door_token(tournament)}/{waiting.pk}/"
    client = Client()
    asked = unescape(client.get(address).content.decode())
    assert AT_THE_DOOR in asked and ON_ITS_PAGE not in asked
    told = unescape(client.post(address, follow=True).content.decode())
    assert "on the waiting list at number 1" in told
    assert AT_THE_DOOR in told and ON_ITS_PAGE not in told


def test_its_own_page_still_says_it_will_say_so(club):
    tournament = open_tournament(club, cap=1, check_in=True)
    sign_up(tournament, 1)
    waiting = sign_up(tournament, 2)
    assert ON_ITS_PAGE in selectors.status_of(waiting).next
    assert ON_ITS_PAGE in selectors.checked_in_answer(waiting)
