"""The café TV's standings, read from three metres at 1280x720 and 1920x1080: a Swiss of 16
showed 12 rows then 4, and at 1280x720 the 12 were zoomed out to half the screen's height
(text 15px). Now the rows are shared evenly (8 and 8) and sized to fill the screen. In
Portuguese the long headings ("Pontos das cartas", "Disputadas") made the table fit the width
(zoom 0.73, 776 of 1062px): now they are smaller than the rows and wrap, in every language."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.tournaments.public_helpers import play_rounds, swiss

pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT)

SIZES = [(1280, 720), (1920, 1080)]

MEASURED = """() => {
  const tv = document.getElementById('tv');
  const zoom = parseFloat(tv.style.zoom || '1');
  const cells = [...tv.querySelectorAll('.tv-standings th, .tv-standings td')]
    .filter((el) => !el.closest('thead'));
  const headings = [...tv.querySelectorAll('thead th')];
  return {
    screen: tv.dataset.screen,
    text: Math.min(...cells.map((el) => parseFloat(getComputedStyle(el).fontSize))) * zoom,
    headings: Math.min(...headings.map((el) => parseFloat(getComputedStyle(el).fontSize))) * zoom,
    height: tv.querySelector('.tv-standings')?.getBoundingClientRect().height,
    rows: tv.querySelectorAll('.tv-standings tbody tr').length,
  };
}"""


@pytest.mark.parametrize("language", ["en", "pt-pt"])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_standings_fill_the_tv_in_large_text(new_tv, club, screenshot, width,
                                                 height, language):
    tournament = swiss(club, size=16, rounds=3)
    play_rounds(tournament, 1)
    tv = new_tv(width, height, language)
    shown = []
    for i in range(2, 5):
        tv.goto(f"/t/{tournament.slug}/tv/?i={i}")
        tv.wait_for_load_state("load")
        measured = tv.evaluate(MEASURED)
        if measured["screen"] == "standings":
            shown.append(measured)
    assert [screen["rows"] for screen in shown] == [8, 8], shown
    for screen in shown:
        assert screen["text"] >= (28 if height == 720 else 40), screen
        assert screen["headings"] >= 0.6 * screen["text"], screen
        assert screen["height"] >= 0.75 * height, screen
    screenshot(tv, f"standings-{width}-{language}")
