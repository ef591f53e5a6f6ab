"""At 360 px the scoreboard's tally breaks a dealer's name only between its words: it showed
"Rodrigue|s", "Conceiçã|o", "Gonçalv|es" in the dealer column, each name cut inside a word."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.conftest import make_match, make_partnership
from tests.tournaments.helpers import record

pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT)

# Each dealer's name: the lines it takes and its words.
WORDS = """() => [...document.querySelectorAll('.deal-tally tbody td:nth-child(2)')].map((cell) => {
  const range = document.createRange();
  range.selectNodeContents(cell.firstChild.firstChild);
  const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
  return {name: cell.textContent, lines: lines.size, words: cell.textContent.trim().split(/\\s+/).length,
          wrap: getComputedStyle(cell.firstChild).overflowWrap};
})"""


def test_a_dealers_name_breaks_only_between_its_words(phone, club, screenshot):
    a = make_partnership(club, "Manuel Rodrigues", "Maria Conceição")
    b = make_partnership(club, "Leonor Gonçalves", "Rui Sousa")
    match = make_match(club, a, b, preset="carry_ties", fmt={"type": "partidas"})
    for points in (30, 30, 73, 0, 95, 95, 60, 60, 73, 30):
        record(match, {"points": [points, 120 - points]})
    phone.goto(f"/m/{match.pk}/")
    cells = phone.evaluate(WORDS)
    screenshot(phone, "tally")
    assert cells and all(cell["lines"] <= cell["words"] for cell in cells), cells
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
