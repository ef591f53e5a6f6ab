"""Offline, in game sets, the referee's phone counts the set in play as the server does: the
waiting box and the board say the set's games (the box read the match's running total, "Games:
A 6 – 5 B", while the board said 0 – 1), and a match over on the phone's count shows its last
set's games (the board read 0 and 0). The set's number above the games follows ("Game set 2"
once the first has ended on the phone)."""

import pytest

from scoring import services
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_offline_referee import keep_offline, offline_at, pending
from tests.browser.test_referee_phone import games, type_points
from tests.conftest import make_match
from tests.tournaments.helpers import record

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_offline_the_box_and_the_board_count_the_set_in_play_to_the_end(
        phone, club, pair_a, pair_b, screenshot, monkeypatch):
    match = make_match(club, pair_a, pair_b, fmt={"type": "partidas", "to_win": 2, "target": 4})
    for points in (95, 95):  # A wins the first set 4-0
        record(match, {"points": [points, 120 - points]})
    page = phone
    offline_at(page, match.referee_links.get())
    monkeypatch.setattr(services, "deal_record", lambda **_: pytest.fail("offline"))
    box = pending(page).locator("[data-provisional]")

    type_points(page, "30")
    keep_offline(page)
    expect(box).to_contain_text("Games: A 0 – 1 B · Game sets: A 1 – 0 B")
    expect(games(page, "A")).to_have_text("0")
    expect(games(page, "B")).to_have_text("1")

    for _ in range(2):
        type_points(page, "95")
        keep_offline(page)
    expect(box).to_contain_text("Games: A 4 – 1 B · Game sets: A 2 – 0 B")
    expect(box).to_contain_text("Match over (waiting to be sent): A wins.")
    expect(games(page, "A")).to_have_text("4")
    expect(games(page, "B")).to_have_text("1")
    expect(page.locator("#referee .board .side-a .stroke")).to_have_count(4)
    screenshot(page, "offline-match-over-in-sets")


def test_offline_the_board_names_the_set_in_play(phone, club, pair_a, pair_b, monkeypatch):
    match = make_match(club, pair_a, pair_b, fmt={"type": "partidas", "to_win": 2, "target": 4})
    page = phone
    offline_at(page, match.referee_links.get())
    monkeypatch.setattr(services, "deal_record", lambda **_: pytest.fail("offline"))
    label = page.locator("#referee .board .side-a [data-board-set]")
    expect(label).to_have_text("Game set 1")
    for points in ("95", "95", "30"):  # A wins the first set 4-0, B takes a game of the second
        type_points(page, points)
        keep_offline(page)
    expect(label).to_have_text("Game set 2")
    expect(games(page, "B")).to_have_text("1")
