"""On the referee's phone, before the first deal: one tap on a player's name says who deals
first, the board names them at once, and the page stays one screen wide with big targets.
After it, the card folds away below the keypad ("Wrong dealer? Change who deals now"), and
one tap on who deals now puts the site's dealer right, online or offline."""

import pytest

from scoring import services
from scoring.models import Match
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_offline_referee import RETRY
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

    page.locator("form.entry button[name=tie]").tap()  # the first deal: the choice folds away
    page.get_by_role("button", name="Save the deal").tap()
    expect(page.locator("[data-board-turn]")).to_have_text("Ana Silva deals; Duarte Lima leads.")
    expect(page.locator("#first-dealer summary")).to_have_text("Wrong dealer? Change who deals now")
    expect(page.locator("#first-dealer button").first).to_be_hidden()


def test_the_boards_dealer_line_leads_to_the_choice_below_the_keypad(phone, referee_link,
                                                                      screenshot):
    """The card that chooses who deals first sits below the keypad, off the first screen: the
    board's "X deals" is a tap target leading to it, until the first deal."""
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    line = page.locator("a.dealer-change")
    expect(line).to_contain_text("Ana Silva deals; Duarte Lima leads.")
    assert line.bounding_box()["height"] >= MIN_TARGET
    assert page.locator("#first-dealer").bounding_box()["y"] > page.viewport_size["height"]

    line.tap()
    expect(page.locator("#first-dealer")).to_be_in_viewport()
    page.locator("#first-dealer").get_by_role("button", name="Carla Dias").tap()
    expect(line).to_contain_text("Carla Dias deals; Ana Silva leads.")
    expect(page.locator("[data-pad]")).to_be_in_viewport()  # back at the keypad
    screenshot(page, "chosen-from-the-board")

    page.locator("form.entry button[name=tie]").tap()
    page.get_by_role("button", name="Save the deal").tap()
    expect(page.locator("[data-board-turn]")).to_have_text("Ana Silva deals; Duarte Lima leads.")
    expect(page.locator("a.dealer-change")).to_have_count(0)  # a plain line: the keypad's screen


def test_after_deals_one_tap_on_who_deals_now_puts_the_dealer_right(phone, referee_link,
                                                                     screenshot):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    for _ in range(2):
        page.locator("form.entry button[name=tie]").tap()
        page.get_by_role("button", name="Save the deal").tap()
    line = page.locator("[data-board-turn]")
    expect(line).to_contain_text("Bruno Costa deals; Carla Dias leads.")
    card = page.locator("#first-dealer")
    card.get_by_text("Wrong dealer? Change who deals now").tap()
    expect(card.locator("button")).to_have_count(4)
    card.locator("button").last.scroll_into_view_if_needed()
    expect(card.locator("button").first).to_be_visible()
    assert too_small(page, "#first-dealer") == [] and scroll_width(page) <= PHONE_WIDTH
    expect(card.locator("button.chosen")).to_contain_text("Bruno Costa")
    screenshot(page, "who-deals-now")
    card.get_by_role("button", name="Carla Dias").tap()
    expect(line).to_contain_text("Carla Dias deals; Ana Silva leads.")
    expect(page.locator("[data-pad]")).to_be_in_viewport()
    match = Match.objects.get(pk=referee_link.match_id)
    assert match.state["next_dealer"] == 1 and match.state["games"] == [0, 0]
    assert [deal["dealer"] for deal in match.state["deals"]] == [3, 2]


def test_offline_who_deals_now_is_kept_and_sent(phone, referee_link):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    page.locator("form.entry button[name=tie]").tap()
    page.get_by_role("button", name="Save the deal").tap()
    expect(page.locator("[data-board-turn]")).to_have_text("Duarte Lima deals; Bruno Costa leads.")
    page.context.set_offline(True)
    card = page.locator("#first-dealer")
    card.get_by_text("Wrong dealer? Change who deals now").tap()
    card.get_by_role("button", name="Ana Silva").tap()
    expect(card.locator("[data-dealer-offline]")).to_have_text(
        "Kept on this phone: Ana Silva deals now. It is sent by itself when the connection is "
        "back.")
    expect(page.locator("#pending li")).to_have_text(["Who deals now: Ana Silva"])
    expect(page.locator("#pending-title")).to_have_text("Who deals now is waiting to be sent")
    expect(page.locator("[data-board-provisional]")).to_have_text(
        "Not saved yet: who deals now, as chosen on this phone.")
    expect(page.locator("[data-board-turn]")).to_have_text("Ana Silva deals; Duarte Lima leads.")
    assert Match.objects.get(pk=referee_link.match_id).first_dealer == 0

    page.context.set_offline(False)
    expect(page.locator("#pending")).to_contain_text("Who deals now was sent.", timeout=RETRY)
    expect(page.locator("[data-board-turn]")).to_have_text("Ana Silva deals; Duarte Lima leads.")
    assert Match.objects.get(pk=referee_link.match_id).first_dealer == 1


def test_offline_a_tap_on_a_name_is_kept_shown_at_once_and_sent_when_online(
        phone, referee_link, screenshot):
    """The phone keeps the choice (static/js/offline.js's queue) and says so on its card; the
    board names the chosen dealer at once; the choice is sent by itself once online."""
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()
    choice = page.locator("#first-dealer")
    expect(choice.locator("[data-dealer-offline]")).to_be_hidden()
    page.context.set_offline(True)
    choice.get_by_role("button", name="Carla Dias").tap()
    expect(choice.locator("[data-dealer-offline]")).to_have_text(
        "Kept on this phone: Carla Dias deals first. It is sent by itself when the connection is "
        "back, before the deals entered after it.")
    expect(choice.locator("button.chosen")).to_have_count(1)
    expect(choice.locator("button.chosen")).to_contain_text("Carla Dias")
    expect(choice.locator("button")).to_have_text(["A · Ana Silva", "B · Carla Dias deals",
                                                   "A · Bruno Costa", "B · Duarte Lima"])
    expect(page.locator("[data-board-turn]")).to_have_text("Carla Dias deals; Ana Silva leads.")
    expect(page.locator("[data-board-provisional]")).to_have_text(
        "Not saved yet: who deals first, as chosen on this phone.")
    expect(page.locator("#pending")).to_contain_text("Who deals first is waiting to be sent")
    expect(page.locator("[data-pad]")).to_be_in_viewport()  # back at the keypad, as online
    assert scroll_width(page) <= PHONE_WIDTH
    screenshot(page, "offline")
    assert Match.objects.get(pk=referee_link.match_id).first_dealer == 0

    page.context.set_offline(False)
    expect(page.locator("#pending")).to_contain_text("Who deals first was sent.", timeout=RETRY)
    expect(page.locator("[data-board-provisional]")).to_be_hidden()
    # A page older than the choice (a slow machine) is asked for again: see the next test.
    expect(page.locator("[data-board-turn]")).to_have_text("Carla Dias deals; Ana Silva leads.",
                                                           timeout=RETRY)
    expect(choice.locator("[data-dealer-offline]")).to_be_hidden()
    assert Match.objects.get(pk=referee_link.match_id).first_dealer == 1


def test_a_choice_made_elsewhere_reaches_the_phone_before_the_first_deal(phone, referee_link,
                                                                         organiser):
    """The organiser chose on the round status board (or a second phone did): the phone, open
    and untouched, names the new dealer within one of its checks (10 s), where it kept naming
    the old one until the referee's next tap."""
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-board-turn]")).to_have_text("Ana Silva deals; Duarte Lima leads.")
    services.first_dealer_set(match_id=referee_link.match_id, seat=1, user=organiser)
    expect(page.locator("[data-board-turn]")).to_have_text("Carla Dias deals; Ana Silva leads.",
                                                           timeout=15_000)
    expect(page.locator("#first-dealer button.chosen")).to_contain_text("Carla Dias")


def test_a_page_older_than_the_choice_sent_is_asked_for_again(new_phone, referee_link):
    """Once the phone has sent who deals first, the page it asks for may come back as it was
    before the choice (the service worker's copy when the network is slow, here served by the
    test): the phone asks for it again at once, where it showed the old dealer until its next
    check of the match, which then said the match had changed on another screen."""
    page = new_phone(service_workers="block")
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()
    before = page.request.get(f"/r/{referee_link.token}/").text()
    page.context.set_offline(True)
    page.locator("#first-dealer").get_by_role("button", name="Carla Dias").tap()
    served = []

    def as_before_the_choice(route):
        if route.request.method == "GET" and not served:
            served.append(route.request.url)
            route.fulfill(status=200, content_type="text/html; charset=utf-8", body=before)
        else:
            route.fallback()

    page.route(f"**/r/{referee_link.token}/", as_before_the_choice)
    page.context.set_offline(False)
    expect(page.locator("#pending")).to_contain_text("Who deals first was sent.", timeout=RETRY)
    expect(page.locator("[data-board-turn]")).to_have_text("Carla Dias deals; Ana Silva leads.")
    assert served  # the old page was shown on the way
    expect(page.locator("[data-changed]")).to_have_count(0)
