"""The door's check-in list, kept open on the volunteer's phone, follows the check-ins by
itself: htmx polls the list, a poll while nothing changed is a 304 for one query, and a
check-in on another phone (a private link, or the door on another device) brings a new ETag
with the partnership marked here. Before, the list stayed as it was first loaded."""

from datetime import timedelta
from html import unescape

import pytest
from django.test import Client
from django.utils import timezone

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services
from tournaments.registration import services
from tournaments.registration.models import Registration, door_token

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def door(tournament) -> str:
    return f"/t/{tournament.slug}/door/{door_token(tournament)}/"


def poll(tournament, etag: str = ""):
    headers = {**HTMX, "If-None-Match": etag} if etag else HTMX
    return Client().get(door(tournament), headers=headers)


@pytest.fixture
def field(club):
    tournament = open_tournament(club, cap=2, check_in=True)
    return tournament, [sign_up(tournament, n) for n in range(1, 4)]  # the third waits


def test_the_door_page_polls_its_list(field):
    tournament, signups = field
    html = Client().get(door(tournament)).content.decode()
    assert (f'<div id="door-live" hx-get="{door(tournament)}" hx-trigger="every 5s" '
            'hx-swap="outerHTML" data-poll data-pause-poll>') in html
    assert "Refresh" in html  # without JavaScript, a link to load it again


def test_a_check_in_on_another_phone_brings_a_new_etag_and_the_partnership_here(field):
    tournament, signups = field
    first = poll(tournament)
    assert first.status_code == 200 and first["ETag"]
    fragment = first.content.decode()
    assert fragment.startswith('<div id="door-live"')  # the list alone, not the page
    assert "✓ here" not in fragment

    assert poll(tournament, first["ETag"]).status_code == 304  # nothing changed

    services.signup_check_in(signup=signups[0])  # from its private link
    after = poll(tournament, first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert after.content.decode().count("✓ here") == 1

    services.door_check_in(tournament=tournament, door_token=door_token(tournament),
                           signup=signups[2])  # the door, on another device
    again = poll(tournament, after["ETag"])
    assert again.status_code == 200 and again.content.decode().count("✓ here") == 2
    # the waiting partnership is here, and still on the waiting list until a place frees
    [row] = [line for line in unescape(again.content.decode()).split("<li>") if "done" in line
             and signups[2].partnership.display_name in line]
    assert "✓ here" in row and "waiting list" in row


def test_an_unchanged_poll_costs_one_query(field, django_assert_num_queries):
    tournament, _ = field
    etag = poll(tournament)["ETag"]
    with django_assert_num_queries(1):
        assert poll(tournament, etag).status_code == 304


def test_a_poll_of_a_long_list_keeps_its_query_budget(club, django_assert_max_num_queries):
    tournament = open_tournament(club, cap=30, check_in=True)
    for n in range(40):
        sign_up(tournament, n)
    with django_assert_max_num_queries(5):
        page = poll(tournament)
    assert page.status_code == 200 and page.content.decode().count('class="door-row') == 40


def test_the_list_comes_when_check_in_opens_without_a_new_version(club):
    tournament = open_tournament(club, check_in=True)
    sign_up(tournament, 1)
    Registration.objects.filter(tournament=tournament).update(
        check_in_from=timezone.now() + timedelta(hours=1))  # as if its time were still to come
    shut = poll(tournament)
    assert "Check-in opens" in shut.content.decode()
    Registration.objects.filter(tournament=tournament).update(
        check_in_from=timezone.now() - timedelta(minutes=1))  # the time has come
    opened = poll(tournament, shut["ETag"])
    assert opened.status_code == 200 and "Tap your partnership" in opened.content.decode()


def test_the_list_stops_polling_once_the_tournament_starts(field):
    tournament, signups = field
    services.signup_check_in(signup=signups[0])
    services.signup_check_in(signup=signups[1])
    tournament_services.tournament_start(tournament=tournament)
    fragment = poll(tournament).content.decode()
    assert "check-in is over" in fragment and "hx-get" not in fragment


def test_a_poll_with_another_posters_token_finds_nothing(field):
    tournament, _ = field
    page = Client().get(f"/t/{tournament.slug}/door/{'x' * 32}/", headers=HTMX)
    assert page.status_code == 404
    assert Client().get(f"/t/no-such/door/{'x' * 32}/", headers=HTMX).status_code == 404


def test_the_poll_is_never_kept_by_a_shared_cache(field):
    tournament, _ = field
    page = poll(tournament)
    assert "private" in page["Cache-Control"]
    assert page["Referrer-Policy"] == "same-origin"
