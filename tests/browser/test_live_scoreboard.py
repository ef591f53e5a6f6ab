"""A spectator's scoreboard at /m/<id>/ follows the referee's phone without a reload."""

import uuid

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

LIVE = 15_000  # htmx polls every 5 s


def test_the_scoreboard_follows_deals_from_another_phone_without_reloading(new_phone, match,
                                                                          referee_link,
                                                                          screenshot):
    spectator, referee = new_phone(), new_phone()
    spectator.goto(f"/m/{match.pk}/")
    board = spectator.locator("#scoreboard")
    expect(board.locator(".side-a [data-board-games]")).to_have_text("0")
    spectator.evaluate("window.notReloaded = true")
    screenshot(spectator, "scoreboard")

    referee.goto(f"/r/{referee_link.token}/")
    for digit in "95":
        referee.get_by_role("button", name=digit, exact=True).tap()
    referee.get_by_role("button", name="Next: check the deal").tap()
    referee.get_by_role("button", name="Save the deal").tap()
    expect(referee.get_by_text("Deal saved.")).to_be_visible()

    expect(board.locator(".side-a [data-board-games]")).to_have_text("2", timeout=LIVE)
    expect(board).to_contain_text("1 deal played")
    expect(board.locator(".side-a .tally .stroke")).to_have_count(2)

    answer = referee.request.post(f"/api/v1/referee/{referee_link.token}/deals",
                                  data={"points": [0, 120], "flag": "B"},
                                  headers={"Idempotency-Key": str(uuid.uuid4())})
    assert answer.status == 201, answer.text()

    expect(board.locator(".status")).to_contain_text("Finished: B wins the match.", timeout=LIVE)
    expect(board.locator(".side-b [data-board-games]")).to_have_text("4")
    expect(board.locator(".side-b")).to_have_class("side side-b winner")
    # polling slows down: the referee may still undo the deal that ended the match
    expect(board).to_have_attribute("hx-trigger", "every 30s")
    assert spectator.evaluate("window.notReloaded") is True
    screenshot(spectator, "scoreboard-finished")
