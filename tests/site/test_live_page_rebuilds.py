"""A shared live page is rebuilt at most once a second however fast deals come
(sueca_club/live.py, LIVE_REBUILD_SECONDS): a copy younger than that serves every poll, with
its own ETag, and the next poll after it brings the newest version."""

import pytest
from django.test import Client, RequestFactory
from django_htmx.middleware import HtmxDetails

from sueca_club import live
from tests.tournaments.public_helpers import HTMX, knockout_of_13


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock(settings, monkeypatch):
    settings.LIVE_REBUILD_SECONDS = 1
    clock = Clock()
    monkeypatch.setattr(live.time, "time", clock)
    return clock


def page(version: str, *, headers=None, private=False, path="/live/"):
    request = RequestFactory().get(path, headers=headers or {})
    request.htmx = HtmxDetails(request)
    return live.live_page(request, version, "404.html", "404.html",
                          lambda: {"request_path": version}, private=private)


def test_a_newer_version_within_the_second_gets_the_copy_just_made(clock, db):
    first = page("v1")
    clock.now += 0.5
    second = page("v2")
    assert second.status_code == 200
    assert second.content == first.content and second["ETag"] == first["ETag"]
    clock.now += 0.6
    third = page("v2")
    assert third["ETag"] != first["ETag"] and '"v2-' in third["ETag"]


def test_a_poll_that_has_the_recent_copy_is_told_nothing_changed(clock, db):
    first = page("v1")
    clock.now += 0.3
    again = page("v2", headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again["ETag"] == first["ETag"]


def test_without_a_window_every_change_is_rebuilt(clock, settings, db):
    settings.LIVE_REBUILD_SECONDS = 0
    first = page("v1")
    second = page("v2")
    assert second["ETag"] != first["ETag"]


def test_a_private_page_or_a_sorted_view_is_never_served_from_a_copy(clock, db):
    first = page("v1", path="/p/")
    assert page("v2", path="/p/", private=True)["ETag"] != first["ETag"]
    sorted_first = page("v1", path="/p/?sort=points")
    assert page("v2", path="/p/?sort=points")["ETag"] != sorted_first["ETag"]


def test_a_tournament_page_shows_a_result_at_the_next_poll_after_the_second(clock, club):
    from tests.tournaments.public_helpers import play_matches

    tournament = knockout_of_13(club)
    path = f"/t/{tournament.slug}/"
    before = Client().get(path, headers=HTMX)
    play_matches(tournament, 1)
    clock.now += 0.2
    soon = Client().get(path, headers={**HTMX, "If-None-Match": before["ETag"]})
    assert soon.status_code == 304  # within the second: the copy just made stands
    clock.now += 1
    later = Client().get(path, headers={**HTMX, "If-None-Match": before["ETag"]})
    assert later.status_code == 200 and later["ETag"] != before["ETag"]


def test_the_tournament_api_is_rebuilt_at_most_once_a_second(clock, club):
    from tests.tournaments.public_helpers import play_matches

    tournament = knockout_of_13(club)
    path = f"/api/v1/tournaments/{tournament.slug}"
    before = Client().get(path)
    play_matches(tournament, 1)
    clock.now += 0.5
    soon = Client().get(path)
    assert soon.content == before.content and soon["ETag"] == before["ETag"]
    clock.now += 1
    assert Client().get(path)["ETag"] != before["ETag"]
