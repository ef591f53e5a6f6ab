"""A shared live page is rebuilt at most once a second however fast deals come
(sueca_club/live.py, LIVE_REBUILD_SECONDS): a copy younger than that serves every poll, with
its own ETag, and the next poll after it brings the newest version. Its version is read at
most once in that second by each process, so an unchanged poll then asks the database
nothing."""

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory
from django_htmx.middleware import HtmxDetails

from scoring import engine, services
from sueca_club import live
from tests.conftest import make_match
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
    live._recent_versions.clear()
    yield clock
    live._recent_versions.clear()


def page(version: str, *, headers=None, private=False, path="/live/", context=None):
    request = RequestFactory().get(path, headers=headers or {})
    request.htmx = HtmxDetails(request)
    return live.live_page(request, version, "404.html", "404.html",
                          context or (lambda: {"request_path": version}), private=private)


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


def test_an_unchanged_poll_within_the_second_asks_the_database_nothing(
        clock, club, pair_a, pair_b, django_assert_num_queries):
    match = make_match(club, pair_a, pair_b)
    path = f"/m/{match.pk}/"
    first = Client().get(path, headers=HTMX)
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [70, 50]}),
                         key="k1")
    clock.now += 0.5
    with django_assert_num_queries(0):
        soon = Client().get(path, headers={**HTMX, "If-None-Match": first["ETag"]})
    assert soon.status_code == 304
    clock.now += 0.6
    later = Client().get(path, headers={**HTMX, "If-None-Match": first["ETag"]})
    assert later.status_code == 200 and later["ETag"] != first["ETag"]
    assert Client().get(f"/api/v1/matches/{match.pk}").json()["version"] == match.version + 1


def test_a_tournament_poll_within_the_second_asks_the_database_nothing(
        clock, club, django_assert_num_queries):
    tournament = knockout_of_13(club)
    for path in (f"/t/{tournament.slug}/", f"/t/{tournament.slug}/standings/",
                 f"/t/{tournament.slug}/tv/?i=1", f"/api/v1/tournaments/{tournament.slug}"):
        first = Client().get(path, headers=HTMX)
        with django_assert_num_queries(0):
            again = Client().get(path, headers={**HTMX, "If-None-Match": first["ETag"]})
        assert again.status_code == 304, path


def test_a_worker_forgets_the_versions_it_read_when_they_grow_past_the_bound(clock, monkeypatch):
    monkeypatch.setattr(live, "RECENT_VERSIONS", 3)
    reads = []
    for key in "abcd":
        live.recent_version(key, lambda key=key: reads.append(key) or key)
    assert len(live._recent_versions) == 1  # cleared at the fourth, which alone is kept
    assert live.recent_version("d", lambda: "new") == "d" and reads == list("abcd")
    assert live.recent_version("a", lambda: "new") == "new"


MAKING = "live:/live/:404.html:en.gz:making"  # who makes the new copy of page()'s address


def test_while_another_process_makes_the_new_copy_the_older_one_is_served(clock, db):
    first = page("v1")
    clock.now += 1.5  # the copy is out of date: the first process polled makes the new one
    cache.add(MAKING, 1, live.MAKING_SECONDS)  # another process is making it now
    made = []
    meanwhile = page("v2", context=lambda: made.append(1) or {"request_path": "v2"})
    assert meanwhile["ETag"] == first["ETag"] and meanwhile.content == first.content
    assert made == []  # nothing made twice
    cache.delete(MAKING)  # made and kept: the claim goes with it
    assert '"v2-' in page("v2")["ETag"]


def test_the_process_that_makes_a_copy_lets_the_next_version_be_made(clock, db):
    page("v1")
    clock.now += 1.5
    assert '"v2-' in page("v2")["ETag"]
    assert cache.get(MAKING) is None  # released once made, not held for MAKING_SECONDS
    clock.now += 1.5
    assert '"v3-' in page("v3")["ETag"]


def test_a_page_never_made_is_made_whoever_else_is_making_it(clock, db):
    cache.add(MAKING, 1, live.MAKING_SECONDS)
    assert '"v1-' in page("v1")["ETag"]  # no older copy to serve meanwhile


def test_a_cache_that_fails_to_say_who_makes_a_copy_lets_this_process_make_it(
        clock, db, monkeypatch):
    from redis.exceptions import ConnectionError as RedisDown

    page("v1")
    clock.now += 1.5

    def down(*args, **kwargs):
        raise RedisDown("refused")
    monkeypatch.setattr(cache, "add", down)
    assert '"v2-' in page("v2")["ETag"]
