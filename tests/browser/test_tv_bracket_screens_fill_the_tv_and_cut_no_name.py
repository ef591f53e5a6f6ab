"""The café TV's bracket screens at 1920x1080: a 9-partnership double elimination's winners'
bracket filled the left half of the screen in fixed 18rem columns and cut its long names
("Bruno Silva & Gabriela …"); its grand final was two small boxes in the top left. Now the
columns share the TV's width, a name breaks between its players rather than be cut, and the
grand final is shown big."""

import pytest

from scoring import engine
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_tv_grid_fits_a_big_screen import FIRST, LAST
from tests.conftest import make_partnership
from tests.tournaments.helpers import in_play, play
from tournaments import services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

TV = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False}

SHOWN = """() => {
  const tv = document.getElementById('tv');
  const zoom = parseFloat(tv.style.zoom || '1');
  const names = [...tv.querySelectorAll('.bm .name, .bm .name > span')];
  return {
    screen: tv.dataset.screen,
    width: Math.max(...[...tv.querySelectorAll('.bracket')]  // on the screen: zoom included
      .map((el) => el.getBoundingClientRect().width)),
    cut: names.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent),
    name: Math.min(...names.map((el) => parseFloat(getComputedStyle(el).fontSize))) * zoom,
    scrolls: document.documentElement.scrollHeight > innerHeight
      || document.documentElement.scrollWidth > innerWidth,
  };
}"""


def with_long_names(club, structure: str, size: int):
    tournament = services.tournament_create(
        club=club, name=f"Torneio {size}", rules=engine.rules_from("portugal"),
        fmt=engine.format_from({"type": "first_to", "target": 1}), structure=structure,
        tables_count=size // 2)
    services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, f"{FIRST[2 * i]} {LAST[-1 - i % 2]}",
                         f"{FIRST[2 * i + 1]} {LAST[10 - i % 3]}") for i in range(size)])
    services.tournament_start(tournament=tournament)
    for pairing in in_play(tournament)[:3]:
        play(pairing, "AB"[pairing.pk % 2])
    return tournament


def bracket_screens(tv, tournament) -> list[dict]:
    """What each bracket screen of the cycle shows, in turn."""
    shown = []
    for i in range(1, 10):  # the cycle starts with the overview and comes back to it
        tv.goto(f"/t/{tournament.slug}/tv/?i={i}")
        tv.wait_for_load_state("load")
        screen = tv.evaluate(SHOWN) | {"i": i}
        if screen["screen"] == "overview":
            return shown
        if screen["screen"] != "round":
            shown.append(screen)
    raise AssertionError("the cycle never came back to the overview")


def test_a_double_eliminations_screens_span_the_tv_and_cut_no_name(new_phone, club, screenshot):
    tournament = with_long_names(club, "double", 9)
    tv = new_phone(**TV)
    screens = bracket_screens(tv, tournament)
    assert [screen["screen"] for screen in screens] == ["winners"] * 3 + ["losers"] * 2 + ["grand_final"]
    winners, grand_final = screens[0], screens[-1]  # the winners' bracket in two halves and the rest
    assert winners["width"] >= 0.9 * 1920, winners
    for screen in screens:
        assert screen["cut"] == [] and not screen["scrolls"], screen
    assert grand_final["name"] >= 36, grand_final  # was 18px, read from across the café
    tv.goto(f"/t/{tournament.slug}/tv/?i={winners['i']}")
    screenshot(tv, "double-9-winners")


def test_a_knockouts_screen_spans_the_tv_and_cuts_no_name(new_phone, club, screenshot):
    tournament = with_long_names(club, "knockout", 8)
    tv = new_phone(**TV)
    [bracket] = bracket_screens(tv, tournament)
    assert bracket["width"] >= 0.9 * 1920, bracket
    assert bracket["cut"] == [] and not bracket["scrolls"], bracket
    assert bracket["name"] >= 24, bracket
    screenshot(tv, "knockout-8")
