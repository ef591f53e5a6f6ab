"""A tournament that wants its results confirmed: at a phone's size, the deal that ends the
match asks the losing side to agree; its tap makes the result stand and hands the table on to
its next match."""

import pytest

from scoring.models import Match
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Pairing

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_the_losing_side_confirms_then_the_table_moves_on(phone, club, screenshot):
    tournament = make_tournament(club, 4, tables_count=1, confirmation="result")
    services.tournament_start(tournament=tournament)  # two semi-finals, one table
    link = tournament.tables.select_related("link").get().link
    first = link.match
    page = phone
    page.goto(f"/r/{link.token}/")
    page.get_by_role("button", name="Flag A", exact=True).tap()
    page.get_by_role("button", name="Save the deal", exact=True).tap()

    expect(page.get_by_role("heading", name="Confirm the result")).to_be_visible()
    expect(page.get_by_text("B, do you agree: A wins 4-0?")).to_be_visible()
    confirm = page.get_by_role("button", name="Yes, confirm", exact=True)
    expect(confirm).to_be_in_viewport()
    expect(page.get_by_role("link", name="No: call the organiser")).to_be_in_viewport()
    assert Match.objects.get(pk=first.pk).awaiting_confirmation
    assert not Pairing.objects.get(match=first).finished
    link.refresh_from_db()
    assert link.match_id == first.pk  # the table keeps its match until the result stands
    screenshot(page, "confirm")

    confirm.tap()
    expect(page.get_by_role("heading", name="Match result")).to_be_visible()
    expect(page.get_by_text("Result confirmed. Thank you!")).to_be_visible()
    link.refresh_from_db()
    following = link.match
    assert following.pk != first.pk and Pairing.objects.get(match=first).finished
    expect(page.locator(".next-match")).to_contain_text(following.a.display_name)
    screenshot(page, "confirmed")

    page.get_by_role("link", name="Next match", exact=True).tap()
    expect(page.locator("#referee")).to_have_attribute("data-match", str(following.pk))
    expect(page.get_by_text("0 deals played")).to_be_visible()
    screenshot(page, "next-match")
