"""A referee scores a whole match on a phone at /r/<token>/, in a real Chromium."""

import pytest

from scoring import engine, services
from scoring.models import AuditEntry, Deal
from tests.browser.conftest import NO_PLAYWRIGHT, settled

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def tap(page, label: str) -> None:
    page.get_by_role("button", name=label, exact=True).tap()


def type_points(page, digits: str) -> None:
    for digit in digits:
        tap(page, digit)


def games(page, side: str):
    return page.locator(f"#referee .board .side-{side.lower()} [data-board-games]")


def check_then_save(page, award: str, saved: str = "Deal saved.") -> None:
    tap(page, "Next: check the deal")
    expect(page.get_by_role("heading", name="Check the deal")).to_be_visible()
    expect(page.locator("#referee .confirm")).to_have_text(award)
    tap(page, "Save the deal")
    expect(page.get_by_text(saved)).to_be_visible()


def test_a_referee_scores_a_whole_match_with_the_keypad_and_buttons(phone, match, referee_link,
                                                                     screenshot):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    points_a, points_b = page.locator("#id_points_a"), page.locator("#id_points_b")
    expect(page.locator("[data-pad]")).to_be_visible()
    page.evaluate("window.notReloaded = true")
    screenshot(page, "referee")

    # A's points on the keypad; B's fill in as 120 minus. Over 120 is not typed; ⌫ erases.
    type_points(page, "955")
    expect(points_a).to_have_value("95")
    expect(points_b).to_have_value("25")
    tap(page, "Clear")
    expect(points_a).to_have_value("9")
    expect(points_b).to_have_value("111")
    tap(page, "5")
    expect(points_b).to_have_value("25")
    tap(page, "Next: check the deal")
    expect(page.locator("#referee .confirm")).to_have_text("A wins 2 games")
    assert not Deal.objects.exists()
    screenshot(page, "confirm")
    tap(page, "Save the deal")
    expect(page.get_by_text("Deal saved.")).to_be_visible()
    expect(games(page, "A")).to_have_text("2")
    screenshot(page, "after-first-deal")

    # After the swap the keypad still works; A/B switches the side being typed, and says so.
    switch = page.locator("[data-switch]")
    expect(switch).to_have_attribute("aria-pressed", "false")
    tap(page, "A/B")
    expect(switch).to_have_attribute("aria-pressed", "true")
    type_points(page, "70")
    expect(points_b).to_have_value("70")
    expect(points_a).to_have_value("50")
    check_then_save(page, "B wins 1 game")
    expect(games(page, "B")).to_have_text("1")

    tap(page, "60-60")
    expect(page.locator("#referee .confirm")).to_have_text("60-60: no games")
    tap(page, "Save the deal")
    expect(page.get_by_text("2 deals played")).to_be_hidden()
    expect(page.get_by_text("3 deals played")).to_be_visible()

    tap(page, "Revoke A")
    expect(page.locator("#referee .confirm")).to_have_text("Revoke by A: B wins 2 games")
    tap(page, "Save the deal")
    expect(games(page, "B")).to_have_text("3")

    page.get_by_role("link", name="Undo the last deal").tap()
    expect(page.get_by_role("heading", name="Undo deal 4: revoke by A?")).to_be_visible()
    tap(page, "Yes, undo it")
    expect(page.get_by_text("The last deal was undone.")).to_be_visible()
    expect(games(page, "B")).to_have_text("1")

    tap(page, "Flag A")
    expect(page.locator("#referee .confirm")).to_have_text("Flag! A wins 4 games — A wins the match")
    tap(page, "Save the deal")
    expect(page.get_by_text("Finished: A wins the match.")).to_be_visible()
    expect(page.get_by_text("The match is over. Thank you, referee!")).to_be_visible()
    expect(page.locator("#referee form")).to_have_count(0)
    expect(page.locator("#referee [data-pad], #referee input")).to_have_count(0)
    # the deal that ended the match can still be taken back, and nothing else
    expect(page.get_by_role("link", name="Undo the last deal")).to_have_count(1)
    assert page.evaluate("window.notReloaded") is True  # every step was an htmx swap
    screenshot(page, "finished")

    match.refresh_from_db()
    assert (match.finished, match.winner, match.games_a, match.games_b) == (True, "A", 6, 1)
    assert [d.data for d in Deal.objects.filter(match=match, active=True)] == [
        {"points": [95, 25]}, {"points": [50, 70]}, {"points": [60, 60]},
        {"points": [120, 0], "flag": "A"},
    ]
    assert AuditEntry.objects.filter(match=match, action="undone").count() == 1


def test_impossible_points_show_the_reason_in_place_and_save_nothing(phone, referee_link,
                                                                      screenshot):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    type_points(page, "119")
    tap(page, "Next: check the deal")
    expect(page.locator("#referee")).to_contain_text("no card is worth 1")
    expect(page.locator("#id_points_a")).to_have_value("119")
    screenshot(page, "refused")
    assert not Deal.objects.exists()


def test_after_a_b_the_side_the_phone_filled_in_is_typed_anew(phone, referee_link):
    """70 typed for A fills B with 50; A/B then 6, 0 gives B 60 (and A 60), where the digits
    were added to the 50 the phone had written ("500 is more than 120")."""
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    type_points(page, "70")
    expect(page.locator("#id_points_b")).to_have_value("50")
    tap(page, "A/B")
    type_points(page, "60")
    expect(page.locator("#id_points_b")).to_have_value("60")
    expect(page.locator("#id_points_a")).to_have_value("60")
    tap(page, "A/B")
    type_points(page, "5")  # back on A, which the phone filled in: typed anew too
    expect(page.locator("#id_points_a")).to_have_value("5")
    expect(page.locator("#id_points_b")).to_have_value("115")


def test_reloading_the_confirmation_screen_goes_back_to_the_entry_form(phone, referee_link):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    type_points(page, "70")
    tap(page, "Next: check the deal")
    expect(page.locator("#referee .confirm")).to_have_text("A wins 1 game")
    assert page.url.endswith(f"/r/{referee_link.token}/")
    response = page.reload()
    assert response.status == 200
    expect(page.get_by_role("button", name="Next: check the deal")).to_be_visible()
    assert not Deal.objects.exists()


def test_a_second_phone_saving_a_stale_deal_is_told_and_changes_nothing(new_phone, referee_link):
    first, second = new_phone(), new_phone()
    for page, digits in ((first, "70"), (second, "80")):
        page.goto(f"/r/{referee_link.token}/")
        type_points(page, digits)
        tap(page, "Next: check the deal")
        expect(page.get_by_role("heading", name="Check the deal")).to_be_visible()
    tap(first, "Save the deal")
    expect(first.get_by_text("Deal saved.")).to_be_visible()
    tap(second, "Save the deal")
    expect(second.get_by_text("Another deal was recorded on this match meanwhile")).to_be_visible()
    expect(games(second, "A")).to_have_text("1")
    assert [d.data for d in Deal.objects.all()] == [{"points": [70, 50]}]


def test_a_link_revoked_while_the_page_is_open_says_so(phone, referee_link, organiser):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    services.referee_link_revoke(link=referee_link, user=organiser)
    type_points(page, "70")
    tap(page, "Next: check the deal")
    expect(page.get_by_role("heading", name="Referee link closed")).to_be_visible()
    expect(page.locator("#referee")).to_contain_text("This referee link was revoked")
    assert not Deal.objects.exists()


def held_posts(page, link) -> list:
    """Every POST of the referee's page waits, in the list returned, until the test lets it go."""
    held = []
    page.route(f"**/r/{link.token}/**",
               lambda route: held.append(route) if route.request.method == "POST" else route.fallback())
    return held


def let_go(page, held) -> None:
    while not held:
        page.wait_for_timeout(50)
    held.pop().continue_()


def test_on_a_slow_network_the_tapped_button_says_sending_and_takes_no_second_tap(
        phone, referee_link, screenshot):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    held = held_posts(page, referee_link)
    type_points(page, "85")
    tap(page, "Next: check the deal")
    sending = page.locator("#referee button[aria-busy=true]")
    expect(sending).to_have_text("Sending…")
    expect(sending).to_be_disabled()
    expect(page.locator("#referee [data-digit='1']")).to_be_disabled()
    screenshot(page, "sending")
    let_go(page, held)
    expect(page.locator("#referee .confirm")).to_have_text("A wins 1 game")

    tap(page, "Save the deal")
    expect(sending).to_have_text("Sending…")
    expect(sending).to_be_disabled()
    let_go(page, held)
    expect(page.get_by_text("Deal saved.")).to_be_visible()
    assert [d.data for d in Deal.objects.all()] == [{"points": [85, 35]}]


def test_a_double_tap_on_yes_undo_it_undoes_once_and_says_so(phone, match, referee_link):
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [70, 50]}), key="k1")
    page = phone
    page.goto(f"/r/{referee_link.token}/undo/")
    settled(page)
    box = page.get_by_role("button", name="Yes, undo it").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.wait_for_function("() => document.body.innerText.includes('The last deal was undone.')",
                           polling="raf")  # in the frame it comes
    page.touchscreen.tap(x, y)  # the second tap, on the screen the first one brought

    page.wait_for_timeout(500)
    expect(page.get_by_text("The last deal was undone.")).to_be_visible()
    expect(page.get_by_role("heading", name="Check the deal")).to_have_count(0)
    expect(page.locator("#referee .errorlist")).to_have_count(0)
    assert not Deal.objects.filter(active=True).exists()


def test_back_to_change_the_deal_keeps_what_was_typed(phone, referee_link):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    type_points(page, "85")
    page.get_by_text("Tricks and trump (optional)").tap()
    page.locator("#id_trump").select_option("H")
    tap(page, "Next: check the deal")
    expect(page.locator("#referee .confirm")).to_have_text("A wins 1 game")

    page.get_by_role("link", name="Back: change it").tap()
    expect(page.locator("#id_points_a")).to_have_value("85")
    expect(page.locator("#id_points_b")).to_have_value("35")
    expect(page.locator("#id_trump")).to_have_value("H")
    tap(page, "Clear")  # the keypad goes on from what was typed
    type_points(page, "0")
    tap(page, "Next: check the deal")
    expect(page.locator("#referee .entered")).to_have_text("Entered: 80–40 · trump ♥")


def test_back_from_the_result_never_offers_to_save_the_deal_again(phone, match, referee_link):
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [95, 25]}), key="k1")
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    tap(page, "Flag A")
    tap(page, "Save the deal")
    expect(page.get_by_role("heading", name="Match result")).to_be_visible()
    assert "?after=" in page.url

    page.go_back()
    page.wait_for_url(f"**/r/{referee_link.token}/")
    expect(page.get_by_text("The match is over. Thank you, referee!")).to_be_visible()
    expect(page.get_by_role("button", name="Save the deal")).to_have_count(0)
    assert Deal.objects.filter(active=True).count() == 2
