"""A deal with the last-trick bonus kept on the referee's phone offline is listed as the tally
writes it, the score it made and then how: "70–60 (A: 60 + 10 bonus)", where it read the card
points typed alone ("60–60") beside "A wins 1 game"."""

import pytest

from scoring import engine, services
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_offline_referee import keep_offline, offline_at, pending
from tests.browser.test_referee_phone import type_points

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_a_waiting_bonus_deal_gives_its_score_then_its_bonus(phone, club, pair_a, pair_b,
                                                             screenshot, monkeypatch):
    match = services.match_create(club=club, a=pair_a, b=pair_b,
                                  rules=engine.rules_from("brasil_last_trick"),
                                  fmt=engine.format_from(None), first_dealer=0)
    page = phone
    offline_at(page, match.referee_links.get())
    monkeypatch.setattr(services, "deal_record", lambda **_: pytest.fail("offline"))
    type_points(page, "60")
    page.locator(".bonus-side label.side-a").tap()  # A took the last trick
    keep_offline(page)
    row = pending(page).locator("[data-provisional-deals] tr")
    expect(row).to_have_text("170–60 (A: 60 + 10 bonus)A wins 1 gamewaiting")
    screenshot(page, "bonus-waiting")
