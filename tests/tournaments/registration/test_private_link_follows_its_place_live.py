"""A partnership watching its private link sees its place move without reloading: htmx polls
where it stands (its number on the waiting list, moved up, checked in; once started, where it
plays), a poll while nothing changed is a 304 for the tournament's version alone, and a
change of the list brings a new ETag with the new place."""

import re

import pytest
from django.test import Client

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services
from tournaments.registration import services
from tournaments.registration.models import SignUp

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def poll_address(signup) -> str:
    """What the page's poll asks for (its address, naming the page's shape)."""
    html = Client().get(signup.get_absolute_url()).content.decode()
    return re.search(r'id="signup-live" hx-get="([^"]+)"', html).group(1)


def poll(signup, etag: str = "", address: str = ""):
    headers = {**HTMX, "If-None-Match": etag} if etag else HTMX
    return Client().get(address or poll_address(signup), headers=headers)


@pytest.fixture
def field(club):
    """A field of one, taken, and three partnerships on the waiting list."""
    tournament = open_tournament(club, cap=1, check_in=True)
    return tournament, [sign_up(tournament, n) for n in range(1, 5)]


def test_the_page_polls_its_place(field):
    tournament, signups = field
    html = Client().get(signups[3].get_absolute_url()).content.decode()
    assert 'id="signup-live"' in html and 'hx-trigger="every 5s"' in html
    assert poll_address(signups[3]).startswith(f"{signups[3].get_absolute_url()}?shape=")
    assert "On the waiting list, number 3." in html


def test_a_poll_brings_the_place_moving_up_the_list_and_a_new_etag(field):
    tournament, signups = field
    address = poll_address(signups[3])
    first = poll(signups[3], address=address)
    assert first.status_code == 200 and first["ETag"]
    fragment = first.content.decode()
    assert fragment.startswith('<div id="signup-live"')  # the fragment alone, not the page
    assert "On the waiting list, number 3." in fragment and "<form" not in fragment

    assert poll(signups[3], first["ETag"], address).status_code == 304  # nothing changed

    services.signup_withdraw(signup=signups[1])  # the first on the waiting list leaves
    moved = poll(signups[3], first["ETag"], address)
    assert moved.status_code == 200 and moved["ETag"] != first["ETag"]
    assert "On the waiting list, number 2." in moved.content.decode()
    assert "HX-Refresh" not in moved

    services.signup_withdraw(signup=signups[0])  # a place frees: the next moves up
    services.signup_withdraw(signup=signups[2])  # and then this one
    up = poll(signups[3], moved["ETag"], address)
    # it now stands elsewhere, with other forms: the whole page is loaded again, from no cache
    assert up.status_code == 200 and up["HX-Refresh"] == "true" and "ETag" not in up
    assert "no-store" in up["Cache-Control"]
    page = Client().get(signups[3].get_absolute_url()).content.decode()
    assert "you moved up from the waiting list" in page
    assert "Accepted: you are in the tournament." in page
    now = poll(signups[3], address=poll_address(signups[3]))
    assert now.status_code == 200 and "HX-Refresh" not in now


def test_checking_in_changes_the_etag(field):
    tournament, signups = field
    first = poll(signups[3])
    services.signup_check_in(signup=signups[3])
    again = poll(signups[3], first["ETag"], poll_address(signups[3]))
    assert again.status_code == 200 and "✓ You are checked in." in again.content.decode()


def test_checked_in_at_the_door_the_link_is_loaded_again_without_its_button(field):
    tournament, signups = field
    address = poll_address(signups[3])
    etag = poll(signups[3], address=address)["ETag"]
    services.signup_check_in(signup=signups[3])  # from another phone, or the door
    assert poll(signups[3], etag, address)["HX-Refresh"] == "true"
    assert "We are here" not in Client().get(signups[3].get_absolute_url()).content.decode()


def test_once_started_the_poll_says_where_it_plays(club):
    tournament = open_tournament(club, cap=2)
    first = sign_up(tournament, 1)
    sign_up(tournament, 2)
    address = poll_address(first)
    before = poll(first, address=address)
    tournament_services.tournament_start(tournament=tournament)
    assert poll(first, before["ETag"], address)["HX-Refresh"] == "true"  # its forms go
    page = Client().get(first.get_absolute_url()).content.decode()
    assert "Where you play" in page and "Withdraw" not in page
    after = poll(first, address=poll_address(first))
    assert after.status_code == 200 and "Where you play" in after.content.decode()


def test_the_poll_is_private_and_the_whole_page_is_never_stored(field):
    tournament, signups = field
    polled = poll(signups[3])
    assert polled["Cache-Control"] == "no-cache, private"
    assert {"HX-Request", "Cookie"} <= {v.strip() for v in polled["Vary"].split(",")}
    assert polled["Referrer-Policy"] == "same-origin"
    page = Client().get(signups[3].get_absolute_url())
    assert "no-store" in page["Cache-Control"] and "ETag" not in page
    assert page["Referrer-Policy"] == "same-origin"


def test_a_link_that_has_nothing_more_to_follow_stops_asking(field):
    tournament, signups = field
    services.signup_withdraw(signup=signups[3])
    html = Client().get(signups[3].get_absolute_url()).content.decode()
    assert "Withdrawn." in html and "hx-trigger" not in html


def test_an_unknown_link_or_tournament_is_not_found(field):
    tournament, signups = field
    assert Client().get(f"/t/{tournament.slug}/entry/nope/", headers=HTMX).status_code == 404
    assert Client().get("/t/no-such/entry/nope/", headers=HTMX).status_code == 404
    assert Client().get(f"/t/{tournament.slug}/entry/a.b/", headers=HTMX).status_code == 404


def test_an_unchanged_poll_costs_one_query_and_a_change_the_same_at_4_or_40(
        club, django_assert_num_queries, django_assert_max_num_queries):
    def costs(size):
        tournament = open_tournament(club, cap=1, check_in=True)
        signups = [sign_up(tournament, 1000 * size + n) for n in range(size)]
        watching = signups[-1]
        address = poll_address(watching)
        etag = poll(watching, address=address)["ETag"]
        with django_assert_num_queries(1):
            assert poll(watching, etag, address).status_code == 304
        services.signup_withdraw(signup=signups[1])
        with django_assert_max_num_queries(12) as captured:
            assert poll(watching, etag, address).status_code == 200
        assert SignUp.objects.get(pk=watching.pk).status == SignUp.Status.WAITING
        return len(captured.captured_queries)

    assert costs(4) == costs(40)
