"""After an undo the referee's phone is at the table's page, and going back brings that page as
it is now: never the answered "Undo deal N?" with its button stuck at "Sending…", nor a board
from before the undo."""

import pytest

from scoring import engine, services
from scoring.models import Deal
from tests.browser.conftest import NO_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


@pytest.fixture
def two_deals(match):
    for key, points in (("k1", [70, 50]), ("k2", [85, 35])):
        services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": points}), key=key)


def undo_the_last_deal(page, token: str) -> None:
    page.goto(f"/r/{token}/")
    page.get_by_role("link", name="Undo the last deal").tap()
    expect(page.get_by_role("heading", name="Undo deal 2: 85-35?")).to_be_visible()
    page.get_by_role("button", name="Yes, undo it").tap()
    expect(page.get_by_text("The last deal was undone.")).to_be_visible()


def assert_the_page_as_it_is(page, token: str, played: str = "1 deal played") -> None:
    expect(page.get_by_text(played)).to_be_visible()
    expect(page.get_by_role("heading", name="Undo deal 2: 85-35?")).to_have_count(0)
    expect(page.get_by_text("Sending…")).to_have_count(0)
    expect(page.locator("[data-pad]")).to_be_visible()
    assert page.url.endswith(f"/r/{token}/")


def test_back_after_an_undo_shows_the_page_as_it_is_now(phone, two_deals, referee_link):
    page = phone
    undo_the_last_deal(page, referee_link.token)
    assert page.url.endswith(f"/r/{referee_link.token}/")

    page.go_back()  # the undo's own address is gone from the history: the page before it
    assert_the_page_as_it_is(page, referee_link.token)
    page.go_forward()
    assert_the_page_as_it_is(page, referee_link.token)
    assert Deal.objects.filter(active=True).count() == 1


def test_back_to_an_undo_not_taken_does_not_ask_it_again(phone, two_deals, referee_link):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    page.get_by_role("link", name="Undo the last deal").tap()
    page.get_by_role("link", name="No, keep it").tap()
    expect(page.get_by_text("2 deals played")).to_be_visible()

    page.go_back()  # to the undo's address
    assert_the_page_as_it_is(page, referee_link.token, played="2 deals played")
