"""An organiser, on a phone, creates a knockout tournament from the club page, registers the
club's partnerships, starts it and sees round 1's pairings at their tables."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.conftest import PASSWORD, make_partnership
from tournaments.models import Pairing, Round, Tournament

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_an_organiser_creates_a_tournament_and_draws_round_one(phone, club, organiser, pair_a,
                                                               pair_b, screenshot):
    make_partnership(club, "Eva Rocha", "Filipe Sousa")
    make_partnership(club, "Gina Melo", "Hugo Reis")
    page = phone
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(organiser.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").last.click()
    page.wait_for_url("**/manage/")

    page.goto(f"/manage/{club.slug}/")
    page.get_by_role("link", name="New tournament").click()
    expect(page.get_by_role("heading", name="New tournament")).to_be_visible()
    page.locator("#id_name").fill("Torneio de Inverno")
    page.locator("#id_tables_count").fill("2")
    page.locator("#id_structure").get_by_label("Knockout", exact=True).check()
    screenshot(page, "new-tournament")
    page.get_by_role("button", name="Create the tournament").click()

    expect(page.get_by_role("heading", name="Torneio de Inverno", level=1)).to_be_visible()
    tournament = Tournament.objects.get(club=club, name="Torneio de Inverno")
    assert tournament.structure == "knockout" and tournament.tables_count == 2
    assert tournament.created_by == organiser

    register = page.locator("form.choices")
    checkboxes = register.get_by_role("checkbox")
    expect(checkboxes).to_have_count(4)
    for number in range(4):
        checkboxes.nth(number).check()
    register.get_by_role("button", name="Register").click()
    expect(page.get_by_text("Every active partnership of the club is registered.")).to_be_visible()
    assert tournament.entries.count() == 4
    screenshot(page, "entries")

    page.get_by_role("button", name="Start and draw round 1").click()
    round_one = page.locator("section[aria-labelledby='round-1']")
    expect(round_one.locator(".pairing")).to_have_count(2)
    expect(round_one.get_by_text("Table 1", exact=True)).to_be_visible()
    expect(round_one.get_by_text("Table 2", exact=True)).to_be_visible()
    for partnership in (pair_a, pair_b):
        expect(round_one.get_by_text(partnership.display_name, exact=True)).to_be_visible()
    screenshot(page, "round-1")

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    round_1 = Round.objects.get(tournament=tournament, number=1)
    pairings = Pairing.objects.filter(round=round_1)
    assert pairings.count() == 2
    assert sorted(p.table.number for p in pairings) == [1, 2]
    assert all(p.match_id for p in pairings)
    entered = {p.a.partnership_id for p in pairings} | {p.b.partnership_id for p in pairings}
    assert len(entered) == 4
