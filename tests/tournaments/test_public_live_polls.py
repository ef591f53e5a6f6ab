"""The live fragments of the public pages: htmx polls, ETags from the tournament, 304s."""

import pytest
from django.utils import timezone

from tests.tournaments.helpers import in_play, record
from tests.tournaments.public_helpers import HTMX, knockout_of_13, play_matches

PAGES = ["", "bracket/", "groups/", "standings/", "rounds/1/", "results/", "tv/?i=1"]


@pytest.fixture
def tournament(club):
    tournament = knockout_of_13(club)
    play_matches(tournament, 1)
    return tournament


@pytest.mark.parametrize("path", PAGES)
def test_an_htmx_poll_gets_only_the_fragment(client, tournament, path):
    response = client.get(f"/t/{tournament.slug}/{path}", headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and "data-poll" in html
    assert response["Cache-Control"] == "no-cache"
    assert "HX-Request" in response["Vary"]


@pytest.mark.parametrize("path", PAGES[:-1])
def test_the_page_polls_its_fragment_every_5_seconds(client, tournament, path):
    html = client.get(f"/t/{tournament.slug}/{path}").content.decode()
    assert '<div id="t-live"' in html
    assert f'hx-get="/t/{tournament.slug}/{path}" hx-trigger="every 5s"' in html
    assert 'hx-swap="outerHTML" data-poll' in html


@pytest.mark.parametrize("path", PAGES)
def test_an_unchanged_poll_is_a_304_costing_one_query(client, tournament, path, monkeypatch,
                                                      django_assert_num_queries):
    # The TV's ETag names the second while a table is highlighted (tournaments/tv.py): both
    # polls must fall in the same one.
    now = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: now)
    etag = client.get(f"/t/{tournament.slug}/{path}", headers=HTMX)["ETag"]
    with django_assert_num_queries(1):
        response = client.get(f"/t/{tournament.slug}/{path}",
                              headers={**HTMX, "If-None-Match": etag})
    assert response.status_code == 304
    # RFC 9110: a 304 carries the ETag, Cache-Control and Vary that a 200 would have.
    assert response["ETag"] == etag and response["Cache-Control"] == "no-cache"
    assert {"HX-Request", "Cookie"} <= {v.strip() for v in response["Vary"].split(",")}


@pytest.mark.parametrize("path", [p for p in PAGES if p != "standings/"])  # results only:
def test_a_deal_changes_the_etag(client, tournament, path):  # test_public_standings_cache.py
    etag = client.get(f"/t/{tournament.slug}/{path}", headers=HTMX)["ETag"]
    record(in_play(tournament)[0].match, {"points": [95, 25]})
    response = client.get(f"/t/{tournament.slug}/{path}", headers={**HTMX, "If-None-Match": etag})
    assert response.status_code == 200 and response["ETag"] != etag


def test_the_page_and_its_fragment_have_different_etags(client, tournament):
    url = f"/t/{tournament.slug}/"
    assert client.get(url)["ETag"] != client.get(url, headers=HTMX)["ETag"]


def test_a_new_score_reaches_the_round_fragment(client, tournament):
    pairing = in_play(tournament)[0]
    record(pairing.match, {"points": [95, 25]})
    html = client.get(f"/t/{tournament.slug}/rounds/1/", headers=HTMX).content.decode()
    card = html.split(f"Table {pairing.table.number}</span>")[1].split("</li>")[0]
    assert '<span class="g side-a">2</span>' in card


def test_an_unknown_tournament_poll_is_a_404(client, db):
    assert client.get("/t/nowhere/standings/", headers=HTMX).status_code == 404
