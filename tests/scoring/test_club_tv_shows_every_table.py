"""/c/<club>/tv/: every live table of the club at once, 16 a page; beyond that the TV moves on
from page to page by itself, and the table of the last deal is highlighted for a few seconds."""

import re
from datetime import timedelta

from django.utils import timezone

from scoring import tv
from scoring.models import Match
from tests.conftest import make_match, make_partnership
from tests.scoring.test_live_pages import HTMX, record


def tv_page(client, club, query="", **headers) -> str:
    response = client.get(f"/c/{club.slug}/tv/{query}", headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def tiles(html: str) -> list[str]:
    return re.findall(r'<li class="tv-tile[^"]*" data-match="(\d+)"', html)


def live_matches(club, count: int) -> list[Match]:
    pairs = [make_partnership(club, f"Player {i}a", f"Player {i}b") for i in range(count + 1)]
    return [make_match(club, pairs[i], pairs[i + 1]) for i in range(count)]


def test_every_live_match_is_on_one_screen_with_its_names_and_games(client, club, match,
                                                                    pair_a, pair_b):
    second = make_match(club, pair_b, pair_a)
    record(match, {"points": [95, 25]})
    html = tv_page(client, club)
    assert tiles(html) == [str(match.pk), str(second.pk)]  # oldest first: a table keeps its place
    assert html.count('<span class="tv-name">Ana Silva &amp; Bruno Costa</span>') == 2
    assert '<span class="tv-score">2</span>' in html  # 95 points: two games
    assert "2 tables in play" in html and "page 1 of" not in html
    assert 'class="tv-grid cols-2 rows-1"' in html


def test_one_page_polls_itself_for_new_scores_and_refreshes_without_javascript(client, club,
                                                                             match):
    html = tv_page(client, club)
    assert '<body class="tv"' in html
    assert f'hx-get="/c/{club.slug}/tv/?page=1" hx-trigger="every {tv.POLL_SECONDS}s"' in html
    assert (f'<noscript><meta http-equiv="refresh" content="{tv.POLL_SECONDS};url=?page=1">'
            '</noscript>') in html
    assert "data-poll" in html


def test_sixteen_tables_fit_one_page_and_a_seventeenth_goes_to_page_two(client, club):
    matches = live_matches(club, 17)
    first, second = tv_page(client, club), tv_page(client, club, "?page=2", **HTMX)
    assert tiles(first) == [str(m.pk) for m in matches[:16]]
    assert 'class="tv-grid cols-4 rows-4"' in first
    assert tiles(second) == [str(matches[16].pk)] and "<html" not in second
    assert "17 tables in play" in first and "page 1 of 2" in first
    assert "page 2 of 2" in second
    # Each page stays PAGE_SECONDS, then the next one comes: 1, 2, 1, ...
    assert f'?page=2" hx-trigger="every {tv.PAGE_SECONDS}s"' in first
    assert f'content="{tv.PAGE_SECONDS};url=?page=2"' in first
    assert f'?page=1" hx-trigger="every {tv.PAGE_SECONDS}s"' in second


def test_a_page_past_the_end_comes_round_to_the_first(client, club):
    matches = live_matches(club, 3)
    assert tiles(tv_page(client, club, "?page=5")) == [str(m.pk) for m in matches]
    assert tiles(tv_page(client, club, "?page=nonsense")) == [str(m.pk) for m in matches]


def test_a_finished_match_leaves_the_tv_once_its_final_score_has_been_shown(client, club, match,
                                                                            pair_a, pair_b):
    done = make_match(club, pair_b, pair_a)
    record(done, {"points": [120, 0], "flag": "A"})
    ended = timezone.now() - timedelta(seconds=tv.FINAL_SECONDS + 1)
    Match.objects.filter(pk=done.pk).update(finished_at=ended, updated_at=ended)
    assert tiles(tv_page(client, club)) == [str(match.pk)]


def test_the_tv_says_when_nothing_is_live(client, club):
    assert "No match in play right now." in tv_page(client, club)


def test_the_table_of_the_last_deal_is_highlighted_for_a_few_seconds(client, club, match,
                                                                     pair_a, pair_b):
    other = make_match(club, pair_b, pair_a)
    record(match, {"points": [95, 25]})
    a_while_ago = timezone.now() - timedelta(seconds=tv.FRESH_SECONDS + 1)
    Match.objects.filter(pk=other.pk).update(updated_at=a_while_ago, dealt_at=a_while_ago)
    html = tv_page(client, club)
    assert re.search(rf'class="tv-tile fresh fresh-\d" data-match="{match.pk}"', html)
    assert f'class="tv-tile" data-match="{other.pk}"' in html
    Match.objects.filter(pk=match.pk).update(updated_at=a_while_ago, dealt_at=a_while_ago)
    assert "tv-tile fresh" not in tv_page(client, club)


def test_an_unchanged_poll_is_a_304_costing_one_query(client, club, match,
                                                      django_assert_num_queries):
    Match.objects.update(updated_at=timezone.now() - timedelta(minutes=1),
                         dealt_at=timezone.now() - timedelta(minutes=1))  # nothing highlighted
    etag = client.get(f"/c/{club.slug}/tv/", headers=HTMX)["ETag"]
    with django_assert_num_queries(1):
        response = client.get(f"/c/{club.slug}/tv/", headers={**HTMX, "If-None-Match": etag})
    assert response.status_code == 304
    record(match, {"points": [95, 25]})
    changed = client.get(f"/c/{club.slug}/tv/", headers={**HTMX, "If-None-Match": etag})
    assert changed.status_code == 200 and "tv-tile fresh" in changed.content.decode()


def test_a_highlight_that_ends_is_a_change(client, club, match):
    record(match, {"points": [95, 25]})
    etag = client.get(f"/c/{club.slug}/tv/", headers=HTMX)["ETag"]
    Match.objects.update(updated_at=timezone.now() - timedelta(minutes=1),
                         dealt_at=timezone.now() - timedelta(minutes=1))
    later = client.get(f"/c/{club.slug}/tv/", headers={**HTMX, "If-None-Match": etag})
    assert later.status_code == 200 and "tv-tile fresh" not in later.content.decode()


def test_each_page_has_its_own_etag(client, club):
    live_matches(club, 17)
    assert (client.get(f"/c/{club.slug}/tv/?page=1")["ETag"]
            != client.get(f"/c/{club.slug}/tv/?page=2")["ETag"])
