"""The referee's phone, left on its keypad, follows a change made elsewhere (the organiser
corrects or voids a deal; a second phone scores): within one of its checks (10 s) it shows
the score as saved and says why it changed, where it kept showing the old score until the
referee's next tap. A phone with something typed is left alone."""

import pytest

from scoring import engine, services
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_referee_phone import type_points

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

CHANGED = "Changed on another screen (ana): deal corrected · deal 1, 95–25 → 25–95."


def test_an_organisers_correction_reaches_the_phone_on_its_keypad(phone, referee_link,
                                                                     organiser):
    match = referee_link.match
    for points in ([95, 25], [70, 50]):
        services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": points}),
                             key=str(points))
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    board = page.locator(".board")
    before = board.inner_text()
    services.deal_correct(deal=match.deals.get(number=1),
                          replacement=engine.deal_from({"points": [25, 95]}), reason="typo",
                          user=organiser)
    expect(page.locator("[data-changed]")).to_contain_text(CHANGED, timeout=15_000)
    assert board.inner_text() != before
    expect(page.locator("[data-pad]")).to_be_visible()  # still the keypad


def test_a_phone_with_points_typed_is_left_alone(phone, referee_link, organiser):
    match = referee_link.match
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [95, 25]}),
                         key="first")
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    type_points(page, "70")
    services.deal_void(deal=match.deals.get(number=1), reason="never played", user=organiser)
    page.wait_for_timeout(12_000)
    expect(page.locator("#id_points_a")).to_have_value("70")
    expect(page.locator("[data-changed]")).to_have_count(0)


def test_a_finished_match_put_back_in_play_brings_the_keypad_back(phone, referee_link,
                                                                   organiser):
    """The phone left on "The match is over" after its last deal, where it stayed over when
    the organiser voided that deal and the match was in play again."""
    match = referee_link.match
    for number in (1, 2):  # 2 games each: 4-0
        services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [95, 25]}),
                             key=str(number))
    match.refresh_from_db()
    assert match.finished
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_have_count(0)
    services.deal_void(deal=match.deals.order_by("number").last(), reason="dealt twice",
                       user=organiser)
    expect(page.locator("[data-changed]")).to_contain_text("deal voided", timeout=15_000)
    expect(page.locator("[data-pad]")).to_be_visible()
