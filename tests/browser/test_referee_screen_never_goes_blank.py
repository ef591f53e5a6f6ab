"""The referee's screen after a write that is refused by some other page than the referee's
(a proxy's, the site's own error page): that page's words show where the form was, never an
empty screen; and an organiser logging in on the same phone, which gives it a new CSRF
cookie, does not stop the open referee page from saving (its token, not a cookie, lets it)."""

import pytest

from scoring.models import Deal
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_referee_phone import tap, type_points
from tests.conftest import PASSWORD

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

ELSEWHERE = ("<!doctype html><html><body><header>Proxy</header>"
             "<main><h1>Forbidden</h1><p>Your request was blocked.</p></main></body></html>")


def test_a_refusal_from_another_page_shows_its_words(phone, referee_link):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    page.route("**/confirm/", lambda route: route.fulfill(
        status=403, content_type="text/html", body=ELSEWHERE))
    type_points(page, "95")
    tap(page, "Next: check the deal")
    expect(page.get_by_role("heading", name="Forbidden")).to_be_visible()
    expect(page.get_by_text("Your request was blocked.")).to_be_visible()
    assert not Deal.objects.exists()


def test_a_login_in_another_tab_does_not_stop_the_referee_page(
        phone, referee_link, organiser):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    type_points(page, "95")
    tap(page, "Next: check the deal")
    expect(page.get_by_role("heading", name="Check the deal")).to_be_visible()

    other = page.context.new_page()  # the organiser logs in: a new CSRF cookie for the phone
    other.goto("/accounts/login/")
    other.locator("#id_username").fill(organiser.username)
    other.locator("#id_password").fill(PASSWORD)
    other.get_by_role("button", name="Log in").click()
    other.wait_for_url("**/manage/")
    other.close()

    tap(page, "Save the deal")
    expect(page.get_by_text("Deal saved.")).to_be_visible()
    assert [d.data for d in Deal.objects.all()] == [{"points": [95, 25]}]
