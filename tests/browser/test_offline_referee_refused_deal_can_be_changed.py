"""A deal kept offline that the server refuses, once the connection is back: the referee is told
which deal (its number in the match) and why, and can change it or discard it, so that the
deals kept behind it are not stuck."""

import pytest

from scoring import services
from scoring.models import Deal
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_offline_referee import (
    RETRY,
    back_online,
    held,
    keep_offline,
    offline_at,
    other_phone_records,
    pending,
    queue,
    refused,
)
from tests.browser.test_referee_phone import games, tap, type_points

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def kept_by_an_older_page(page, link, *deals: dict) -> None:
    """Deals the phone kept before it checked them (an older version of the page, another
    table's rules): they are in the queue, behind what is there."""
    page.evaluate("""([token, deals]) => {
      const name = 'sueca:pending:' + token;
      const queue = JSON.parse(localStorage.getItem(name));
      const first = queue.items[0];
      // an older page kept no number with its deals
      for (const deal of deals) {
        queue.items.push({ ...first, key: crypto.randomUUID(), deal, number: undefined });
      }
      localStorage.setItem(name, JSON.stringify(queue));
    }""", [link.token, list(deals)])


def test_a_refused_deal_is_named_and_changed_then_the_deals_behind_it_follow(
        refusing_phone, match, referee_link, screenshot, monkeypatch):
    page = refusing_phone
    offline_at(page, referee_link)
    monkeypatch.setattr(services, "deal_record", lambda **_: pytest.fail("offline"))
    type_points(page, "95")
    keep_offline(page)
    kept_by_an_older_page(page, referee_link, {"points": [119, None]}, {"points": [None, 70]})

    monkeypatch.undo()
    screen = back_online(page, announce=True)
    refusal = refused(page, screen, "Deal 2 was not recorded: 119–1", match)
    expect(refusal).to_contain_text("No side can score 1 or 119 card points: no card is worth 1.")
    expect(refusal.get_by_text("The deals after it wait until you decide.")).to_be_visible()
    expect(page.get_by_text("1 deal played")).to_be_visible()  # the first one went
    # Nothing is on its way until the referee decides: the board is the score as last saved.
    expect(page.locator("#referee [data-board-provisional]")).to_have_text(
        "As last saved: the deals waiting on this phone are not counted until you send them.")
    screenshot(page, "refused-online")
    page.wait_for_timeout(1500)
    assert [d.data for d in Deal.objects.order_by("number")] == [{"points": [95, 25]}]

    tap(page, "Change this deal")
    fixing = page.locator("#referee form[data-offline=entry] [data-fixing]")
    expect(fixing).to_have_text("Changing deal 2 (119–1): enter it again. It takes the refused "
                                "one's place and the deals after it follow.")
    expect(page.locator("#id_points_a")).to_have_value("119")
    expect(page.locator("#id_points_b")).to_have_value("1")
    screenshot(page, "changing")
    for _ in "119":
        tap(page, "Clear")
    type_points(page, "70")
    tap(page, "Next: check the deal")
    expect(page.get_by_role("heading", name="Check the deal")).to_be_visible()
    expect(page.locator("#referee .entered")).to_have_text("Entered: 70–50")
    expect(page.locator("#referee .offline-note")).to_have_text(
        "This deal takes the place of the refused one; the deals after it are sent after it.")
    tap(page, "Save the deal")

    expect(pending(page)).to_contain_text("The waiting deals were sent.", timeout=RETRY)
    expect(page.get_by_text("3 deals played")).to_be_visible()
    expect(fixing).to_have_count(0)
    assert [d.data for d in Deal.objects.order_by("number")] == [
        {"points": [95, 25]}, {"points": [70, 50]}, {"points": [50, 70]}]
    assert queue(page, referee_link) == []
    expect(games(page, "A")).to_have_text("3")
    expect(page.locator("#referee [data-board-provisional]")).to_be_hidden()
    screenshot(page, "changed-and-sent")


def test_a_deal_refused_as_stale_is_changed_and_sent_against_the_new_score(
        refusing_phone, match, referee_link):
    page = refusing_phone
    offline_at(page, referee_link)
    type_points(page, "95")
    keep_offline(page)
    tap(page, "A/B")
    type_points(page, "70")
    keep_offline(page)
    other_phone_records(match, {"points": [60, 60]})  # recorded elsewhere meanwhile
    screen = back_online(page)

    # the number it was entered as: another phone's deal took it
    refusal = refused(page, screen, "Deal 1 was not recorded: 95–25", match)
    expect(refusal).to_contain_text("Another deal was recorded on this match meanwhile")
    tap(page, "Change this deal")
    expect(page.locator("#id_points_a")).to_have_value("95")
    tap(page, "Next: check the deal")
    tap(page, "Save the deal")
    expect(pending(page)).to_contain_text("The waiting deals were sent.", timeout=RETRY)
    assert [d.data for d in Deal.objects.order_by("number")] == [
        {"points": [60, 60]}, {"points": [95, 25]}, {"points": [50, 70]}]


def test_discarding_a_refused_deal_leaves_the_ones_behind_it_to_send(refusing_phone, match, referee_link):
    page = refusing_phone
    offline_at(page, referee_link)
    type_points(page, "95")
    keep_offline(page)
    kept_by_an_older_page(page, referee_link, {"points": [119, None]}, {"points": [None, 70]})
    screen = back_online(page, announce=True)
    refused(page, screen, "Deal 2 was not recorded", match)
    tap(page, "Discard this deal")
    expect(held(page)).to_be_visible()
    tap(page, "Send them")
    expect(pending(page)).to_contain_text("The waiting deals were sent.", timeout=RETRY)
    assert [d.data for d in Deal.objects.order_by("number")] == [
        {"points": [95, 25]}, {"points": [50, 70]}]


def test_a_deal_for_a_match_that_ended_can_only_be_discarded(phone, match, referee_link):
    page = phone
    offline_at(page, referee_link)
    type_points(page, "95")
    keep_offline(page)
    other_phone_records(match, {"points": [0, 120], "flag": "B"})  # B wins the match
    page.context.set_offline(False)
    refusal = pending(page).get_by_role("alert")
    expect(refusal).to_contain_text("Deal 1 was not recorded: 95–25", timeout=RETRY)
    expect(refusal).to_contain_text("This match is finished: no more deals.")
    # hidden once the server's screen the refusal asks for (the match over) has come
    expect(page.get_by_role("button", name="Change this deal")).to_be_hidden(timeout=RETRY)
    expect(page.get_by_role("button", name="Discard this deal")).to_be_visible()
