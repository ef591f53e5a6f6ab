"""At 360 px the whole paper tally is readable, on the referee's phone and the scoreboard, in
Brazilian Portuguese: the strokes wrap in groups of five and the carried tie games take a line
of their own. The strokes were one line in a table wider than its card (a row "11-6 ||||| |||||
|" showed "||||| |"), and the "2 acumulados" badge pushed the "Total" header out of sight."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.conftest import make_match, make_partnership
from tests.tournaments.helpers import record

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

OVERFLOW = """() => {
  const region = document.querySelector('.deal-tally [role=region]');
  const edge = region.getBoundingClientRect().right;
  const cut = [...region.querySelectorAll('th, td, .riscos span')]
    .filter((node) => node.getBoundingClientRect().right > edge + 0.5).map((node) => node.textContent);
  return {table: region.querySelector('table').scrollWidth, region: region.clientWidth, cut};
}"""


def matches(club):
    a = make_partnership(club, "Guilherme Vasconcelos", "Bartolomeu Albuquerque")
    b = make_partnership(club, "Maria Conceição", "Francisca Magalhães")
    sets = make_match(club, a, b, preset="carry_ties", fmt={"type": "partidas"})
    for points in (30, 30, 73, 0, 95, 95, 60, 60, 73, 30):  # 2 tie games carried in set 3
        record(sets, {"points": [points, 120 - points]})
    long = make_match(club, a, b, fmt={"type": "first_to", "target": 20})
    for points in [95] * 5 + [73] + [30] * 6:  # 11-6: eleven strokes for A
        record(long, {"points": [points, 120 - points]})
    return sets, long


@pytest.mark.parametrize("page_of", ["/m/{match.pk}/", "/r/{token}/"])
def test_every_stroke_and_column_of_the_tally_is_on_the_screen(new_phone, club, page_of,
                                                               screenshot):
    page = new_phone(locale="pt-BR")
    for name, match in zip(("sets", "long"), matches(club), strict=True):
        page.goto(page_of.format(match=match, token=match.referee_links.get().token))
        tally = page.locator(".deal-tally")
        expect(tally).to_contain_text("Total")
        if name == "sets":
            expect(tally).to_contain_text("2 acumulados")
        else:
            expect(tally.locator("tr").last.locator(".riscos .pts-a")).to_have_text("||||| ||||| |")
        found = page.evaluate(OVERFLOW)
        assert found["table"] <= found["region"] and found["cut"] == [], (name, found)
        tally.scroll_into_view_if_needed()
        screenshot(page, f"{name}-tally")
