"""On the referee's phone, before the first deal: one tap on a player's name says who deals
first, the board names them at once, and the page stays one screen wide with big targets."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_touch_targets import MIN_TARGET, PHONE_WIDTH, scroll_width, too_small

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_one_tap_on_a_name_and_the_board_says_who_deals(phone, referee_link, screenshot):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-board-turn]")).to_have_text("Ana Silva deals; Duarte Lima leads.")
    choice = page.locator("#first-dealer")
    expect(choice.get_by_role("heading", name="Who deals first?")).to_be_visible()
    assert too_small(page, "#first-dealer") == []
    assert min(box["height"] for box in (button.bounding_box() for button in
                                         choice.locator("button").all())) >= MIN_TARGET
    screenshot(page, "before")

    choice.get_by_role("button", name="Carla Dias").tap()
    expect(page.locator("[data-board-turn]")).to_have_text("Carla Dias deals; Ana Silva leads.")
    expect(page.get_by_text("Carla Dias deals first; Ana Silva leads.")).to_be_visible()
    expect(choice.locator("button.chosen")).to_contain_text("Carla Dias")
    assert scroll_width(page) <= PHONE_WIDTH
    screenshot(page, "chosen")

    page.locator("form.entry button[name=tie]").tap()  # the first deal: the choice goes away
    page.get_by_role("button", name="Save the deal").tap()
    expect(page.locator("[data-board-turn]")).to_have_text("Ana Silva deals; Duarte Lima leads.")
    expect(page.locator("#first-dealer")).to_have_count(0)


def test_offline_a_tap_on_a_name_says_it_changed_nothing(phone, referee_link, screenshot):
    """Nothing keeps the choice on the phone: it is said where it was tapped, not dropped."""
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    choice = page.locator("#first-dealer")
    expect(choice.locator("[data-dealer-offline]")).to_be_hidden()
    page.context.set_offline(True)
    choice.get_by_role("button", name="Carla Dias").tap()
    expect(choice.get_by_text("No connection: who deals first was not changed.")).to_be_visible()
    expect(page.locator("[data-board-turn]")).to_have_text("Ana Silva deals; Duarte Lima leads.")
    screenshot(page, "offline")
    page.context.set_offline(False)
    choice.get_by_role("button", name="Carla Dias").tap()
    expect(page.locator("[data-board-turn]")).to_have_text("Carla Dias deals; Ana Silva leads.")
