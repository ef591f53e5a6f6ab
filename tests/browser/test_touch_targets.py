"""At a phone's 360 px width the referee page has big targets and no sideways scrolling."""

import pytest

from scoring import engine, services
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.conftest import make_club, make_match, make_partnership

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

PHONE_WIDTH = 360
MIN_TARGET = 48  # px, the usual minimum for a finger
TARGETS = "a, button, input:not([type=hidden]), select, summary"


@pytest.fixture
def long_names_link(organiser):
    """Real Portuguese names are long: the layout must still fit."""
    club = make_club("associacao-recreativa", organiser)
    a = make_partnership(club, "Maria da Conceição Albuquerque", "José Manuel Vasconcelos")
    b = make_partnership(club, "Ana Filipa Magalhães", "Francisco Xavier Bettencourt")
    match = make_match(club, a, b)
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [70, 50]}),
                         key="first-deal")  # so that the undo link shows too
    return match.referee_links.get()


def too_small(page, scope: str) -> list[str]:
    small = []
    for target in page.locator(scope).locator(TARGETS).all():
        box = target.bounding_box()
        if box is None or box["height"] < MIN_TARGET:
            small.append(f"{target.evaluate('e => e.outerHTML.slice(0, 80)')}: {box}")
    return small


def scroll_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_every_referee_control_is_big_enough_and_nothing_overflows(phone, long_names_link,
                                                                    screenshot):
    page = phone
    page.goto(f"/r/{long_names_link.token}/")
    page.get_by_text("Who sits where").tap()
    page.get_by_text("Tricks and trump (optional)").tap()
    expect(page.locator("#id_trump")).to_be_visible()
    screenshot(page, "referee")
    assert page.locator("form.entry").locator(TARGETS).count() >= 20
    assert too_small(page, "#referee") == []
    assert scroll_width(page) <= PHONE_WIDTH

    page.get_by_role("button", name="Flag B").tap()
    expect(page.get_by_role("heading", name="Check the deal")).to_be_visible()
    screenshot(page, "confirm")
    assert too_small(page, "#referee") == []
    assert scroll_width(page) <= PHONE_WIDTH
