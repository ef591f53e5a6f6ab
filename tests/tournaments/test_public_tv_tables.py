"""/t/<slug>/tv/: the tables in play all at once, 16 a screen, in the TV's cycle; ?page=N shows
only the tables, moving on from page to page. The table of the last deal is highlighted."""

import re
from datetime import timedelta

from django.utils import timezone

from scoring import engine, tv
from scoring.models import Match
from tests.tournaments.helpers import in_play, record
from tests.tournaments.public_helpers import HTMX, knockout_of_13, swiss


def screen(client, tournament, query, **headers) -> str:
    response = client.get(f"/t/{tournament.slug}/tv/{query}", headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def tables(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<span class="tv-table">Table (\d+)</span>', html)]


def test_twenty_tables_take_two_screens_of_the_cycle_and_forty_entries_four_of_standings(
        client, club):
    tournament = swiss(club, size=40, rounds=2)  # 20 tables, all in play
    overview, first, second, *standings = (screen(client, tournament, f"?i={i}", **HTMX)
                                           for i in range(7))
    assert "1/7" in overview and 'data-screen="overview"' in overview
    assert tables(first) == list(range(1, 17)) and "2/7" in first and "page 1 of 2" in first
    assert tables(second) == list(range(17, 21)) and "page 2 of 2" in second
    assert "<h2>Round 1</h2>" in first and "20 tables in play" in first
    assert all('data-screen="standings"' in page for page in standings)
    ranks = [[int(n) for n in re.findall(r'<tr><td class="num">(\d+)', page)]
             for page in standings]
    assert ranks == [list(range(1, 11)), list(range(11, 21)), list(range(21, 31)),
                     list(range(31, 41))]  # every partnership, ten a screen: not 12, 12, 12, 4
    assert "?i=4" in standings[0] and "?i=0" in standings[-1]


def test_the_tables_alone_go_from_page_to_page(client, club):
    tournament = swiss(club, size=40, rounds=2)
    first, second = screen(client, tournament, "?page=1"), screen(client, tournament, "?page=2")
    assert tables(first) == list(range(1, 17)) and tables(second) == list(range(17, 21))
    assert f'tv/?page=2" hx-trigger="every {tv.PAGE_SECONDS}s"' in first
    assert f'content="{tv.PAGE_SECONDS};url=?page=1"' in second
    assert tables(screen(client, tournament, "?page=3")) == list(range(1, 17))  # round again


def test_eight_tables_share_one_screen(client, club):
    tournament = knockout_of_13(club)  # 5 matches in play on 8 tables; 3 byes
    html = screen(client, tournament, "?page=1")
    assert len(tables(html)) == 5 and 'class="tv-grid cols-3 rows-2"' in html
    assert f'tv/?page=1" hx-trigger="every {tv.POLL_SECONDS}s"' in html


def test_the_table_of_the_last_deal_is_highlighted(client, club):
    tournament = knockout_of_13(club)
    pairing = in_play(tournament)[0]
    record(pairing.match, {"points": [95, 25]})
    html = screen(client, tournament, "?page=1")
    assert len(re.findall(rf'class="tv-tile fresh fresh-\d" data-match="{pairing.match_id}"',
                          html)) == 1


def test_an_unchanged_tables_poll_is_a_304_costing_one_query(client, club,
                                                             django_assert_num_queries):
    tournament = swiss(club, size=40, rounds=2)
    Match.objects.update(updated_at=timezone.now() - timedelta(minutes=1),
                         dealt_at=timezone.now() - timedelta(minutes=1))  # none highlighted
    etag = client.get(f"/t/{tournament.slug}/tv/?page=2", headers=HTMX)["ETag"]
    with django_assert_num_queries(1):
        response = client.get(f"/t/{tournament.slug}/tv/?page=2",
                              headers={**HTMX, "If-None-Match": etag})
    assert response.status_code == 304


def test_a_tables_pending_tie_games_show_on_the_tournaments_tv(client, club):
    """As on the club's TV (tests/scoring/test_club_tv_says_tie_games_pending.py), where the
    tournament's tiles never said so."""
    tournament = knockout_of_13(club, rules=engine.rules_from("carry_ties"))
    match = in_play(tournament)[0].match
    record(match, {"points": [60, 60]})
    tile = screen(client, tournament, "?page=1")
    assert '<span class="tv-carry">1 tie game pending</span>' in tile
    record(match, {"points": [70, 50]})
    assert "tv-carry" not in screen(client, tournament, "?page=1")
