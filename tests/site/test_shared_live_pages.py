"""What every visitor sees alike is rendered once per version (sueca_club/live.py): the htmx
fragments, and the whole page for a visitor without a session. Nothing personal reaches
another visitor, and a change shows at once."""

from datetime import timedelta

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.core.cache.backends import locmem
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring import tv
from scoring.models import Match
from sueca_club import live
from sueca_club.live import KEPT_SECONDS
from tests.conftest import forget_kept_pages
from tests.tournaments.helpers import record
from tests.tournaments.public_helpers import HTMX, knockout_of_13, play_matches
from tournaments.models import LiveScores


@pytest.fixture
def tournament(club):
    tournament = knockout_of_13(club)
    play_matches(tournament, 1)
    # While a table is highlighted, or a match's final score is on the TV, the TVs' ETags name
    # the second, or the ten seconds (scoring/tv.py, tournaments/tv.py): two visits a second
    # apart rightly get different pages. The last deal and the last result are older than that.
    long_ago = timezone.now() - timedelta(seconds=tv.FINAL_SECONDS + 1)
    LiveScores.objects.filter(tournament=tournament).update(changed_at=long_ago)
    Match.objects.filter(club=club).update(updated_at=long_ago)
    Match.objects.filter(club=club, finished=True).update(finished_at=long_ago)
    return tournament


@pytest.fixture
def paths(tournament, match, club):
    slug = tournament.slug
    return [f"/t/{slug}/{page}" for page in
            ("", "bracket/", "groups/", "standings/", "rounds/1/", "results/", "tv/")] + [
        f"/m/{match.pk}/", f"/c/{club.slug}/", f"/c/{club.slug}/live/", "/live/", "/"]


def test_no_live_page_carries_a_csrf_token_or_sets_a_cookie(paths, club):
    for path in [*paths, f"/c/{club.slug}/tv/"]:
        for headers in ({}, HTMX):
            response = Client().get(path, headers=headers)
            assert response.status_code == 200, path
            assert "csrfmiddlewaretoken" not in response.content.decode(), path
            assert not response.cookies, path


def test_the_next_visitor_gets_the_same_page_for_the_etag_query_alone(
        paths, django_assert_max_num_queries):
    for path in paths:
        first = Client().get(path)
        with django_assert_max_num_queries(1):  # the ETag's; the page itself is kept
            second = Client().get(path)
        assert second.content == first.content and second["ETag"] == first["ETag"], path
        assert "Cookie" in second["Vary"], path


def test_a_logged_in_organiser_and_a_visitor_never_get_each_others_page(
        tournament, organiser_client):
    path = f"/t/{tournament.slug}/standings/"
    for first in (Client(), organiser_client):  # whoever comes first, each gets their own
        forget_kept_pages()
        first.get(path)
        visitor, organiser = Client().get(path), organiser_client.get(path)
        assert "Log out" in organiser.content.decode()
        assert "Log out" not in visitor.content.decode() and "Log in" in visitor.content.decode()
        assert organiser["ETag"] != visitor["ETag"]


def test_a_fragment_is_the_same_for_everyone(tournament, organiser_client):
    path = f"/t/{tournament.slug}/standings/"
    visitor, organiser = Client().get(path, headers=HTMX), organiser_client.get(path, headers=HTMX)
    assert visitor.content == organiser.content and visitor["ETag"] == organiser["ETag"]


def test_a_message_reaches_only_its_own_visitor(tournament):
    path = f"/t/{tournament.slug}/"
    Client().get(path)  # the page every visitor shares is now kept
    told = Client()
    storage = CookieStorage(RequestFactory().get("/"))
    told.cookies["messages"] = storage._encode([Message(constants.INFO, "Só para si")])
    assert "Só para si" in told.get(path).content.decode()
    assert "Só para si" not in Client().get(path).content.decode()


def test_a_deal_shows_on_the_next_visitors_page_at_once(match):
    path = f"/m/{match.pk}/"
    before = Client().get(path)
    record(match, {"points": [95, 25]})
    after = Client().get(path)
    assert after["ETag"] != before["ETag"]
    assert after.content != before.content and "95" in after.content.decode()


def test_a_kept_page_is_forgotten_a_day_after_it_was_made(tournament, monkeypatch, settings):
    if settings.CACHES["default"]["BACKEND"] != "django.core.cache.backends.locmem.LocMemCache":
        pytest.skip("moves the local-memory cache's clock; Redis expires keys by itself")
    path = f"/t/{tournament.slug}/standings/"
    Client().get(path)
    now = locmem.time.time()

    def queries_at(later: float) -> int:
        monkeypatch.setattr(locmem, "time", type("Clock", (), {"time": staticmethod(
            lambda: now + later)}))
        live._local_copies.clear()  # a process's own copies are bounded by size, not time
        with CaptureQueriesContext(connection) as captured:
            Client().get(path)
        return len(captured)

    assert queries_at(KEPT_SECONDS - 60) == 1  # the ETag's: the page is still kept
    assert queries_at(KEPT_SECONDS + 1) > 1  # forgotten, so made again


def test_a_page_that_uses_a_csrf_token_is_never_kept(db):
    """Its token is one visitor's: kept, it would go to everyone."""
    from django.contrib.auth.forms import AuthenticationForm
    from django_htmx.middleware import HtmxDetails

    from sueca_club.live import live_page

    request = RequestFactory().get("/with-a-form/")
    request.htmx = HtmxDetails(request)
    response = live_page(request, "v1", "registration/login.html", "registration/login.html",
                         lambda: {"form": AuthenticationForm()})
    assert "csrfmiddlewaretoken" in response.content.decode()
    assert cache.get("live:/with-a-form/:registration/login.html:en.gz") is None
