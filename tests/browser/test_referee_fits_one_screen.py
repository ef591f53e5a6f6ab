"""At 360x740 the referee enters a whole deal with one thumb: the points, the keypad, Next and
the flag, revoke and 60-60 buttons are all on the first screen, in every language."""

import pytest

from bench import referee_taps
from scoring import engine, services
from tests.browser.conftest import NO_PLAYWRIGHT, PHONE
from tests.conftest import make_club, make_match, make_partnership
from tests.tournaments.helpers import make_tournament
from tournaments import services as services_tournaments

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

WIDTH, HEIGHT = PHONE["viewport"]["width"], PHONE["viewport"]["height"]
MIN_TARGET = 44  # px
# What one deal needs, by selector: none of it may sit below the fold.
NEEDED = {
    "points A": "#id_points_a",
    "points B": "#id_points_b",
    "keypad": "[data-pad] button",
    "Next": "form.entry button[name=save]",
    "flag": "form.entry button[name=flag]",
    "revoke": "form.entry button[name=revoke]",
    "60-60": "form.entry button[name=tie]",
}
LANGUAGES = ["pt-pt", "pt-br", "en"]


@pytest.fixture
def long_names_link(organiser):
    """Long real names and a deal already played (so the undo link and strokes show too)."""
    club = make_club("associacao-recreativa", organiser)
    a = make_partnership(club, "Maria da Conceição Albuquerque", "José Manuel Vasconcelos")
    b = make_partnership(club, "Ana Filipa Magalhães", "Francisco Xavier Bettencourt")
    match = make_match(club, a, b)
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [95, 25]}),
                         key="first-deal")
    return match.referee_links.get()


def outside(page) -> list[str]:
    """Every needed element whose box is not wholly inside the viewport, or is too small."""
    wrong = []
    for name, selector in NEEDED.items():
        elements = page.locator(selector).all()
        if not elements:
            wrong.append(f"{name}: missing")
        for element in elements:
            box = element.bounding_box()
            if box is None:
                wrong.append(f"{name}: not shown")
                continue
            inside = (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= WIDTH
                      and box["y"] + box["height"] <= HEIGHT)
            big = box["height"] >= MIN_TARGET and box["width"] >= MIN_TARGET
            if not (inside and big):
                wrong.append(f"{name} {element.inner_text()!r}: {box}")
    return wrong


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_deal_needs_no_scroll_at_360_by_740(new_phone, live_server, long_names_link, language,
                                             screenshot):
    page = new_phone()
    page.context.add_cookies([{"name": "django_language", "value": language,
                               "url": live_server.url}])
    page.goto(f"/r/{long_names_link.token}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("[data-pad]")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    page.screenshot(path=str(screenshot(page, f"{language}-full")).replace("-full", "-screen"))
    assert outside(page) == []
    assert page.locator("[data-pad] button").count() == 12


def test_a_refused_digit_keeps_everything_on_screen(new_phone, long_names_link, screenshot):
    page = new_phone()
    page.goto(f"/r/{long_names_link.token}/")
    for digit in "121":
        page.get_by_role("button", name=digit, exact=True).tap()
    expect(page.locator("[data-pad-note]")).to_have_text("121 is more than 120: not typed.")
    expect(page.locator("#id_points_a")).to_have_value("12")
    page.screenshot(path=str(screenshot(page, "refused-full")).replace("-full", "-screen"))
    assert outside(page) == []


def test_each_kind_of_deal_takes_a_few_taps_and_no_scroll(phone, referee_link, screenshot):
    counts = referee_taps.measure(phone, f"/r/{referee_link.token}/")
    print({deal: (count.taps, count.scrolls) for deal, count in counts.items()})
    assert {deal: count.taps for deal, count in counts.items()} == {
        "73-47": 4, "60-60": 2, "revoke": 2, "flag": 2}
    assert {deal: count.off_screen for deal, count in counts.items()} == {
        "73-47": [], "60-60": [], "revoke": [], "flag": []}
    expect(phone.get_by_role("heading", name="Match result")).to_be_visible()
    screenshot(phone, "result")


def test_a_tournament_tables_page_fits_too(new_phone, live_server, club, screenshot):
    """A table's page names its round, table and tournament: one more line, still one screen."""
    tournament = make_tournament(club, 4, tables_count=1)
    services_tournaments.tournament_start(tournament=tournament)
    link = tournament.tables.select_related("link").get().link
    page = new_phone()
    page.context.add_cookies([{"name": "django_language", "value": "pt-pt",
                               "url": live_server.url}])
    page.goto(f"/r/{link.token}/")
    expect(page.locator(".table-label")).to_contain_text("Mesa 1")
    page.screenshot(path=str(screenshot(page, "table-full")).replace("-full", "-screen"))
    assert outside(page) == []
