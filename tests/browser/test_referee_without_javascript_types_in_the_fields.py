"""Without JavaScript the referee's keypad, whose buttons would do nothing, is not shown: the two
number fields are big instead. With it the keypad is there. A table waiting for its next match
says the page moves on by itself only while the script polls; without it, "Check again" does."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Table

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

MOVES_ON = "moves on by itself"


def test_without_javascript_the_keypad_is_hidden_and_the_fields_are_big(new_phone, referee_link,
                                                                        screenshot):
    page = new_phone(java_script_enabled=False)
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_hidden()
    field = page.locator("#id_points_a").bounding_box()
    screenshot(page, "no-javascript")
    assert field["height"] >= 64 and field["x"] + field["width"] <= 360, field


def test_with_javascript_the_keypad_is_shown(new_phone, referee_link):
    page = new_phone()
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()


@pytest.mark.parametrize("javascript", [True, False])
def test_a_waiting_table_says_it_moves_on_only_with_javascript(new_phone, club, javascript):
    tournament = make_tournament(club, 4, tables_count=3)
    services.tournament_start(tournament=tournament)
    spare = Table.objects.get(tournament=tournament, number=3)
    page = new_phone(java_script_enabled=javascript)
    page.goto(f"/r/{spare.link.token}/")
    sentence = page.get_by_text(MOVES_ON)
    if javascript:
        expect(sentence).to_be_visible()
    else:
        expect(sentence).to_be_hidden()
        expect(page.get_by_role("link", name="Check again")).to_be_visible()
