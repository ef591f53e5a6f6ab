"""The café TV at 1920x1080 and 1280x720: a 64-partnership knockout's bracket, zoomed out to one
screen, had names a quarter of their size and still scrolled. Cut into screens, each is
zoomed (static/js/tv-fit.js) no further than a 16-place bracket: its names stay readable
from across the café, and nothing scrolls or falls off the screen."""

import pytest

from sueca_club.models import Partnership
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_tv_grid_fits_a_big_screen import FIRST, LAST
from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

# The names' size on the screen (their font size times tv-fit.js's zoom), as a share of its
# height: 15px on a 1080p TV, 10px on a 720p one (a TV of the same size, bigger pixels).
READABLE = 15 / 1080


def knockout_of_64(club):
    tournament = make_tournament(club, 64, "knockout", tables_count=32, third_place=True)
    for i, partnership in enumerate(Partnership.objects.filter(club=club).order_by("pk")):
        partnership.name = (f"{FIRST[i % 18]} {LAST[i % 12]} & "
                            f"{FIRST[(i + 7) % 18]} {LAST[(i + 5) % 12]}")
        partnership.save(update_fields=["name"])
    services.tournament_start(tournament=tournament)
    first_round = in_play(tournament)
    services.pairing_walkover(pairing=first_round[20], present="A")
    for pairing in first_round[:12]:
        play(pairing, "A")
    return tournament


def measure(page) -> dict:
    return page.evaluate("""() => {
      const tv = document.getElementById('tv');
      const outside = [...document.querySelectorAll('.bm')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight; });
      return {
        zoom: parseFloat(tv.style.zoom || '1'),
        name: Math.min(...[...tv.querySelectorAll('.bm .name')]
          .map((el) => parseFloat(getComputedStyle(el).fontSize))),
        matches: tv.querySelectorAll('.bm').length,
        outside: outside.length,
        scrolls: document.documentElement.scrollHeight > innerHeight
          || document.documentElement.scrollWidth > innerWidth,
      };
    }""")


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_every_screen_of_a_64_partnership_bracket_is_readable_and_nothing_scrolls(
        new_phone, club, screenshot, size):
    tournament = knockout_of_64(club)
    tv = new_phone(viewport={"width": size[0], "height": size[1]}, is_mobile=False,
                   has_touch=False)
    screens = range(3, 8)  # overview, two pages of tables, then the bracket
    for i in screens:
        tv.goto(f"/t/{tournament.slug}/tv/?i={i}")
        expect(tv.locator('#tv[data-screen="bracket"] .bm').first).to_be_visible()
        tv.wait_for_load_state("load")
        shown = measure(tv)
        print(f"\n{size[0]}x{size[1]} screen {i}: zoom {shown['zoom']}, names "
              f"{shown['name'] * shown['zoom']:.1f}px")
        assert shown["name"] * shown["zoom"] >= READABLE * size[1], (i, shown)
        assert not shown["scrolls"] and shown["outside"] == 0, (i, shown)
        screenshot(tv, f"knockout-64-{i}-{size[0]}")
    expect(tv.locator("h2")).to_have_text("Bracket · Quarter-finals to the final")
    expect(tv.locator("h1")).to_contain_text("8/8")
