"""The first screen of the café TV's cycle showed ~375px of a 1080px screen in 27-36px type:
the tournament, the round and how many matches are finished. Now its type is sized to the
TV's height, with the round's results under it. With four results of five at 1280x720 the
screen was zoomed to 0.6 (text 12.5px) to fit them all: now it shows the latest three, a row
of them, in English and in Portuguese."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.tournaments.helpers import in_play, play
from tests.tournaments.public_helpers import knockout_of_13

pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT)

MEASURED = """() => {
  const tv = document.getElementById('tv');
  const zoom = parseFloat(tv.style.zoom || '1');
  const shown = [...tv.querySelectorAll('h1, h2, p, .name')].filter((el) => el.textContent.trim());
  const big = [...tv.querySelectorAll('.tv-big')];
  return {
    screen: tv.dataset.screen,
    results: tv.querySelectorAll('.tv-results .pairing').length,
    text: Math.min(...shown.map((el) => parseFloat(getComputedStyle(el).fontSize))) * zoom,
    big: Math.min(...big.map((el) => parseFloat(getComputedStyle(el).fontSize))) * zoom,
    height: Math.max(...shown.map((el) => el.getBoundingClientRect().bottom))
      - Math.min(...shown.map((el) => el.getBoundingClientRect().top)),
  };
}"""


@pytest.mark.parametrize("language", ["en", "pt-pt"])
@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_the_first_screen_reads_across_the_cafe(new_tv, club, screenshot, width,
                                                height, language):
    tournament = knockout_of_13(club)
    for pairing in in_play(tournament)[:4]:
        play(pairing, "A")
    tv = new_tv(width, height, language)
    tv.goto(f"/t/{tournament.slug}/tv/?i=0")
    tv.wait_for_load_state("load")
    shown = tv.evaluate(MEASURED)
    assert shown["screen"] == "overview", shown
    assert shown["text"] >= 18 and shown["big"] >= 0.06 * height, shown
    assert shown["height"] >= 0.6 * height, shown
    assert shown["results"] == 3, shown
    screenshot(tv, f"overview-{width}-{language}")
