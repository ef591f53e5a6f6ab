"""/live/ and /c/<club>/live/: every match in play, where the home page's list (12) and the club
page's (20) stop, which then link to it. By club, tournament and table, 50 a page; a live page
like the others: polled, a 304 for one query while nothing changes, the same few queries for
any number of matches."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import Match
from scoring.views import public
from tests.conftest import make_match, make_partnership
from tests.scoring.test_club_tv_shows_every_table import live_matches
from tests.scoring.test_live_pages import HTMX, record
from tests.tournaments.helpers import in_play
from tests.tournaments.public_helpers import swiss

CLUB_BUDGET = 3  # the ETag's (which also counts the matches in play), the club, one page
SITE_BUDGET = 2  # the ETag's, one page


def listed(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'<a href="/m/(\d+)/">', html)]


def page(client, url: str, **headers) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_club_page_shows_20_and_links_to_all_30(client, club):
    matches = live_matches(club, 30)
    html = page(client, f"/c/{club.slug}/")
    assert len(listed(html.split("Recent results")[0])) == 20
    assert f'<a class="button" href="/c/{club.slug}/live/">All matches in play</a>' in html
    every = page(client, f"/c/{club.slug}/live/")
    assert listed(every) == [match.pk for match in matches]  # oldest first: a match keeps its place
    assert "30 tables in play" in every and "page 1 of" not in every


def test_the_club_page_needs_no_link_while_every_match_shows(client, club):
    live_matches(club, 20)
    assert "All matches in play" not in page(client, f"/c/{club.slug}/")


def test_the_home_page_shows_12_and_links_to_every_club_s_matches(client, club, other_club):
    matches = live_matches(club, 10) + live_matches(other_club, 3)
    html = page(client, "/")
    assert len(listed(html)) == 12
    assert '<a class="button" href="/live/">All matches in play</a>' in html
    every = page(client, "/live/")
    assert sorted(listed(every)) == sorted(match.pk for match in matches)
    assert "13 tables in play" in every


def test_a_long_list_has_pages_and_a_page_past_the_end_comes_round(client, club, monkeypatch):
    monkeypatch.setattr(public, "IN_PLAY_PER_PAGE", 4)
    matches = [match.pk for match in live_matches(club, 6)]
    first, second = page(client, f"/c/{club.slug}/live/"), page(client, f"/c/{club.slug}/live/?page=2")
    assert listed(first) == matches[:4] and listed(second) == matches[4:]
    assert "page 1 of 2" in first and 'href="?page=2" rel="next">Next page' in first
    assert 'href="?page=1" rel="prev">Previous page' in second and 'rel="next"' not in second
    assert listed(page(client, f"/c/{club.slug}/live/?page=3")) == matches[:4]


def test_a_tournament_match_is_named_by_its_tournament_and_table(client, club):
    tournament = swiss(club, size=4, rounds=2)
    html = page(client, f"/c/{club.slug}/live/")
    assert listed(html) == [pairing.match_id for pairing in in_play(tournament)]
    assert f"{club} · {tournament.name} · Table 1" in html


def test_a_finished_match_leaves_the_list(client, club, match, pair_a, pair_b):
    done = make_match(club, pair_b, pair_a)
    record(done, {"points": [120, 0], "flag": "A"})
    assert listed(page(client, f"/c/{club.slug}/live/")) == [match.pk]


def test_it_polls_and_an_unchanged_poll_is_a_304_costing_one_query(client, club, match,
                                                                 django_assert_num_queries):
    html = page(client, f"/c/{club.slug}/live/")
    assert 'hx-get="/c/cafe-central/live/?page=1" hx-trigger="every 5s"' in html
    assert "data-poll" in html
    fragment = client.get(f"/c/{club.slug}/live/?page=1", headers=HTMX)
    assert "<html" not in fragment.content.decode()
    with django_assert_num_queries(1):
        unchanged = client.get(f"/c/{club.slug}/live/?page=1",
                               headers={**HTMX, "If-None-Match": fragment["ETag"]})
    assert unchanged.status_code == 304
    record(match, {"points": [95, 25]})
    changed = client.get(f"/c/{club.slug}/live/?page=1",
                         headers={**HTMX, "If-None-Match": fragment["ETag"]})
    assert changed.status_code == 200


@pytest.mark.parametrize("url, budget", [("/c/cafe-central/live/", CLUB_BUDGET),
                                         ("/live/", SITE_BUDGET)])
def test_the_same_queries_for_2_matches_as_for_60_and_for_page_2(client, club, monkeypatch, url,
                                                                 budget):
    monkeypatch.setattr(public, "IN_PLAY_PER_PAGE", 25)
    pairs = [make_partnership(club, f"Friend {i}a", f"Friend {i}b") for i in range(61)]
    swiss(club, size=8, rounds=2)  # tournament matches, named by their tournament and table
    measured = []
    for count in (2, 60):
        while Match.objects.filter(pairing=None).count() < count:
            number = Match.objects.filter(pairing=None).count()
            make_match(club, pairs[number], pairs[number + 1])
        for query, headers in (("", {}), ("?page=1", HTMX), ("?page=2", {})):
            with CaptureQueriesContext(connection) as queries:
                page(client, url + query, **headers)
            measured.append(len(queries))
    assert measured == [budget] * len(measured)


def test_an_unknown_club_is_a_404(client, db):
    assert client.get("/c/no-such-club/live/").status_code == 404
