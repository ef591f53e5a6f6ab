"""While deals wait on the referee's phone, the scoreboard beside the keypad shows the score with
them, marked as not saved yet: the page never shows two scores (the waiting box's provisional
one, and the server's last one on the board), and the server's comes back once they are sent."""

import pytest

from scoring import services
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_offline_referee import RETRY, keep_offline, offline_at, pending, queue
from tests.browser.test_referee_phone import games, tap, type_points

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def board(page):
    return page.locator("#referee .board")


def mark(page):
    return page.locator("#referee [data-board-provisional]")


def badges(page) -> dict[str, str]:
    """Who deals and who leads, as the "Who sits where" card says."""
    seats = page.locator("#referee [data-board-seats] li")
    found = {}
    for i in range(seats.count()):
        seat = seats.nth(i)
        for badge in seat.locator("[data-badge]").all():
            found[badge.get_attribute("data-badge")] = seat.inner_text().split(" · ")[1].split(" ")[0]
    return found


def test_offline_the_board_shows_the_waiting_deals_marked_then_the_servers_score(
        phone, match, referee_link, screenshot, monkeypatch):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()
    expect(mark(page)).to_be_hidden()
    status = page.locator("#referee .board + .status")
    expect(status).to_contain_text("Ana Silva deals; Duarte Lima leads.")
    expect(status).to_contain_text("0 deals played")
    expect(page.locator("#referee .deal-tally")).to_contain_text("No deal yet.")
    page.context.set_offline(True)
    monkeypatch.setattr(services, "deal_record", lambda **_: pytest.fail("offline"))

    type_points(page, "95")
    keep_offline(page)
    tap(page, "A/B")
    type_points(page, "70")
    keep_offline(page)
    expect(pending(page)).to_contain_text("2 deals waiting to be sent")
    box = pending(page).locator("[data-provisional]")
    expect(box).to_contain_text("Games: A 2 – 1 B")
    next_dealer = box.locator("[data-provisional-next]").inner_text()  # "X deals next; Y leads."
    dealer, leader = next_dealer.split(" deals next; ")[0], next_dealer.split("; ")[1][:-len(" leads.")]

    # The board agrees with the box, and says it is not saved yet.
    expect(mark(page)).to_be_visible()
    expect(mark(page)).to_have_text("Not saved yet: this score counts the deals waiting on this phone.")
    expect(board(page)).to_have_attribute("data-provisional", "")
    expect(games(page, "A")).to_have_text("2")
    expect(games(page, "B")).to_have_text("1")
    expect(board(page).locator(".side-a [data-board-points]")).to_have_text("145")
    expect(board(page).locator(".side-a .stroke")).to_have_count(2)
    expect(status).to_contain_text(f"{dealer} deals; {leader} leads.")
    expect(status).to_contain_text("0 deals played · 2 more not saved yet")
    page.get_by_text("Who sits where").tap()
    assert badges(page) == {"deals": dealer.split(" ")[0], "leads": leader.split(" ")[0]}
    tally = page.locator("#referee .deal-tally")
    expect(tally.locator("[data-tally-empty]")).to_be_hidden()
    expect(tally).to_contain_text("2 deals waiting on this phone are not listed here yet (see above).")
    screenshot(page, "board-provisional")

    # Back online, the referee typing the next deal: the server's score, what was typed kept.
    type_points(page, "3")
    monkeypatch.undo()
    page.context.set_offline(False)
    expect(pending(page)).to_contain_text("The waiting deals were sent.", timeout=RETRY)
    expect(status).to_contain_text("2 deals played")
    expect(status).not_to_contain_text("not saved")
    expect(mark(page)).to_be_hidden()
    expect(board(page)).not_to_have_attribute("data-provisional", "")
    expect(games(page, "A")).to_have_text("2")
    expect(page.locator("#referee .deal-tally tbody tr")).to_have_count(2)  # the server's tally
    expect(tally.locator("[data-tally-waiting]")).to_be_hidden()
    expect(page.locator("#id_points_a")).to_have_value("3")
    assert queue(page, referee_link) == []
    screenshot(page, "board-saved")


def test_a_match_over_on_the_phones_count_is_on_the_board_too(phone, match, referee_link):
    page = phone
    offline_at(page, referee_link)
    keep_offline(page, award_button="Flag B")
    expect(mark(page)).to_be_visible()
    expect(games(page, "B")).to_have_text("4")
    expect(page.locator("#referee .board + .status")).to_contain_text(
        "Finished: B wins the match. Not saved yet.")
    page.get_by_text("Who sits where").tap()
    assert badges(page) == {}


def test_without_javascript_the_board_is_the_servers_and_nothing_is_marked(
        new_phone, match, referee_link):
    page = new_phone(java_script_enabled=False)
    page.goto(f"/r/{referee_link.token}/")
    expect(board(page)).to_be_visible()
    expect(mark(page)).to_be_hidden()
    expect(page.locator("#referee .deal-tally")).to_contain_text("No deal yet.")
    expect(page.locator("#referee [data-tally-waiting]")).to_be_hidden()
