"""The A3 bracket poster is the A4 one scaled up to fill its bigger sheet: its boxes reach
across the page and its names print larger (they were the A4 sizes, the bracket in the
left 60% of the A3 sheet)."""

import re
import shutil
import subprocess

import pytest

from tests.conftest import NO_PDFTOTEXT
from tests.tournaments.helpers import make_tournament, play_to_the_end
from tournaments import services
from tournaments.printing import printables

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(not shutil.which("pdftotext"), reason=NO_PDFTOTEXT)]


def words(content: bytes) -> tuple[float, list[tuple[str, float, float, float]]]:
    """The page's width, and each word with its left, right and height (pt)."""
    html = subprocess.run(["pdftotext", "-bbox", "-", "-"], input=content, capture_output=True,
                          check=True).stdout.decode()
    page = float(re.search(r'<page width="([\d.]+)"', html)[1])
    found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                       r'yMax="([\d.]+)">([^<]*)</word>', html)
    return page, [(text, float(x0), float(x1), float(y1) - float(y0))
                  for x0, y0, x1, y1, text in found]


def test_the_a3_bracket_fills_its_sheet_with_bigger_names(club):
    tournament = make_tournament(club, 8, tables_count=4)  # three rounds and the champion
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    a4_page, a4 = words(printables.bracket_pdf(tournament, paper="a4"))
    a3_page, a3 = words(printables.bracket_pdf(tournament, paper="a3"))

    def name_height(found):
        return max(h for text, _x0, _x1, h in found if text == "Player")

    def reach(found, page):  # the right end of the champion's box, a margin from the edge
        return max(x1 for _text, _x0, x1, _h in found) / page
    assert name_height(a3) > 1.3 * name_height(a4)
    assert reach(a3, a3_page) > 0.9 and reach(a4, a4_page) > 0.9
