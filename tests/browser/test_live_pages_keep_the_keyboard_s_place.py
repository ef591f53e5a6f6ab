"""A live page's poll swaps its fragment anew: a keyboard user's focus stays on the link it
was on (the same table's), where it was thrown to the top of the page."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT, log_in
from tests.tournaments.helpers import in_play, make_tournament, record
from tests.tournaments.public_helpers import swiss
from tournaments import services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

FOCUSED = "document.activeElement.outerHTML"


def test_the_board_keeps_focus_on_table_3_s_match_page_link_across_a_poll(
        phone, organiser, club):
    tournament = make_tournament(club, 6, tables_count=3, auto_advance=False)
    services.tournament_start(tournament=tournament)
    first, *_, third = sorted(in_play(tournament), key=lambda pairing: pairing.table.number)
    page = phone
    log_in(page, organiser)
    page.goto(f"/manage/{club.slug}/tournaments/{tournament.slug}/board/")
    link = page.locator(f"#table-{third.table.number}").get_by_role("link", name="Match page")
    link.focus()
    was = page.evaluate(FOCUSED)
    record(first.match, {"points": [70, 50]})
    expect(page.locator(f"#table-{first.table.number} .score")).to_have_text(
        "1–0", timeout=15_000)  # the board's poll (every 5 s) brought the deal
    assert page.evaluate(FOCUSED) == was


def test_the_round_page_keeps_focus_on_a_table_s_scoreboard_link_across_a_poll(phone, club):
    tournament = swiss(club, size=8, rounds=2)
    first, *_, last = in_play(tournament)
    page = phone
    page.goto(f"/t/{tournament.slug}/rounds/1/")
    link = page.locator(f'#t-live a[href="/m/{last.match.pk}/"]')
    link.focus()
    was = page.evaluate(FOCUSED)
    record(first.match, {"points": [95, 25]})  # A wins 2 games
    expect(page.locator(f'#t-live li:has(a[href="/m/{first.match.pk}/"]) .g.side-a')).to_have_text(
        "2", timeout=15_000)
    assert page.evaluate(FOCUSED) == was
