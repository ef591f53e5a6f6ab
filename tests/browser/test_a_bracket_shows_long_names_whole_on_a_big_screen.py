"""A bracket page at 1920x1080: the rounds share the page's width and a partnership's long
name (68 to 77 characters here) is shown whole, broken between its players. The groups'
knockout and the double elimination cut them with "…" in 11.5rem columns while more than half
the page stayed blank, the whole name only in a tooltip, which a phone or a TV cannot show. On a
phone the bracket still scrolls sideways inside its own region."""

import pytest

from scoring import engine
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_double_bracket_on_a_phone import BIG, OVERFLOWING
from tests.conftest import make_partnership
from tests.tournaments.helpers import in_play, play, play_to_the_end
from tournaments import services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

FIRST = ["Maria Antónia", "José Manuel", "Ana Catarina", "João Pedro", "Rita Isabel",
         "Luís Filipe", "Inês Margarida", "Rui Miguel", "Sofia Alexandra", "Carlos Alberto",
         "Teresa Cristina", "Paulo Jorge", "Beatriz Helena", "Nuno Gonçalo", "Marta Filipa",
         "Tiago André"]
LAST = ["Vasconcelos Albuquerque", "Figueiredo Magalhães", "Mascarenhas Bettencourt",
        "Rodrigues Carvalho"]

# Each name in the bracket: its text, whether its box cuts it (… or hidden lines), its lines.
NAMES = """() => [...document.querySelectorAll('.bm .name')].map((el) => ({
  text: el.textContent.replace(/\\s+/g, ' ').trim(),
  cut: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
  lines: Math.round(el.scrollHeight / parseFloat(getComputedStyle(el).lineHeight))}))"""
# How much of its region's width the widest bracket's rounds take.
SPAN = """() => Math.max(...[...document.querySelectorAll('.bracket-scroll')].map((region) => {
  const rounds = [...region.querySelectorAll('.bracket-round')].map((r) => r.getBoundingClientRect());
  return (Math.max(...rounds.map((r) => r.right)) - Math.min(...rounds.map((r) => r.left)))
    / region.clientWidth;
}))"""


def with_long_names(club, structure: str, size: int, **options):
    tournament = services.tournament_create(
        club=club, name=f"Taça {structure}", rules=engine.rules_from("portugal"),
        fmt=engine.format_from({"type": "first_to", "target": 1}), structure=structure,
        tables_count=size // 2, **options)
    services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, f"{FIRST[2 * i]} {LAST[i % 4]}", f"{FIRST[2 * i + 1]} {LAST[(i + 1) % 4]}")
        for i in range(size)])
    services.tournament_start(tournament=tournament)
    return tournament


def knockout(club):
    tournament = with_long_names(club, "knockout", 8)
    for pairing in in_play(tournament)[:3]:
        play(pairing, "A")
    return tournament


def groups_then_knockout(club):
    tournament = with_long_names(club, "groups", 8, groups_count=2, qualifiers_per_group=2)
    play_to_the_end(tournament)
    return tournament


def double_elimination(club):
    tournament = with_long_names(club, "double", 6)
    for pairing in in_play(tournament)[:3]:
        play(pairing, "A")
    return tournament


STRUCTURES = [knockout, groups_then_knockout, double_elimination]


@pytest.mark.parametrize("make", STRUCTURES, ids=lambda make: make.__name__)
def test_a_big_screen_shows_every_name_whole(new_phone, club, screenshot, make):
    tournament = make(club)
    page = new_phone(**BIG)
    page.goto(f"/t/{tournament.slug}/bracket/")
    names = page.evaluate(NAMES)
    long = [name for name in names if len(name["text"]) > 40]
    assert long and [name for name in long if name["cut"]] == []
    # on a second line, a third in a narrow round of the draw's luck: 5 or 6 in 11.5rem columns
    assert max(name["lines"] for name in long) <= 3
    assert page.evaluate(SPAN) > 0.9  # the rounds take the width, not 11.5rem columns
    screenshot(page, "1920")


@pytest.mark.parametrize("make", STRUCTURES, ids=lambda make: make.__name__)
def test_a_phone_still_scrolls_the_bracket_inside_its_region(phone, club, make):
    tournament = make(club)
    phone.goto(f"/t/{tournament.slug}/bracket/")
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 360
    assert phone.evaluate(OVERFLOWING) == []
    region = phone.locator(".bracket-scroll").first
    assert region.evaluate("(el) => el.scrollWidth > el.clientWidth")
