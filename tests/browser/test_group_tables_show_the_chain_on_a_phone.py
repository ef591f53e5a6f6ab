"""The groups page's tables, with the columns of a long tie-break chain (game sets won and lost,
card-point difference), on a phone (360x740) and a laptop (1280x720): on the phone they scroll
sideways no more than the standings page's table, whose columns they are part of; on the laptop
they fit. The TV's groups screen, with the same columns, fits 1280x720 too."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.conftest import make_partnership
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Tournament

pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT)

CHAIN = ["points", "head_to_head", "partidas_won", "partidas_lost", "card_point_difference",
         "card_points", "lots"]
NAMES = [("Olga Vasconcelos", "Carla Figueiredo"), ("Duarte Albuquerque", "Inês Magalhães"),
         ("Maria Albertina Fernandes", "José Carlos Sousa"), ("Eva Santos", "Filipe Reis"),
         ("Gil Sousa", "Hugo Alves"), ("Rita Mota", "Leonor Cruz")]
# How far each table of the page reaches past its scroll region, and the page past the screen.
OVERFLOW = """() => ({
  page: document.scrollingElement.scrollWidth - window.innerWidth,
  tables: [...document.querySelectorAll('.table-scroll')].map(
    (region) => region.scrollWidth - region.clientWidth),
  headers: [...document.querySelector('.table-scroll thead').querySelectorAll('th')].map(
    (th) => th.textContent.trim()),
})"""


def two_groups_of_three(club) -> Tournament:
    tournament = make_tournament(club, 0, "groups", fmt={"type": "partidas", "to_win": 2},
                                 groups_count=2, qualifiers_per_group=1, tables_count=2,
                                 tie_breaks=CHAIN)
    services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, a, b) for a, b in NAMES])
    services.tournament_start(tournament=tournament)
    return tournament


def test_the_group_tables_scroll_no_more_than_the_standings(phone, club, screenshot):
    tournament = two_groups_of_three(club)
    phone.goto(f"/t/{tournament.slug}/standings/")
    standings = phone.evaluate(OVERFLOW)
    phone.goto(f"/t/{tournament.slug}/groups/")
    groups = phone.evaluate(OVERFLOW)
    screenshot(phone, "groups-360")
    assert groups["headers"][-4:] == ["Game sets won", "Game sets lost", "Card points",
                                      "Card-point difference"], groups
    assert groups["page"] <= 0 and len(groups["tables"]) == 2, groups
    assert max(groups["tables"]) <= standings["tables"][0], (groups, standings)


def test_the_group_tables_fit_a_laptop_and_the_tv(new_tv, club, screenshot):
    tournament = two_groups_of_three(club)
    laptop = new_tv(1280, 720)
    laptop.goto(f"/t/{tournament.slug}/groups/")
    shown = laptop.evaluate(OVERFLOW)
    screenshot(laptop, "groups-1280")
    assert shown["page"] <= 0 and shown["tables"] == [0, 0], shown
    laptop.goto(f"/t/{tournament.slug}/tv/?i=2")
    laptop.wait_for_load_state("load")
    shown = laptop.evaluate(OVERFLOW)
    screenshot(laptop, "tv-groups-1280")
    assert "Card-point difference" in shown["headers"], shown
    assert shown["page"] <= 0 and shown["tables"] == [0, 0], shown
