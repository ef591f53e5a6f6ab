"""A TV whose page stays on screen longer than tv.POLL_SECONDS (a club or a tournament TV of
more than 16 tables; a screen of the tournament TV's cycle) keeps its scores fresh all the
same: #tv asks for the next page when the page's time is up, and a hidden poller asks
meanwhile, every POLL_SECONDS, for the address the page came from. That poll brings the same
page (its tiles and count, which it swaps in), a 304 while nothing changes, and a new deal on
it as soon as there is one, highlighted."""

import html as entities
import re
from datetime import timedelta

from django.utils import timezone

from scoring import tv
from scoring.models import Match
from tests.scoring.test_club_tv_shows_every_table import live_matches, tiles
from tests.scoring.test_live_pages import HTMX, record
from tests.tournaments.helpers import in_play
from tests.tournaments.helpers import record as record_deal
from tests.tournaments.public_helpers import knockout_of_13, swiss

POLLER = re.compile(r'<span hidden hx-get="([^"]*)" hx-trigger="every (\d+)s" hx-swap="none" '
                    r'hx-select-oob="#tv-tiles,#tv-pages" hx-sync="closest #tv:drop" data-poll>')
MOVE = re.compile(r'<div id="tv" [^>]*hx-get="([^"]*)" hx-trigger="every (\d+)s"')


def get(client, address: str, **headers):
    response = client.get(address, headers=headers)
    assert response.status_code in (200, 304), response.status_code
    return response


def poller(html: str) -> tuple[str, int] | None:
    """The hidden poller's address and seconds, if the page has one (only one)."""
    found = POLLER.findall(html)
    assert len(found) <= 1
    return (entities.unescape(found[0][0]), int(found[0][1])) if found else None


def move(html: str) -> tuple[str, int]:
    """Where #tv goes when the page's time is up, and after how many seconds."""
    address, seconds = MOVE.search(html).groups()
    return entities.unescape(address), int(seconds)


def nothing_highlighted() -> None:
    Match.objects.update(updated_at=timezone.now() - timedelta(minutes=1),
                         dealt_at=timezone.now() - timedelta(minutes=1))


def test_the_page_on_screen_polls_itself_and_the_tv_still_moves_on(client, club):
    matches = live_matches(club, 17)
    tv_address = f"/c/{club.slug}/tv/"
    first = get(client, tv_address).content.decode()
    assert tiles(first) == [str(m.pk) for m in matches[:16]]
    # Page 1 asks for itself every POLL_SECONDS, and for page 2 after PAGE_SECONDS.
    assert poller(first) == (tv_address, tv.POLL_SECONDS)
    assert move(first) == (f"{tv_address}?page=2", tv.PAGE_SECONDS)
    assert tv.POLL_SECONDS < tv.PAGE_SECONDS

    # Its poll, as many times as it comes while the page's time lasts: page 1 again.
    for _ in range(tv.PAGE_SECONDS // tv.POLL_SECONDS):
        again = get(client, poller(first)[0], **HTMX).content.decode()
        assert tiles(again) == tiles(first) and "page 1 of 2" in again and "<html" not in again
        assert poller(again) == poller(first)
        assert 'id="tv-tiles"' in again and 'id="tv-pages"' in again  # what the poll swaps in

    # Then the next page, which polls itself in turn, and then back to the first.
    second = get(client, move(first)[0], **HTMX).content.decode()
    assert tiles(second) == [str(matches[16].pk)] and "page 2 of 2" in second
    assert poller(second) == (f"{tv_address}?page=2", tv.POLL_SECONDS)
    assert move(second) == (f"{tv_address}?page=1", tv.PAGE_SECONDS)
    assert tiles(get(client, poller(second)[0], **HTMX).content.decode()) == tiles(second)


def test_an_unchanged_poll_of_the_page_on_screen_is_a_304_costing_one_query(
        client, club, django_assert_num_queries):
    live_matches(club, 17)
    nothing_highlighted()
    for address in (f"/c/{club.slug}/tv/", f"/c/{club.slug}/tv/?page=2"):
        polled = poller(get(client, address).content.decode())[0]
        etag = get(client, polled, **HTMX)["ETag"]
        with django_assert_num_queries(1):
            response = client.get(polled, headers={**HTMX, "If-None-Match": etag})
        assert response.status_code == 304


def test_a_new_deal_on_the_page_on_screen_shows_at_its_next_poll(client, club):
    matches = live_matches(club, 20)
    nothing_highlighted()
    shown = get(client, f"/c/{club.slug}/tv/?page=2", **HTMX).content.decode()
    polled = poller(shown)[0]
    response = get(client, polled, **HTMX)
    etag = response["ETag"]
    assert "tv-tile fresh" not in response.content.decode()

    record(matches[18], {"points": [95, 25]})  # on page 2, the page on screen
    after = get(client, polled, **{**HTMX, "If-None-Match": etag})
    assert after.status_code == 200
    html = after.content.decode()
    assert "page 2 of 2" in html and str(matches[18].pk) in tiles(html)
    assert re.search(rf'class="tv-tile fresh fresh-\d" data-match="{matches[18].pk}"', html)
    tile = html.split(f'data-match="{matches[18].pk}"')[1].split("</li>")[0]
    assert '<span class="tv-score">2</span>' in tile  # 95 card points: two games

    # The highlight ends: a change too, and the poll brings the page without it.
    etag = after["ETag"]
    nothing_highlighted()
    later = get(client, polled, **{**HTMX, "If-None-Match": etag})
    assert later.status_code == 200 and "tv-tile fresh" not in later.content.decode()


def test_one_page_has_no_second_poll_its_tv_asks_for_it_every_few_seconds(client, club):
    live_matches(club, 16)
    html = get(client, f"/c/{club.slug}/tv/").content.decode()
    assert poller(html) is None
    assert move(html) == (f"/c/{club.slug}/tv/?page=1", tv.POLL_SECONDS)


def test_a_tv_with_nothing_in_play_has_no_second_poll(client, club, match):
    Match.objects.update(finished=True)
    html = get(client, f"/c/{club.slug}/tv/").content.decode()
    assert "No match in play right now." in html and poller(html) is None


# The tournament TV shares the grid (scoring/_tv_grid.html), and its poller with it.

def test_a_tournament_tables_screen_of_the_cycle_polls_itself_while_it_is_shown(client, club):
    tournament = swiss(club, size=40, rounds=2)  # 20 tables: i=1 and i=2 show them
    nothing_highlighted()
    tv_address = f"/t/{tournament.slug}/tv/"
    first = get(client, f"{tv_address}?i=1", **HTMX).content.decode()
    assert poller(first) == (f"{tv_address}?i=1", tv.POLL_SECONDS)
    assert move(first)[0] == f"{tv_address}?i=2"
    assert move(first)[1] > tv.POLL_SECONDS

    polled = get(client, poller(first)[0], **HTMX)
    assert 'data-screen="round"' in polled.content.decode()
    assert "page 1 of 2" in polled.content.decode()
    pairing = in_play(tournament)[3]  # Table 4, on the first page
    record_deal(pairing.match, {"points": [20, 100]})
    after = get(client, poller(first)[0], **{**HTMX, "If-None-Match": polled["ETag"]})
    assert after.status_code == 200
    assert re.search(rf'class="tv-tile fresh fresh-\d" data-match="{pairing.match_id}"',
                     after.content.decode())
    # The other screens have no grid, and no poller.
    assert poller(get(client, f"{tv_address}?i=0", **HTMX).content.decode()) is None


def test_the_tournament_tables_alone_poll_the_page_on_screen(client, club):
    tournament = swiss(club, size=40, rounds=2)
    nothing_highlighted()
    tv_address = f"/t/{tournament.slug}/tv/"
    second = get(client, f"{tv_address}?page=2", **HTMX).content.decode()
    assert poller(second) == (f"{tv_address}?page=2", tv.POLL_SECONDS)
    assert move(second) == (f"{tv_address}?page=1", tv.PAGE_SECONDS)
    etag = get(client, poller(second)[0], **HTMX)["ETag"]
    assert client.get(poller(second)[0],
                      headers={**HTMX, "If-None-Match": etag}).status_code == 304


def test_the_tournament_tables_on_one_page_have_no_second_poll(client, club):
    tournament = knockout_of_13(club)  # 5 tables in play
    html = get(client, f"/t/{tournament.slug}/tv/?page=1", **HTMX).content.decode()
    assert poller(html) is None
    assert move(html)[1] == tv.POLL_SECONDS
