"""A double tap on a button that brings a new screen (who deals first, "Next match") lands its
second tap on that new screen, where a keypad key may now be: the referee's phone ignores a
tap until the new screen has been there long enough to be read, so no digit is typed."""

import pytest

from scoring import engine
from scoring import services as scoring
from scoring.models import Match
from tests.browser.conftest import NO_PLAYWRIGHT, settled
from tests.tournaments.helpers import make_tournament
from tournaments import services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def double_tap(page, target, gap: int, came: str) -> None:
    """Two taps at the middle of `target`, as a finger does: the second `gap` ms after the
    first, or in the frame the new screen comes (`came`, a test in the page) if it is slower."""
    settled(page)
    box = target.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(gap)
    page.wait_for_function(came, polling="raf")
    page.touchscreen.tap(x, y)


def assert_nothing_typed(page) -> None:
    page.wait_for_timeout(500)  # the second tap's effect, had it one
    expect(page.locator("#id_points_a")).to_have_value("")
    expect(page.locator("#id_points_b")).to_have_value("")


@pytest.mark.parametrize("gap", [80, 150])
def test_a_double_tap_on_who_deals_first_chooses_and_types_no_points(phone, match, referee_link,
                                                                    gap):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    carla = page.locator("#first-dealer").get_by_role("button", name="Carla Dias")
    carla.scroll_into_view_if_needed()
    double_tap(page, carla, gap, "() => document.querySelector('#referee .msg')")

    expect(page.get_by_text("Carla Dias deals first; Ana Silva leads.")).to_be_visible()
    assert_nothing_typed(page)
    assert Match.objects.get(pk=match.pk).first_dealer == 1


@pytest.mark.parametrize("gap", [80, 150])
def test_a_double_tap_on_next_match_opens_it_and_types_no_points(phone, club, gap):
    tournament = make_tournament(club, 4, tables_count=1)  # two semi-finals on one table
    services.tournament_start(tournament=tournament)
    link = tournament.tables.select_related("link").get().link
    first = link.match
    scoring.deal_record(match_id=first.pk, deal=engine.deal_from({"points": [120, 0], "flag": "A"}), key="k1",
                        link=link)
    link.refresh_from_db()
    page = phone
    page.goto(f"/r/{link.token}/?after={first.pk}")
    double_tap(page, page.get_by_role("link", name="Next match", exact=True), gap,
               f"() => document.querySelector('#referee[data-match=\"{link.match_id}\"]')")

    expect(page.locator("#referee")).to_have_attribute("data-match", str(link.match_id))
    assert_nothing_typed(page)
