"""The games with other totals on a referee's phone (360x740, Chromium): a double-pack match
of eight players scored to its end, and a deal of the Brazilian last-trick bonus, whose side
is one tap."""

import pytest

from scoring import engine, services
from scoring.models import Deal, RefereeLink
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_referee_phone import check_then_save, type_points
from tests.scoring.variant_matches import double_pack_match

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_a_double_pack_match_is_scored_to_its_end_with_eight_seats(phone, club, screenshot):
    match = double_pack_match(club, fmt={"type": "fixed_deals", "deals": 2})
    link = RefereeLink.objects.get(match=match)
    page = phone
    page.goto(f"/r/{link.token}/")
    page_text = page.locator("#referee").inner_text()
    for player in match.players:
        assert player.name in page_text
    screenshot(page, "double-pack")

    type_points(page, "200")  # B gets 240 minus: 40
    expect(page.locator("#id_points_b")).to_have_value("40")
    check_then_save(page, "A wins 2 games")
    screenshot(page, "after-200")
    match.refresh_from_db()
    assert match.state["games"] == [2, 0] and match.state["next_dealer"] == 7

    type_points(page, "181")
    check_then_save(page, "A wins 2 games — A wins the match",
                    saved="Finished: A wins the match.")
    match.refresh_from_db()
    assert match.finished and match.winner == "A"
    assert [d.data["points"] for d in Deal.objects.order_by("number")] == [[200, 40], [181, 59]]


def test_a_last_trick_bonus_is_one_tap_and_the_tally_shows_it(phone, club, pair_a, pair_b,
                                                              screenshot):
    match = services.match_create(club=club, a=pair_a, b=pair_b,
                                  rules=engine.rules_from("brasil_last_trick"),
                                  fmt=engine.format_from(None), first_dealer=0)
    link = RefereeLink.objects.get(match=match)
    page = phone
    page.goto(f"/r/{link.token}/")
    type_points(page, "62")
    page.locator(".bonus-side label.side-b").tap()  # the one tap: B took the last trick
    screenshot(page, "bonus-side")
    check_then_save(page, "B wins 1 game")
    deal = Deal.objects.get()
    assert deal.data == {"points": [62, 58], "last_trick": "B"}
    expect(page.locator("#referee")).to_contain_text("58 + 10")
    screenshot(page, "bonus-tally")
