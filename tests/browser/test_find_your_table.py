"""At a big event a player finds their table on the round's page by typing a name, on a phone:
accents and case aside, one tap on the box and a few letters; the list stays filtered when
the page's poll brings new scores."""

import pytest

from scoring.models import Player
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.tournaments.helpers import in_play, record
from tests.tournaments.public_helpers import swiss
from tournaments.views.public import OVERVIEW_LINES

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

TABLES = OVERVIEW_LINES + 6


@pytest.fixture
def long_round(club):
    tournament = swiss(club, size=2 * TABLES, rounds=2)
    Player.objects.filter(club=club, name="Player 17a").update(name="José Conceição")
    return tournament


def test_typing_a_name_leaves_that_partnership_s_table_alone(phone, long_round, screenshot):
    phone.goto(f"/t/{long_round.slug}/rounds/1/")
    lines = phone.locator("#t-live .pairings > li")
    expect(lines).to_have_count(TABLES)
    box = phone.get_by_label("Find your table")
    expect(box).to_be_visible()
    assert box.bounding_box()["y"] + box.bounding_box()["height"] <= 740  # no scroll to it

    box.tap()
    box.fill("jose conceicao")
    shown = phone.locator("#t-live .pairings > li:visible")
    expect(shown).to_have_count(1)
    expect(shown).to_contain_text("José Conceição")
    expect(shown).to_contain_text("Table ")
    screenshot(phone, "found")

    box.fill("Nobody Here")
    expect(shown).to_have_count(0)
    expect(phone.get_by_text("No table of this round has that name.")).to_be_visible()

    box.fill("")
    expect(shown).to_have_count(TABLES)
    expect(phone.get_by_text("No table of this round has that name.")).to_be_hidden()


def test_the_list_stays_filtered_when_the_poll_brings_a_new_score(phone, long_round):
    phone.goto(f"/t/{long_round.slug}/rounds/1/")
    box = phone.get_by_label("Find your table")
    box.fill("CONCEIÇÃO")
    shown = phone.locator("#t-live .pairings > li:visible")
    expect(shown).to_have_count(1)
    playing = next(p for p in in_play(long_round)
                   if "José Conceição" in (p.a.partnership.display_name
                                           + p.b.partnership.display_name))
    record(playing.match, {"points": [95, 25]})  # A wins 2 games
    expect(shown.locator(".g.side-a")).to_have_text("2", timeout=15_000)  # polls every 5 s
    expect(shown).to_have_count(1)


def test_without_the_script_the_box_stays_hidden_and_the_list_whole(new_phone, long_round):
    page = new_phone(java_script_enabled=False)
    page.goto(f"/t/{long_round.slug}/rounds/1/")
    expect(page.locator("#t-live .pairings > li")).to_have_count(TABLES)
    expect(page.locator("[data-find]")).to_be_hidden()
