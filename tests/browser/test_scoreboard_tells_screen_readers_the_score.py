"""A screen reader following /m/<id>/ hears each change of the score once, then the result once:
the live region (#scoreboard-news) changes when a deal changes the match, never as the page
opens, and never on a poll that brings the same fragment again."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.scoring.test_live_pages import record

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

LIVE = 15_000  # htmx polls every 5 s
WATCH = """() => {
  window.told = [];
  const region = document.getElementById("scoreboard-news");
  new MutationObserver(() => window.told.push(region.textContent))
    .observe(region, {childList: true, characterData: true, subtree: true});
}"""
NEXT_SWAP = """() => new Promise((done) => document.addEventListener("htmx:afterSettle", done,
                                                                  {once: true}))"""
POLL = """() => htmx.ajax("GET", location.pathname, {target: "#scoreboard", swap: "outerHTML"})"""
SCORE = "Games: A 2 – 0 B. Duarte Lima deals next; Bruno Costa leads."
RESULT = "Games: A 2 – 4 B. Finished: B wins the match."


def test_the_score_then_the_result_are_told_once_each(phone, match):
    phone.goto(f"/m/{match.pk}/")
    region = phone.locator("#scoreboard-news")
    expect(region).to_have_attribute("role", "status")
    expect(phone.locator("#scoreboard")).to_contain_text("0 deals played")
    phone.evaluate(WATCH)

    record(match, {"points": [95, 25]})
    expect(region).to_have_text(SCORE, timeout=LIVE)
    phone.evaluate(NEXT_SWAP)  # the next poll: the same fragment again
    assert phone.evaluate("window.told") == [SCORE]

    record(match, {"points": [0, 120], "flag": "B"})
    expect(region).to_have_text(RESULT, timeout=LIVE)
    phone.evaluate(POLL)  # a finished match is asked after every 30 s: two polls, now
    phone.evaluate(POLL)
    expect(phone.locator("#scoreboard")).to_have_attribute("hx-trigger", "every 30s")
    assert phone.evaluate("window.told") == [SCORE, RESULT]
