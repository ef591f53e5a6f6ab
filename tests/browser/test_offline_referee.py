"""A referee keeps scoring while the café wifi is down: deals wait on the phone, then go, once."""

import json

import pytest

from scoring import engine, services
from scoring.models import Deal, Match, RefereeRequest
from tests.browser.conftest import NO_PLAYWRIGHT, settled
from tests.browser.test_referee_phone import games, tap, type_points

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect
playwright_error = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).Error

RETRY = 30_000  # retries come after 1, 2, 4, 8 s; a busy CI machine answers slowly


def queue(page, link) -> list[dict]:
    stored = page.evaluate(f"localStorage.getItem('sueca:pending:{link.token}')")
    return json.loads(stored)["items"] if stored else []


def keep_offline(page, award_button: str = "Next: check the deal", entered: str = "",
                 screenshot=None) -> None:
    """Confirm the deal on the screen made on the phone and save it there."""
    tap(page, award_button)
    expect(page.get_by_role("heading", name="Check the deal")).to_be_visible()
    expect(page.locator("#referee")).to_contain_text("No connection: this deal is kept on this phone")
    if entered:
        expect(page.locator("#referee .entered")).to_have_text(f"Entered: {entered}")
    if screenshot:
        screenshot(page, "confirm-offline")
    tap(page, "Save the deal")
    expect(page.get_by_role("heading", name="Check the deal")).to_be_hidden()


def offline_at(page, link) -> None:
    """The referee's page of `link`, loaded, then the connection gone."""
    page.goto(f"/r/{link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()
    page.context.set_offline(True)


def pending(page):
    return page.locator("#pending")


def held(page):
    """What the box says of the deals behind a refused one (in the page, hidden, until then)."""
    return page.get_by_text("These deals were entered after the one that was refused")


def back_online(page, announce: bool = False):
    """The connection back (`announce`: the page told at once, not when Chromium notices);
    returns the referee screen shown until then."""
    screen = page.locator("#referee").element_handle()
    page.context.set_offline(False)
    if announce:
        page.evaluate("window.dispatchEvent(new Event('online'))")
    return screen


def refused(page, screen, text: str, match):
    """The box's refusal saying `text`, once the server's screen the phone asks for with it (the
    match as it is now) has replaced `screen` and settled: a tap a moment before that screen
    comes lands on nothing (static/js/referee.js), as a person's would."""
    refusal = pending(page).get_by_role("alert")
    expect(refusal).to_contain_text(text, timeout=RETRY)
    page.wait_for_function("screen => !screen.isConnected", arg=screen, timeout=RETRY)
    now = Match.objects.values_list("version", flat=True).get(pk=match.pk)
    expect(page.locator("#referee")).to_have_attribute("data-version", str(now))
    settled(page)
    return refusal


def other_phone_records(match, deal: dict) -> None:
    services.deal_record(match_id=match.pk, deal=engine.deal_from(deal), key=f"other-{deal}")


def test_deals_entered_offline_survive_a_reload_and_are_sent_once_in_order(
        new_phone, match, referee_link, screenshot):
    # No service worker (plain http): the reload offline fails, the deals are still kept.
    # With one, see test_offline_referee_keeps_scoring.py.
    page = new_phone(service_workers="block")
    offline_at(page, referee_link)

    type_points(page, "95")
    keep_offline(page, entered="95–25", screenshot=screenshot)
    expect(pending(page)).to_contain_text("1 deal waiting to be sent")
    expect(pending(page)).to_contain_text("No connection: they are sent by themselves")
    expect(page.locator("#id_points_a")).to_have_value("")  # ready for the next deal
    expect(page.get_by_role("link", name="Undo the last deal")).to_have_count(0)

    tap(page, "A/B")
    type_points(page, "70")
    page.get_by_text("Tricks and trump (optional)").tap()
    page.locator("#id_trump").select_option("H")
    keep_offline(page, entered="50–70 · trump ♥")
    expect(pending(page)).to_contain_text("2 deals waiting to be sent")
    expect(pending(page).locator("li")).to_have_text(["95–25", "50–70 · trump ♥"])
    screenshot(page, "two-deals-waiting")

    kept = queue(page, referee_link)
    assert [item["deal"] for item in kept] == [{"points": [95, 25]},
                                              {"points": [50, 70], "trump": "H"}]
    assert len({item["key"] for item in kept}) == 2
    assert not Deal.objects.exists()

    with pytest.raises(playwright_error):  # a reload while offline cannot reach the server
        page.reload()
    page.context.set_offline(False)
    page.goto(f"/r/{referee_link.token}/")  # the page finds the kept deals and sends them

    expect(page.get_by_text("2 deals played")).to_be_visible(timeout=RETRY)
    expect(pending(page)).to_contain_text("The waiting deals were sent.")
    expect(games(page, "A")).to_have_text("2")
    expect(games(page, "B")).to_have_text("1")
    screenshot(page, "sent")
    assert queue(page, referee_link) == []
    deals = Deal.objects.filter(match=match).order_by("number")
    assert [(d.data, d.trump) for d in deals] == [({"points": [95, 25]}, ""),
                                                  ({"points": [50, 70]}, "H")]
    assert sorted(RefereeRequest.objects.values_list("key", flat=True)) == sorted(
        item["key"] for item in kept)
    match.refresh_from_db()
    assert (match.games_a, match.games_b, len(match.state["deals"])) == (2, 1, 2)


def test_a_deal_refused_because_another_phone_finished_the_match_says_why(
        refusing_phone, match, referee_link, screenshot):
    page = refusing_phone
    offline_at(page, referee_link)
    type_points(page, "95")
    keep_offline(page)
    expect(pending(page)).to_contain_text("1 deal waiting to be sent")

    other_phone_records(match, {"points": [0, 120], "flag": "B"})  # B wins the match
    screen = back_online(page)

    # the number it was entered as, where it named the next free number (deal 2)
    refusal = refused(page, screen, "Deal 1 was not recorded: 95–25", match)
    expect(refusal).to_contain_text("This match is finished: no more deals.")
    expect(refusal.get_by_text("enter the deal again")).to_be_hidden()
    expect(page.get_by_text("Finished: B wins the match.")).to_be_visible()  # the server's score
    screenshot(page, "refused")
    assert [d.data for d in Deal.objects.all()] == [{"points": [0, 120], "flag": "B"}]

    tap(page, "Discard this deal")
    expect(pending(page)).to_be_hidden()
    assert queue(page, referee_link) == []
    assert Deal.objects.count() == 1


def test_deals_behind_a_refused_one_wait_for_the_referee(refusing_phone, match, referee_link):
    page = refusing_phone
    offline_at(page, referee_link)
    type_points(page, "95")
    keep_offline(page)
    keep_offline(page, award_button="Flag B", entered="0–120 · flag B")
    expect(pending(page)).to_contain_text("2 deals waiting to be sent")

    other_phone_records(match, {"points": [95, 25]})  # the same deal, from the other phone
    screen = back_online(page)

    refusal = refused(page, screen, "Another deal was recorded on this match meanwhile", match)
    # its advice said once: the server's words, not the box's own again beside them
    assert refusal.inner_text().count("enter this deal again") == 1
    expect(refusal.get_by_text("enter the deal again")).to_be_hidden()
    expect(refusal.get_by_text("The deals after it wait until you decide.")).to_be_visible()
    expect(page.get_by_text("1 deal played")).to_be_visible()
    tap(page, "Discard this deal")

    expect(held(page)).to_be_visible()
    expect(pending(page)).to_contain_text("1 deal waiting to be sent")
    page.wait_for_timeout(1500)  # held: nothing goes by itself
    assert Deal.objects.count() == 1
    tap(page, "Send them")

    # (the board says "Finished: B wins the match. Not saved yet." until the server's comes)
    expect(pending(page)).to_contain_text("The waiting deals were sent.", timeout=RETRY)
    expect(page.get_by_text("Finished: B wins the match.")).to_be_visible()
    assert [d.data for d in Deal.objects.order_by("number")] == [
        {"points": [95, 25]}, {"points": [0, 120], "flag": "B"}]


def test_a_save_whose_answer_was_lost_is_not_recorded_twice(phone, match, referee_link):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    type_points(page, "95")
    tap(page, "Next: check the deal")
    expect(page.locator("#referee .confirm")).to_have_text("A wins 2 games")

    def recorded_then_lost(route):
        route.fetch()  # the server records the deal...
        route.abort("connectionreset")  # ...and its answer never reaches the phone

    page.route("**/deals/", recorded_then_lost, times=1)
    tap(page, "Save the deal")
    expect(page.locator("#id_points_a")).to_be_visible()  # back to entry, the deal kept
    expect(page.get_by_text("1 deal played")).to_be_visible(timeout=RETRY)  # sent again
    assert [d.data for d in Deal.objects.all()] == [{"points": [95, 25]}]
    assert RefereeRequest.objects.count() == 1
    assert queue(page, referee_link) == []


def test_a_retry_after_a_lost_api_answer_reuses_its_key(phone, match, referee_link):
    page = phone
    offline_at(page, referee_link)
    type_points(page, "95")
    keep_offline(page)
    key = queue(page, referee_link)[0]["key"]
    keys = []

    def recorded_then_lost(route):
        keys.append(route.request.headers["idempotency-key"])
        if len(keys) == 1:
            route.fetch()
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/api/v1/referee/*/deals", recorded_then_lost)
    page.context.set_offline(False)
    expect(page.get_by_text("1 deal played")).to_be_visible(timeout=RETRY)
    assert keys == [key, key]
    assert [d.data for d in Deal.objects.all()] == [{"points": [95, 25]}]


def test_a_deal_the_server_confirmed_just_before_the_drop_keeps_the_servers_key(
        phone, match, referee_link):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    type_points(page, "95")
    tap(page, "Next: check the deal")
    expect(page.locator("#referee .confirm")).to_have_text("A wins 2 games")
    server_key = page.locator("#referee input[name=key]").input_value()
    page.context.set_offline(True)
    tap(page, "Save the deal")

    expect(pending(page)).to_contain_text("1 deal waiting to be sent")
    type_points(page, "30")  # the keypad works on the entry screen brought back
    expect(page.locator("#id_points_b")).to_have_value("90")
    keep_offline(page, entered="30–90")
    assert [item["key"] for item in queue(page, referee_link)][0] == server_key

    page.context.set_offline(False)
    expect(page.get_by_text("2 deals played")).to_be_visible(timeout=RETRY)
    assert [d.data for d in Deal.objects.order_by("number")] == [
        {"points": [95, 25]}, {"points": [30, 90]}]
    assert RefereeRequest.objects.filter(key=server_key).exists()


def test_wifi_without_internet_is_handled_like_no_connection(phone, match, referee_link):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    page.route("**/*", lambda route: route.abort("internetdisconnected"))  # onLine stays true
    type_points(page, "95")
    keep_offline(page, entered="95–25")
    expect(pending(page)).to_contain_text("1 deal waiting to be sent")
    expect(pending(page)).to_contain_text("No connection: they are sent by themselves")

    page.unroute("**/*")
    expect(page.get_by_text("1 deal played")).to_be_visible(timeout=RETRY)
    assert [d.data for d in Deal.objects.all()] == [{"points": [95, 25]}]


def choose_dealer(page, name: str) -> None:
    page.locator("#first-dealer").get_by_role("button", name=name).tap()


def test_who_deals_first_chosen_offline_goes_first_and_the_kept_deals_are_dealt_from_them(
        phone, match, referee_link, screenshot):
    page = phone
    offline_at(page, referee_link)
    choose_dealer(page, "Carla Dias")
    expect(page.locator("[data-board-turn]")).to_have_text("Carla Dias deals; Ana Silva leads.")
    type_points(page, "95")
    keep_offline(page, entered="95–25")
    expect(pending(page)).to_contain_text("1 deal waiting to be sent")
    expect(pending(page).locator("li")).to_have_text(["Who deals first: Carla Dias", "95–25"])
    expect(page.locator("#first-dealer")).to_be_hidden()  # the first deal is on its way
    # Carla Dias dealt the first deal: the deal passes to her right, to Ana Silva.
    expect(page.locator("[data-board-turn]")).to_contain_text("Ana Silva deals; Duarte Lima leads.")
    screenshot(page, "dealer-and-deal-waiting")
    kept = queue(page, referee_link)
    assert [(item.get("dealer"), item.get("deal")) for item in kept] == [
        (1, None), (None, {"points": [95, 25]})]
    assert len({item["key"] for item in kept}) == 2

    page.context.set_offline(False)
    expect(page.get_by_text("1 deal played")).to_be_visible(timeout=RETRY)
    expect(pending(page)).to_contain_text("The waiting deals were sent.")
    expect(page.locator("[data-board-turn]")).to_have_text("Ana Silva deals; Duarte Lima leads.")
    match.refresh_from_db()
    assert match.first_dealer == 1 and match.state["deals"][0]["dealer"] == 1
    assert [(r.key, r.action) for r in RefereeRequest.objects.order_by("id")] == [
        (kept[0]["key"], "dealer"), (kept[1]["key"], "deal")]
    assert queue(page, referee_link) == []


def test_who_deals_first_kept_offline_is_applied_to_a_deal_from_elsewhere(
        phone, match, referee_link):
    page = phone
    offline_at(page, referee_link)
    choose_dealer(page, "Carla Dias")
    type_points(page, "95")
    keep_offline(page)
    other_phone_records(match, {"points": [70, 50]})  # dealt by Carla Dias, as drawn
    page.context.set_offline(False)

    expect(page.get_by_text("2 deals played")).to_be_visible(timeout=RETRY)
    match.refresh_from_db()
    assert match.first_dealer == 1
    assert [deal["dealer"] for deal in match.state["deals"]] == [1, 0]
    assert queue(page, referee_link) == []


def test_who_deals_first_refused_once_the_match_ended_elsewhere_tells_the_referee(
        refusing_phone, match, referee_link, screenshot):
    page = refusing_phone
    offline_at(page, referee_link)
    choose_dealer(page, "Carla Dias")
    type_points(page, "95")
    keep_offline(page)
    other_phone_records(match, {"points": [120, 0], "flag": "A"})  # four games: A wins
    screen = back_online(page)

    refusal = refused(page, screen, "Who deals first was not changed: Carla Dias", match)
    expect(refusal).to_contain_text("This match is over: who deals can no longer be changed.")
    expect(refusal.get_by_text("The deals after it wait until you decide.")).to_be_visible()
    expect(refusal.get_by_text("enter the deal again")).to_be_hidden()
    expect(refusal.get_by_role("button", name="Change this deal")).to_be_hidden()
    screenshot(page, "dealer-refused")
    assert Match.objects.get(pk=match.pk).first_dealer == 0

    tap(page, "Discard this choice")
    expect(held(page)).to_be_visible()
    assert Match.objects.get(pk=match.pk).first_dealer == 0


def test_a_tap_on_who_deals_first_that_gets_no_answer_is_kept_and_sent(phone, match,
                                                                       referee_link):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()
    page.route("**/r/*/first-dealer/", lambda route: route.abort())  # the page's form, not the API
    choose_dealer(page, "Duarte Lima")
    expect(pending(page)).to_contain_text("Who deals first was sent.", timeout=RETRY)
    expect(page.locator("[data-board-turn]")).to_have_text("Duarte Lima deals; Bruno Costa leads.")
    assert Match.objects.get(pk=match.pk).first_dealer == 3
    assert RefereeRequest.objects.get().action == "dealer"


def test_a_second_tap_offline_changes_the_choice_kept_and_only_it_is_sent(phone, match,
                                                                        referee_link):
    page = phone
    offline_at(page, referee_link)
    choose_dealer(page, "Carla Dias")
    first_key = queue(page, referee_link)[0]["key"]
    choose_dealer(page, "Duarte Lima")
    expect(page.locator("[data-board-turn]")).to_have_text("Duarte Lima deals; Bruno Costa leads.")
    expect(page.locator("#first-dealer button.chosen")).to_have_count(1)
    expect(page.locator("#first-dealer button.chosen")).to_contain_text("Duarte Lima")
    kept = queue(page, referee_link)
    assert [(item["dealer"], item["name"]) for item in kept] == [(3, "Duarte Lima")]
    assert kept[0]["key"] != first_key  # the first tap's key may have answered elsewhere

    page.context.set_offline(False)
    expect(pending(page)).to_contain_text("Who deals first was sent.", timeout=RETRY)
    assert Match.objects.get(pk=match.pk).first_dealer == 3
    assert RefereeRequest.objects.get().key == kept[0]["key"]


def test_an_undo_without_a_connection_says_nothing_was_undone(phone, match, referee_link):
    other_phone_records(match, {"points": [70, 50]})
    not_undone = ("No connection: the last deal could not be undone; try again when the "
                  "connection is back.")
    page = phone
    offline_at(page, referee_link)
    page.get_by_role("link", name="Undo the last deal").tap()
    expect(pending(page)).to_contain_text(not_undone)

    page.context.set_offline(False)
    page.get_by_role("link", name="Undo the last deal").tap()
    expect(page.get_by_role("heading", name="Undo deal 1: 70-50?")).to_be_visible()
    expect(pending(page)).to_be_hidden()
    page.context.set_offline(True)
    tap(page, "Yes, undo it")
    expect(pending(page)).to_contain_text(not_undone)
    expect(page.get_by_role("heading", name="Undo deal 1: 70-50?")).to_be_visible()
    assert Deal.objects.filter(active=True).count() == 1
