"""A café TV of more than 16 tables shows its pages in turn, and the page on screen stays
fresh: a deal on it lights up its table at the page's next poll (every tv.POLL_SECONDS), not
when the page comes round again; the TV still moves on to the next page, and never has more
than one request in flight, with nothing blocked by the Content-Security-Policy."""

import re

import pytest

from scoring import engine, services
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_content_security_policy import WATCH
from tests.browser.test_tv_grid_fits_a_big_screen import TV, assert_fits, club_with_live_matches, measure
from tests.tournaments.helpers import in_play, record
from tests.tournaments.public_helpers import swiss

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

# Generous: a poll comes within tv.POLL_SECONDS (5s) of the deal, a page stays tv.PAGE_SECONDS
# (15s), and comes back only after the other page's time.
A_POLL = 9_000
A_PAGE = 25_000


def watch(page, path: str) -> dict:
    """How many requests for `path` were made, the most in flight at once, and what the
    Content-Security-Policy blocked (seen["blocked"]())."""
    page.add_init_script(WATCH)
    console = []
    page.on("console", lambda message: console.append(message.text)
            if "Content Security Policy" in message.text else None)
    seen = {"made": 0, "in_flight": 0, "most": 0,
            "blocked": lambda: console + page.evaluate("window.__violations || []")}

    def started(request):
        if path in request.url:
            seen["made"] += 1
            seen["in_flight"] += 1
            seen["most"] = max(seen["most"], seen["in_flight"])

    def ended(request):
        if path in request.url:
            seen["in_flight"] -= 1

    page.on("request", started)
    page.on("requestfinished", ended)
    page.on("requestfailed", ended)
    return seen


def deal(match, points) -> None:
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": points}),
                         key=f"{match.pk}-tv-{points}")


def tile(page, match_id: int):
    return page.locator(f'.tv-tile[data-match="{match_id}"]')


def test_a_deal_on_the_page_on_screen_shows_while_it_is_shown(new_phone, club, screenshot):
    matches = club_with_live_matches(club, 17)
    tv = new_phone(**TV)
    requests = watch(tv, f"/c/{club.slug}/tv/")
    tv.goto(f"/c/{club.slug}/tv/")
    expect(tv.locator(".tv-tile")).to_have_count(16)
    expect(tv.locator(".tv-tile.fresh")).to_have_count(0)

    deal(matches[3], [30, 90])  # on page 1, the page on screen
    expect(tile(tv, matches[3].pk)).to_have_class(re.compile(r"\bfresh\b"), timeout=A_POLL)
    expect(tv.get_by_text("page 1 of 2")).to_be_visible()  # the same page, not its return
    assert_fits(measure(tv), 16)
    screenshot(tv, "page-1-a-new-deal")

    # The TV still moves on, and page 2 polls itself in turn.
    expect(tv.get_by_text("page 2 of 2")).to_be_visible(timeout=A_PAGE)
    expect(tv.locator(".tv-tile")).to_have_count(1)
    deal(matches[16], [95, 25])
    expect(tile(tv, matches[16].pk)).to_have_class(re.compile(r"\bfresh\b"), timeout=A_POLL)
    expect(tv.get_by_text("page 2 of 2")).to_be_visible()
    screenshot(tv, "page-2-a-new-deal")
    assert requests["most"] == 1, requests
    assert requests["blocked"]() == []


def test_a_deal_on_the_tournament_tables_on_screen_shows_while_they_are_shown(new_phone, club):
    tournament = swiss(club, size=40, rounds=2)  # 20 tables: two pages
    tv = new_phone(**TV)
    requests = watch(tv, f"/t/{tournament.slug}/tv/")
    tv.goto(f"/t/{tournament.slug}/tv/?page=1")
    expect(tv.locator(".tv-tile")).to_have_count(16)

    pairing = in_play(tournament)[5]  # Table 6
    record(pairing.match, {"points": [20, 100]})
    expect(tile(tv, pairing.match_id)).to_have_class(re.compile(r"\bfresh\b"), timeout=A_POLL)
    expect(tv.get_by_text("page 1 of 2")).to_be_visible()
    expect(tv.get_by_text("page 2 of 2")).to_be_visible(timeout=A_PAGE)
    assert requests["most"] == 1, requests
    assert requests["blocked"]() == []
