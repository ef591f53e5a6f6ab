"""At a tournament table the phone shows the ended match's result, then, on a tap, the table's
next match, named before it takes a deal."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.tournaments.helpers import make_tournament
from tournaments import services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_the_result_stays_until_the_referee_taps_next_match(phone, club, screenshot):
    tournament = make_tournament(club, 4, tables_count=1)  # two semi-finals on one table
    services.tournament_start(tournament=tournament)
    link = tournament.tables.select_related("link").get().link
    first = link.match
    page = phone
    page.goto(f"/r/{link.token}/")
    expect(page.locator(".table-label")).to_contain_text("Semi-finals · Table 1")
    page.get_by_role("button", name="Flag A", exact=True).tap()
    page.get_by_role("button", name="Save the deal", exact=True).tap()
    expect(page.get_by_role("heading", name="Match result")).to_be_visible()
    expect(page.get_by_text(f"Match won by {first.a.display_name} (A).")).to_be_visible()
    link.refresh_from_db()
    following = link.match
    section = page.locator(".next-match")
    expect(section).to_contain_text(following.a.display_name)
    expect(section).to_contain_text(following.b.display_name)
    expect(page.locator("[data-pad]")).to_have_count(0)
    page.wait_for_timeout(6_000)  # a poll may come meanwhile: the result stays
    expect(page.get_by_role("heading", name="Match result")).to_be_visible()
    screenshot(page, "result")

    page.get_by_role("link", name="Next match", exact=True).tap()
    expect(page.locator("#referee")).to_have_attribute("data-match", str(following.pk))
    expect(page.get_by_text("0 deals played")).to_be_visible()
    expect(page.locator(".table-label")).to_contain_text("Semi-finals · Table 1")
    expect(page.locator("#referee .board")).to_contain_text(following.a.display_name)
    screenshot(page, "next-match")
