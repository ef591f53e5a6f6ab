"""A double elimination's bracket page at 360x740 and at 1920x1080: the winners' bracket, the
losers' bracket and the grand final all show; nothing is wider than the screen except
inside the brackets' own sideways-scrolling regions."""

import pytest

from scoring import engine
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.conftest import make_partnership
from tests.tournaments.helpers import in_play, play
from tournaments import services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

BIG = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False}
NAMES = ["Ana Vasconcelos", "Bruno Albuquerque", "Carla Dias", "Duarte Lima", "Eva Sousa",
         "Filipe Martins", "Graça Costa", "Hugo Carvalho", "Inês Ferreira", "João Silva",
         "Leonor Gonçalves", "Manuel Rodrigues"]

# Elements whose right edge passes the screen, outside a scroll region (a bracket).
OVERFLOWING = """() => [...document.querySelectorAll('body *')]
  .filter((el) => !el.closest('.bracket-scroll'))
  .filter((el) => el.getBoundingClientRect().right > innerWidth + 1)
  .map((el) => el.tagName + '.' + el.className)"""


def double_elimination_under_way(club):
    tournament = services.tournament_create(
        club=club, name="Dupla Eliminação do Café", rules=engine.rules_from("portugal"),
        fmt=engine.format_from({"type": "first_to", "target": 1}), structure="double",
        tables_count=6)
    services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, name, f"{NAMES[(i + 5) % 12].split()[0]} Pereira")
        for i, name in enumerate(NAMES)])
    services.tournament_start(tournament=tournament)
    for pairing in in_play(tournament)[:5]:
        play(pairing, "AB"[pairing.pk % 2])
    return tournament


def assert_shows_both_brackets(page) -> None:
    for name in ("Winners' bracket", "Losers' bracket", "Grand final"):
        expect(page.get_by_role("region", name=name)).to_be_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= page.viewport_size["width"]
    assert page.evaluate(OVERFLOWING) == []


def test_the_bracket_page_on_a_phone_scrolls_only_inside_each_bracket(phone, club, screenshot):
    tournament = double_elimination_under_way(club)
    phone.goto(f"/t/{tournament.slug}/bracket/")
    assert_shows_both_brackets(phone)
    winners = phone.get_by_role("region", name="Winners' bracket")
    assert winners.evaluate("(el) => el.scrollWidth > el.clientWidth")  # it scrolls sideways
    slot = phone.locator(".bracket-round li").first.bounding_box()
    assert slot["width"] <= 360
    screenshot(phone, "phone")


def test_the_bracket_page_on_a_big_screen(new_phone, club, screenshot):
    tournament = double_elimination_under_way(club)
    page = new_phone(**BIG)
    page.goto(f"/t/{tournament.slug}/bracket/")
    assert_shows_both_brackets(page)
    screenshot(page, "1920")
