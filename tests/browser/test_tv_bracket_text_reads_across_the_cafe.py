"""The café TV's bracket screens, read from three metres at 1280x720 and 1920x1080: a round of
16 (a knockout of 13, the winners' bracket of a double elimination of 12) was drawn whole on
one screen, its names 9.5 to 12px at 1280x720 and what each match is at ("In play · Table 1",
"Bye") 6.7 to 8.4px; its losers' bracket, six rounds across, "Waiting for earlier matches" in
9.7px. Now a bracket of more than four matches a round, or of more than four rounds, is shared
among screens, and the status lines are nearly as big as the names."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.tournaments.public_helpers import knockout_of_13
from tests.tournaments.test_double_elimination_events import make_event

pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT)

MEASURED = """() => {
  const tv = document.getElementById('tv');
  const zoom = parseFloat(tv.style.zoom || '1');
  const smallest = (selector) => Math.min(...[...tv.querySelectorAll(selector)]
    .filter((el) => el.textContent.trim())
    .map((el) => parseFloat(getComputedStyle(el).fontSize))) * zoom;
  return {screen: tv.dataset.screen, name: smallest('.bm .name'), status: smallest('.bm-foot')};
}"""

# the smallest text read from three metres: names, and the status lines under them
SMALLEST = {720: (20, 16), 1080: (28, 22)}


def screens_of(tv, tournament, kinds: set[str]) -> list[dict]:
    shown = []
    for i in range(2, 12):
        tv.goto(f"/t/{tournament.slug}/tv/?i={i}")
        tv.wait_for_load_state("load")
        measured = tv.evaluate(MEASURED) | {"i": i}
        if measured["screen"] == "overview":
            return shown
        if measured["screen"] in kinds:
            shown.append(measured)
    raise AssertionError("the cycle never came back to the overview")


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_bracket_names_and_status_lines_read_across_the_cafe(new_phone, club, screenshot,
                                                             width, height):
    tv = new_phone(viewport={"width": width, "height": height}, is_mobile=False,
                   has_touch=False)
    knockout = screens_of(tv, knockout_of_13(club), {"bracket"})
    winners = screens_of(tv, make_event(club, 12, tables_count=6), {"winners", "losers"})
    assert len(knockout) == 3 and len(winners) == 5, (knockout, winners)
    name, status = SMALLEST[height]
    for screen in knockout + winners:
        assert screen["name"] >= name and screen["status"] >= status, screen
    screenshot(tv, f"double-winners-{width}")
