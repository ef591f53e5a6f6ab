"""Standings change with results only: their ETag is the tournament's version, and the rendered
table is kept per version (what `make bench` measures as standings_full and standings_304)."""

from unittest import mock

import pytest
from django.utils.html import escape

from scoring import engine
from scoring import services as scoring
from tests.conftest import forget_kept_pages
from tests.tournaments.helpers import in_play, play, record
from tests.tournaments.public_helpers import HTMX, swiss
from tournaments import selectors


@pytest.fixture(autouse=True)
def empty_cache():
    forget_kept_pages()
    yield
    forget_kept_pages()


@pytest.fixture
def tournament(club):
    return swiss(club, size=8, fmt={"type": "fixed_deals", "deals": 2}, rounds=3)


def standings(client, tournament, headers=None):
    return client.get(f"/t/{tournament.slug}/standings/", headers=headers or {})


def test_a_deal_that_decides_nothing_leaves_the_standings_unchanged(client, tournament):
    etag = standings(client, tournament, HTMX)["ETag"]
    record(in_play(tournament)[0].match, {"points": [70, 50]})  # 1 of 2 deals
    assert standings(client, tournament, {**HTMX, "If-None-Match": etag}).status_code == 304


def test_a_finished_match_changes_the_standings(client, tournament):
    etag = standings(client, tournament, HTMX)["ETag"]
    pairing = in_play(tournament)[0]
    play(pairing, "A")
    response = standings(client, tournament, {**HTMX, "If-None-Match": etag})
    assert response.status_code == 200 and response["ETag"] != etag
    winner = escape(pairing.a.partnership.display_name)
    row = response.content.decode().split(winner)[1].split("</tr>")[0]
    assert '<td class="key num">3</td>' in row  # a win is 3 points


def test_a_correction_that_keeps_the_winner_still_changes_the_standings(client, tournament,
                                                                        organiser):
    pairing = in_play(tournament)[0]
    play(pairing, "A")  # two deals of 70-50: 2 games to 0
    etag = standings(client, tournament, HTMX)["ETag"]
    deal = pairing.match.deals.filter(active=True).first()
    scoring.deal_correct(deal=deal, replacement=engine.deal_from({"points": [95, 25]}),
                         reason="95, not 70", user=organiser)
    response = standings(client, tournament, {**HTMX, "If-None-Match": etag})
    assert response.status_code == 200 and response["ETag"] != etag


def test_the_table_is_built_once_per_version(client, tournament, django_assert_num_queries):
    play(in_play(tournament)[0], "A")
    first = standings(client, tournament).content
    with django_assert_num_queries(1):  # the ETag's row; the tournament and table are kept
        again = standings(client, tournament)
    assert again.content.count(b"<tr") == first.count(b"<tr") == 9  # a header and 8 rows
    with django_assert_num_queries(1):
        assert b"<tr" in standings(client, tournament, HTMX).content


def test_a_sorted_view_is_kept_per_order_and_junk_in_the_address_builds_nothing(
        client, tournament, django_assert_max_num_queries):
    """A sorted table costs what the default one does to build (seconds for a thousand
    partnerships): each order is kept per version, and no address makes it be built again."""
    play(in_play(tournament)[0], "B")
    path = f"/t/{tournament.slug}/standings/"
    html = client.get(path + "?sort=-lost").content.decode()
    default = standings(client, tournament).content.decode()
    assert html != default and "<tbody" in html
    with django_assert_max_num_queries(2):  # the ETag's row and the kept tournament
        again = client.get(path + "?sort=-lost&x=1").content.decode()
        other = client.get(path + "?sort=nonsense&page=9").content.decode()
    assert table(again) == table(html)  # its sort links name the order alone
    assert table(other) == table(default)


def table(page: str) -> str:
    return page[page.index('class="table-scroll"'):page.index("</table>")]


def test_a_deal_leaves_every_kept_standings_copy_as_it_is(client, tournament,
                                                          django_assert_num_queries):
    play(in_play(tournament)[0], "A")
    paths = [f"/t/{tournament.slug}/standings/{q}" for q in ("", "?sort=-points")]
    first = {(path, h): standings_of(client, path, h) for path in paths for h in ("", "htmx")}
    record(in_play(tournament)[0].match, {"points": [70, 50]})  # 1 of 2 deals: no result
    for (path, h), content in first.items():
        with django_assert_num_queries(1):  # the ETag's row: nothing is built again
            assert standings_of(client, path, h) == content


def standings_of(client, path, htmx) -> bytes:
    return client.get(path, headers=HTMX if htmx else {}).content


@pytest.mark.parametrize("path", ["/api/v1/tournaments/{slug}", "/t/{slug}/tv/?i=2"])
def test_a_page_that_shows_live_scores_takes_the_standings_kept_from_the_last_result(
        client, tournament, path):
    play(in_play(tournament)[0], "A")
    url = path.format(slug=tournament.slug)
    before = client.get(url)
    record(in_play(tournament)[0].match, {"points": [70, 50]})
    with mock.patch.object(selectors, "standings", side_effect=AssertionError("ranked again")):
        after = client.get(url)
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert b"Standings" in after.content or b'"standings"' in after.content
