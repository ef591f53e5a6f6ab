"""Public scoreboard and club page: plain pages, htmx fragments, 304 on an unchanged poll."""

import re
import uuid

import pytest

from scoring import engine, services
from tests.conftest import make_match

HTMX = {"HX-Request": "true"}


def record(match, *deals):
    for deal in deals:
        services.deal_record(match_id=match.pk, deal=engine.deal_from(deal), key=str(uuid.uuid4()))


def test_the_scoreboard_is_a_plain_page_without_login(client, match):
    record(match, {"points": [95, 25]})
    page = client.get(f"/m/{match.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<html" in html and "Ana Silva &amp; Bruno Costa" in html
    assert 'hx-trigger="every 5s"' in html


def test_a_finished_scoreboard_still_asks_now_and_then_so_an_undo_shows(client, match):
    record(match, {"points": [120, 0], "flag": "A"})
    html = client.get(f"/m/{match.pk}/").content.decode()
    assert 'hx-trigger="every 30s"' in html and "data-poll" in html
    services.deal_undo(match_id=match.pk, key=str(uuid.uuid4()))
    html = client.get(f"/m/{match.pk}/", headers=HTMX).content.decode()
    assert 'hx-trigger="every 5s"' in html


def test_an_htmx_poll_gets_only_the_fragment(client, match):
    html = client.get(f"/m/{match.pk}/", headers=HTMX).content.decode()
    assert "<html" not in html and 'id="scoreboard"' in html


def test_an_unchanged_poll_is_a_304_costing_one_query(client, match, django_assert_num_queries):
    etag = client.get(f"/m/{match.pk}/", headers=HTMX)["ETag"]
    with django_assert_num_queries(1):
        response = client.get(f"/m/{match.pk}/", headers={**HTMX, "If-None-Match": etag})
    assert response.status_code == 304


def test_a_poll_after_a_deal_gets_the_new_score(client, match):
    etag = client.get(f"/m/{match.pk}/", headers=HTMX)["ETag"]
    record(match, {"points": [95, 25]})
    response = client.get(f"/m/{match.pk}/", headers={**HTMX, "If-None-Match": etag})
    assert response.status_code == 200
    assert '<span data-board-games>2<' in response.content.decode()


def test_the_page_and_its_fragment_have_different_etags(client, match):
    assert client.get(f"/m/{match.pk}/")["ETag"] != client.get(f"/m/{match.pk}/",
                                                                headers=HTMX)["ETag"]


def test_the_scoreboard_query_count_does_not_grow_with_deals(client, club, pair_a, pair_b,
                                                             django_assert_max_num_queries):
    long = make_match(club, pair_a, pair_b, fmt={"type": "fixed_deals", "deals": 40})
    record(long, *([{"points": [70, 50]}] * 39))
    with django_assert_max_num_queries(3):
        assert client.get(f"/m/{long.pk}/").status_code == 200


def test_an_unknown_match_is_a_404(client, db):
    assert client.get("/m/12345/").status_code == 404


def test_the_club_page_lists_live_and_finished_matches(client, club, match, pair_a, pair_b):
    done = make_match(club, pair_b, pair_a)
    record(done, {"points": [120, 0], "flag": "A"})
    html = client.get(f"/c/{club.slug}/").content.decode()
    live, recent = html.split("Recent results")
    assert f"/m/{match.pk}/" in live and f"/m/{done.pk}/" in recent


def test_the_club_poll_is_a_304_until_a_match_changes(client, club, match,
                                                      django_assert_num_queries):
    etag = client.get(f"/c/{club.slug}/", headers=HTMX)["ETag"]
    with django_assert_num_queries(1):
        assert client.get(f"/c/{club.slug}/",
                          headers={**HTMX, "If-None-Match": etag}).status_code == 304
    record(match, {"points": [95, 25]})
    assert client.get(f"/c/{club.slug}/", headers={**HTMX, "If-None-Match": etag}).status_code == 200


# The club TV: tests/scoring/test_club_tv_shows_every_table.py


def test_the_club_page_query_count_does_not_grow_with_matches(client, club, pair_a, pair_b,
                                                              django_assert_max_num_queries):
    for _ in range(12):
        make_match(club, pair_a, pair_b)
    # the fifth lists the club's tournaments, the sixth those open for sign-up, the seventh
    # is their version
    with django_assert_max_num_queries(7):
        assert client.get(f"/c/{club.slug}/").status_code == 200


def test_a_finished_match_in_a_list_names_its_winner_not_a_side_letter(client, club, match):
    record(match, {"points": [0, 120], "flag": "B"})
    html = client.get(f"/c/{club.slug}/").content.decode()
    assert f"{match.b.display_name} won" in html.replace("&amp;", "&")
    assert "B won" not in html


@pytest.mark.parametrize("path", ["/", "/live/", "/c/{club}/"])
def test_every_live_list_offers_a_refresh_link_without_javascript(client, club, match, path):
    """Without JavaScript nothing polls: as the scoreboard and the tournament pages, the live
    lists offer a link that reloads them."""
    html = client.get(path.format(club=club.slug)).content.decode()
    assert re.search(r'<noscript><p><a class="button" href="[^"]+">Refresh</a></p></noscript>',
                     html)
