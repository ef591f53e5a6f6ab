"""A 60-60 tie entered with no connection, under tie carry-over, says what it carries, as the
server's screen does ("no games now, 1 game carried to the next deal"), and the board counts
the tie game pending, where the phone said only "no games" and the board dropped it."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_offline_referee import offline_at
from tests.browser.test_referee_phone import tap, type_points
from tests.conftest import make_match

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_a_tie_kept_offline_says_its_carry(phone, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, preset="carry_ties")
    link = match.referee_links.get()
    page = phone
    offline_at(page, link)
    type_points(page, "60")
    tap(page, "Next: check the deal")
    screen = page.locator("[data-offline-screen]")
    expect(screen).to_contain_text("This deal gives: no games now, 1 game carried to the next deal")
    tap(page, "Save the deal")
    expect(page.locator("[data-board-carry]")).to_have_text(" · 1 tie game pending")
    type_points(page, "60")
    tap(page, "Next: check the deal")
    expect(screen).to_contain_text("no games now, 2 games carried to the next deal")
