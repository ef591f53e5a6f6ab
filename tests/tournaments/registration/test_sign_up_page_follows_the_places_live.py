"""The public sign-up page follows the places left by itself: htmx polls them (a 304 for the
tournament's version alone while nothing changes), a sign-up or a withdrawal brings a new
ETag and the new count, and once sign-up closes the poll says why and takes the form away."""

import pytest
from django.test import Client

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services
from tournaments.registration import services

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def poll(tournament, etag: str = ""):
    headers = {**HTMX, "If-None-Match": etag} if etag else HTMX
    return Client().get(f"/t/{tournament.slug}/sign-up/", headers=headers)


def test_the_page_polls_its_places(club):
    tournament = open_tournament(club, cap=3)
    html = Client().get(f"/t/{tournament.slug}/sign-up/").content.decode()
    assert '<div id="signup-places" hx-get="/t/' in html and 'hx-trigger="every 5s"' in html
    assert "3 places left" in html and 'id="signup-form"' in html


def test_a_sign_up_or_a_withdrawal_brings_the_new_count_and_a_new_etag(club):
    tournament = open_tournament(club, cap=2)
    first = poll(tournament)
    assert first.status_code == 200 and first["ETag"]
    fragment = first.content.decode()
    assert fragment.startswith('<div id="signup-places"') and "2 places left" in fragment
    assert "csrfmiddlewaretoken" not in fragment and "<form" not in fragment
    assert poll(tournament, first["ETag"]).status_code == 304

    taken = [sign_up(tournament, 1), sign_up(tournament, 2)]
    full = poll(tournament, first["ETag"])
    assert full.status_code == 200 and full["ETag"] != first["ETag"]
    assert "Full: new sign-ups go on the waiting list." in full.content.decode()

    services.signup_withdraw(signup=taken[0])
    freed = poll(tournament, full["ETag"])
    assert freed["ETag"] != full["ETag"] and "1 place left" in freed.content.decode()


def test_once_started_the_poll_says_sign_up_is_closed_and_takes_the_form_away(club):
    tournament = open_tournament(club, cap=2)
    sign_up(tournament, 1)
    sign_up(tournament, 2)
    etag = poll(tournament)["ETag"]
    tournament_services.tournament_start(tournament=tournament)
    closed = poll(tournament, etag).content.decode()
    assert "The tournament has started: sign-up is closed." in closed
    assert '<div id="signup-form" hx-swap-oob="delete"></div>' in closed
    assert "hx-trigger" not in closed  # nothing more to follow
    page = Client().get(f"/t/{tournament.slug}/sign-up/").content.decode()
    assert 'id="signup-form"' not in page and "hx-swap-oob" not in page


def test_the_poll_is_revalidated_and_the_page_never_stored(club):
    tournament = open_tournament(club, cap=2)
    polled = poll(tournament)
    assert polled["Cache-Control"] == "no-cache, private"
    assert {"HX-Request", "Cookie"} <= {v.strip() for v in polled["Vary"].split(",")}
    assert "no-store" in Client().get(f"/t/{tournament.slug}/sign-up/")["Cache-Control"]
    assert Client().get("/t/no-such/sign-up/", headers=HTMX).status_code == 404


def test_an_unchanged_poll_costs_one_query_and_a_new_count_the_same_at_3_or_30(
        club, django_assert_num_queries, django_assert_max_num_queries):
    def costs(size):
        tournament = open_tournament(club, cap=size + 5)
        for n in range(size):
            sign_up(tournament, 1000 * size + n)
        etag = poll(tournament)["ETag"]
        with django_assert_num_queries(1):
            assert poll(tournament, etag).status_code == 304
        sign_up(tournament, 1000 * size + 999)
        with django_assert_max_num_queries(8) as captured:
            assert poll(tournament, etag).status_code == 200
        return len(captured.captured_queries)

    assert costs(3) == costs(30)
