"""A league's table and fixtures on a phone (360x740): readable without the page scrolling
sideways; only the table's own scroll region may be wider than the screen."""

import datetime

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.conftest import make_partnership
from tests.tournaments.helpers import play
from tournaments import services
from tournaments.models import Pairing

pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT)

WIDTH = 360
NAMES = [("Maria Albertina Fernandes", "José Carlos Vasconcelos"),
         ("Ana Margarida Figueiredo", "João Pedro Albuquerque"),
         ("Rita Sofia Magalhães", "Nuno Miguel Carvalho"), ("Eva Santos", "Filipe Reis"),
         ("Gil Sousa", "Hugo Alves"), ("Inês Mota", "Leonor Cruz")]


def league_in_its_second_week(club):
    from scoring import engine

    tournament = services.tournament_create(
        club=club, name="Liga das Quartas", rules=engine.rules_from("portugal"),
        fmt=engine.format_from({"type": "first_to", "target": 2}), structure="league",
        legs=2, tables_count=3, starts_on=datetime.date(2026, 10, 5))
    services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, a, b) for a, b in NAMES])
    services.tournament_start(tournament=tournament)
    while placed := list(Pairing.objects.filter(round__tournament=tournament, finished=False)
                         .exclude(match=None)):
        play(placed[0], "A")
    services.matchday_open(round_=tournament.rounds.get(number=2))
    first = Pairing.objects.filter(round__tournament=tournament, round__number=2).first()
    services.pairing_postpone(pairing=first, to=datetime.date(2026, 10, 29))
    return tournament


def scroll_width(page) -> int:
    return page.evaluate("document.scrollingElement.scrollWidth")


def test_the_table_and_the_fixtures_fit_a_phone(phone, club, screenshot):
    tournament = league_in_its_second_week(club)
    page = phone
    page.goto(f"/t/{tournament.slug}/standings/")
    assert page.get_by_role("link", name="Maria Albertina Fernandes", exact=False).first
    screenshot(page, "standings")
    assert scroll_width(page) <= WIDTH
    region = page.locator(".table-scroll")
    assert region.evaluate("el => el.clientWidth") <= WIDTH
    page.goto(f"/t/{tournament.slug}/fixtures/")
    assert page.get_by_text("Postponed to").first.is_visible()
    assert page.get_by_role("heading", name="Matchday 10", exact=False).is_visible() is not None
    screenshot(page, "fixtures")
    assert scroll_width(page) <= WIDTH
    page.get_by_role("link", name="Maria Albertina Fernandes", exact=False).first.click()
    page.wait_for_url("**/partnerships/**")
    screenshot(page, "season")
    assert scroll_width(page) <= WIDTH


# Each fixture's result cell and the table: where they end, against the scroll region's edge.
RESULTS = """() => {
  const region = document.querySelector('.table-scroll');
  const edge = region.getBoundingClientRect().right;
  const cells = [...region.querySelectorAll('table.season tbody td:last-child')];
  return {table: region.querySelector('table').scrollWidth, region: region.clientWidth,
          cut: cells.filter((cell) => cell.getBoundingClientRect().right > edge + 0.5)
            .map((cell) => cell.textContent.trim()),
          results: cells.map((cell) => cell.textContent.trim())};
}"""


@pytest.mark.parametrize("locale", ["en-GB", "pt-PT", "pt-BR"])
def test_a_partnerships_season_shows_each_result_without_scrolling(new_phone, club, locale,
                                                                     screenshot):
    tournament = league_in_its_second_week(club)
    first = tournament.entries.order_by("pk").first()
    page = new_phone(locale=locale)
    page.goto(f"/t/{tournament.slug}/partnerships/{first.pk}/")
    found = page.evaluate(RESULTS)
    screenshot(page, "season")
    assert found["table"] <= found["region"] <= WIDTH and found["cut"] == [], found
    assert any("–" in result for result in found["results"]), found  # a played one's score
