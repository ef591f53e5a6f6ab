"""The café TV's groups, read from three metres at 1280x720 and 1920x1080: three groups of
four showed in 16px text (11px at 1280x720, zoomed), two a row, the right half under Group B
empty. Now two groups a screen, one under the other across the width, their text sized to the
screen's height. In Portuguese the long headings ("Jogos ganhos", "Pontos das cartas") made
the tables fit the width (zoom 0.77 at 1280x720): now they are smaller than the rows and wrap."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.tournaments.helpers import make_tournament
from tournaments import services

pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT)

MEASURED = """() => {
  const tv = document.getElementById('tv');
  const zoom = parseFloat(tv.style.zoom || '1');
  const cells = [...tv.querySelectorAll('.group h2, .group th, .group td')]
    .filter((el) => !el.closest('thead'));
  const headings = [...tv.querySelectorAll('thead th')];
  const groups = [...tv.querySelectorAll('.group')].map((el) => el.getBoundingClientRect());
  return {
    screen: tv.dataset.screen,
    text: Math.min(...cells.map((el) => parseFloat(getComputedStyle(el).fontSize))) * zoom,
    headings: Math.min(...headings.map((el) => parseFloat(getComputedStyle(el).fontSize))) * zoom,
    groups: groups.length,
    height: Math.max(...groups.map((box) => box.bottom)) - Math.min(...groups.map((box) => box.top)),
  };
}"""


@pytest.mark.parametrize("language", ["en", "pt-pt"])
@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_the_groups_fill_the_tv_in_large_text(new_tv, club, screenshot, width,
                                              height, language):
    tournament = make_tournament(club, 12, "groups", groups_count=3, qualifiers_per_group=2,
                                 tables_count=6)
    services.tournament_start(tournament=tournament)
    tv = new_tv(width, height, language)
    tv.goto(f"/t/{tournament.slug}/tv/?i=2")
    tv.wait_for_load_state("load")
    shown = tv.evaluate(MEASURED)
    assert shown["screen"] == "groups" and shown["groups"] == 2, shown
    assert shown["text"] >= (22 if height == 720 else 32), shown
    assert shown["headings"] >= 0.6 * shown["text"], shown
    assert shown["height"] >= 0.75 * height, shown
    screenshot(tv, f"groups-{width}-{language}")
