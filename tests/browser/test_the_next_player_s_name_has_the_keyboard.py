"""On a phone, after adding a player the name field has the keyboard again: the next name is
typed at once (the page comes back at the field, which the browser focuses)."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT, log_in
from tests.conftest import make_partnership

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_after_adding_a_player_the_next_name_is_typed_at_once(phone, organiser, club):
    for n in range(12):  # a list long enough that the form is not at the page's end
        make_partnership(club, f"Jogador {n}a", f"Jogador {n}b")
    log_in(phone, organiser)
    phone.goto(f"/manage/{club.slug}/")
    phone.locator("#players summary").click()
    phone.locator("#id_player_name").fill("Ana Silva")
    phone.locator("#add-player button.primary").click()
    expect(phone.get_by_text("Added to the players: Ana Silva.")).to_be_visible()
    expect(phone.locator("#id_player_name")).to_be_focused()
    phone.keyboard.type("Bruno Costa")
    phone.keyboard.press("Enter")
    expect(phone.get_by_text("Added to the players: Bruno Costa.")).to_be_visible()
    expect(phone.locator("#add-player h3")).to_be_in_viewport()
