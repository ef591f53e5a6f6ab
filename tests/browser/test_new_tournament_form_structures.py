"""The new-tournament form on a phone (360x740) shows only the chosen structure's settings,
live as the organiser changes the structure (static/js/tournament-form.js), and creates a
knockout and a Swiss; a setting with an error shows whatever the structure, and without
JavaScript every setting shows."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT, log_in
from tests.tournaments.test_new_tournament_form_shows_the_chosen_structure import (
    FIELDSETS,  # each fieldset of settings (by its legend): the structures that show it
)
from tournaments.models import Tournament

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

WIDTH = 360
STRUCTURES = {  # the structure's label: its value
    "Knockout": "knockout", "Groups, then knockout": "groups",
    "Rounds: Swiss or round robin": "rounds", "Double elimination": "double",
    "League over weeks": "league",
}
SETTINGS = {  # settings that show with fewer structures than their fieldset
    "#id_third_place": {"knockout", "groups"},
    "#id_bye_result": {"rounds"},
}
ALWAYS = ("The event", "Rules", "Match format", "Structure", "Running it")



def new_tournament(page, organiser, club):
    """The organiser, signed in, on the club's new-tournament form."""
    log_in(page, organiser)
    page.goto(f"/manage/{club.slug}/tournaments/")
    expect(page.get_by_role("heading", name="New tournament")).to_be_visible()


def choose(page, label: str) -> None:
    page.locator("#id_structure").get_by_label(label, exact=True).check()


def fieldset(page, legend: str):
    return page.get_by_role("group", name=legend, exact=True)


def shown_only_for(page, structure: str) -> None:
    for legend, structures in FIELDSETS.items():
        if structure in structures:
            expect(fieldset(page, legend)).to_be_visible()
        else:
            expect(fieldset(page, legend)).to_be_hidden()
    for selector, structures in SETTINGS.items():
        if structure in structures:
            expect(page.locator(selector)).to_be_visible()
        else:
            expect(page.locator(selector)).to_be_hidden()
    for legend in ALWAYS:
        expect(fieldset(page, legend)).to_be_visible()


def test_only_the_chosen_structures_settings_show(phone, organiser, club, screenshot):
    page = phone
    new_tournament(page, organiser, club)
    shown_only_for(page, "knockout")  # the form starts at a knockout
    knockout_height = height(page)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= WIDTH
    screenshot(page, "knockout")
    for label, structure in [*STRUCTURES.items(), ("Knockout", "knockout")]:
        choose(page, label)
        shown_only_for(page, structure)
        screenshot(page, structure)
    expect(fieldset(page, "Knockout and the draw").locator("#id_draw")).to_be_visible()
    choose(page, "Groups, then knockout")
    assert height(page) > knockout_height


def test_an_organiser_creates_a_knockout_through_the_form(phone, organiser, club):
    page = phone
    new_tournament(page, organiser, club)
    page.locator("#id_name").fill("Taça de Inverno")
    page.locator("#id_tables_count").fill("4")
    choose(page, "Groups, then knockout")  # and back: what the groups asked stays behind
    choose(page, "Knockout")
    page.locator("#id_draw").select_option("seeded")
    page.locator("#id_third_place").check()
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Taça de Inverno", level=1)).to_be_visible()
    tournament = Tournament.objects.get(club=club)
    assert (tournament.structure, tournament.draw, tournament.third_place,
            tournament.tables_count) == ("knockout", "seeded", True, 4)


def test_an_organiser_creates_a_swiss_through_the_form(phone, organiser, club):
    page = phone
    new_tournament(page, organiser, club)
    page.locator("#id_name").fill("Suíço de Março")
    choose(page, "Rounds: Swiss or round robin")
    rounds = fieldset(page, "Rounds: Swiss or round robin")
    rounds.locator("#id_pairing").select_option("swiss")
    rounds.locator("#id_rounds_count").fill("5")
    fieldset(page, "Points and ranking (groups, rounds and leagues)").locator(
        "#id_bye_result").select_option("draw")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Suíço de Março", level=1)).to_be_visible()
    tournament = Tournament.objects.get(club=club)
    assert (tournament.structure, tournament.pairing, tournament.rounds_count,
            tournament.bye_result) == ("rounds", "swiss", 5, "draw")


def test_a_hidden_setting_the_browser_refuses_shows_to_say_why(phone, organiser, club):
    """A Swiss of 60 rounds (at most 50), then a knockout: the browser would not send the form
    and could not say why; the rounds show again, the number box refused."""
    page = phone
    new_tournament(page, organiser, club)
    page.locator("#id_name").fill("Taça")
    choose(page, "Rounds: Swiss or round robin")
    page.locator("#id_rounds_count").fill("60")
    choose(page, "Knockout")
    expect(fieldset(page, "Rounds: Swiss or round robin")).to_be_hidden()
    page.get_by_role("button", name="Create the tournament").click()
    expect(fieldset(page, "Rounds: Swiss or round robin")).to_be_visible()
    assert page.evaluate("document.activeElement.id") == "id_rounds_count"
    assert not Tournament.objects.exists()


def test_a_fieldset_with_an_error_after_a_post_stays_shown(phone, organiser, club):
    """The chain set for a Swiss (lots, then points: refused), then a knockout: the page comes
    back with the chain and its error shown under the knockout's settings."""
    page = phone
    new_tournament(page, organiser, club)
    page.locator("#id_name").fill("Taça")
    choose(page, "Rounds: Swiss or round robin")
    page.locator("#id_tie_break_1").select_option("lots")
    page.locator("#id_tie_break_2").select_option("points")
    choose(page, "Knockout")
    expect(fieldset(page, "Points and ranking (groups, rounds and leagues)")).to_be_hidden()
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.locator("#id_tie_break_2_error")).to_have_text(
        "Drawing lots decides every tie, so it can only come last.")
    expect(page.locator("#id_structure").get_by_label("Knockout", exact=True)).to_be_checked()
    expect(fieldset(page, "Points and ranking (groups, rounds and leagues)")).to_be_visible()
    expect(fieldset(page, "Groups, then knockout")).to_be_hidden()
    choose(page, "Double elimination")  # it stays shown until it is put right
    expect(fieldset(page, "Points and ranking (groups, rounds and leagues)")).to_be_visible()
    assert not Tournament.objects.exists()


def height(page) -> int:
    return page.evaluate("document.scrollingElement.scrollHeight")


def test_without_javascript_every_setting_shows(new_phone, organiser, club):
    """Every fieldset, as before the script: about twice as long as a knockout's with it."""
    page = new_phone(java_script_enabled=False)
    new_tournament(page, organiser, club)
    expect(page.locator("#id_structure").get_by_label("Knockout", exact=True)).to_be_checked()
    for legend in (*FIELDSETS, *ALWAYS):
        expect(fieldset(page, legend)).to_be_visible()
    for selector in SETTINGS:
        expect(page.locator(selector)).to_be_visible()
    scripted = new_phone()
    new_tournament(scripted, organiser, club)
    expect(fieldset(scripted, "Groups, then knockout")).to_be_hidden()
    assert height(scripted) < 0.6 * height(page), (height(scripted), height(page))
