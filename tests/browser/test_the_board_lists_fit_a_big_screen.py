"""The round status board on a 1920x1080 screen: the matches waiting for a table and the
round's results are in view above the tables, without scrolling."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT, log_in
from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_the_waiting_and_finished_lists_are_in_view_with_the_tables(new_phone, organiser, club,
                                                                       screenshot):
    tournament = make_tournament(club, 11, "rounds", pairing="swiss", rounds_count=3,
                                 tables_count=2)
    services.tournament_start(tournament=tournament)
    for pairing in in_play(tournament)[:2]:
        play(pairing, "A")
    page = new_phone(viewport={"width": 1920, "height": 1080}, is_mobile=False, has_touch=False)
    log_in(page, organiser)
    page.goto(f"/manage/{club.slug}/tournaments/{tournament.slug}/board/")
    waiting, finished = page.locator("[data-waiting] li"), page.locator("[data-finished] li")
    expect(waiting).to_have_count(1)
    expect(finished).to_have_count(2)
    for item in (waiting.first, finished.last, page.locator("#table-1")):
        box = item.bounding_box()
        assert box["y"] + box["height"] <= 1080
    screenshot(page, "board")
