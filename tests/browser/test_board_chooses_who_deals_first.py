"""The round status board on a phone: a table not started says who deals first on one line,
opens to a big button a player that stays open while the board polls, and a tap says it."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT, log_in
from tests.tournaments.helpers import in_play, make_tournament, record
from tournaments import services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_the_organiser_opens_the_choice_taps_a_player_and_the_board_says_it(
        phone, organiser, club, screenshot):
    tournament = make_tournament(club, 4, tables_count=2, auto_advance=False)
    services.tournament_start(tournament=tournament)
    first, second = in_play(tournament)
    page = phone
    log_in(page, organiser)
    page.goto(f"/manage/{club.slug}/tournaments/{tournament.slug}/board/")
    expect(page.locator("details.board-dealer")).to_have_count(2)
    table = page.locator("section.card", has=page.get_by_role(
        "heading", name=f"Table {first.table.number}", exact=True))
    chooser = table.locator("details.board-dealer")
    chooser.locator("summary").click()
    buttons = chooser.get_by_role("button")
    expect(buttons).to_have_count(4)
    for number in range(4):
        box = buttons.nth(number).bounding_box()
        assert box["height"] >= 44 and box["x"] + box["width"] <= 360
    record(second.match, {"points": [70, 50]})  # the board's next poll brings a change
    page.wait_for_timeout(6_000)  # past a poll: the open choice is not swapped away
    expect(chooser).to_have_attribute("open", "")
    screenshot(page, "open")
    player = first.match.players[1].name
    buttons.nth(1).click()
    expect(page.get_by_text(f"{player} deals first;")).to_be_visible()
    expect(page.locator("details.board-dealer")).to_have_count(1)  # the other table started
    expect(page.locator("details.board-dealer summary")).to_have_text(f"{player} deals first")
