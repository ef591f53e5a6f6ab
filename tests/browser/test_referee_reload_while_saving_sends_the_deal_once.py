"""A reload while a save is on its way (a slow network): the phone still has the deal, shows it
sending and sends it again with its key, so the server records it once; and the phone never
calls its own save a change made "on another screen"."""

import json
from urllib.parse import parse_qs

import pytest

from scoring import engine, services
from scoring.models import Deal, Match
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_offline_referee import pending
from tests.browser.test_referee_phone import games, tap, type_points

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

ELSEWHERE = "changed on another screen"


def held(page, url: str) -> list:
    """The POSTs to `url`, kept in the list returned until the test lets each go."""
    routes = []
    page.route(url, lambda route: routes.append(route) if route.request.method == "POST"
               else route.fallback())
    return routes


def arrived(page, routes: list):
    while not routes:
        page.wait_for_timeout(50)
    return routes[0]


def test_a_reload_while_the_save_is_on_its_way_sends_it_once_and_shows_it_sending(
        phone, match, referee_link):
    page = phone
    token = referee_link.token
    page.goto(f"/r/{token}/")
    type_points(page, "85")
    tap(page, "Next: check the deal")
    expect(page.locator("#referee .confirm")).to_have_text("A wins 1 game")
    saves = held(page, f"**/r/{token}/deals/")
    resends = held(page, f"**/api/v1/referee/{token}/deals*")
    tap(page, "Save the deal")
    first = arrived(page, saves)

    page.reload()  # the save's answer is lost with the page it was for
    expect(pending(page)).to_contain_text("1 deal waiting to be sent")
    expect(pending(page)).to_contain_text("85–35")
    expect(pending(page)).to_contain_text("Sending…")
    again = arrived(page, resends)
    assert again.request.headers["idempotency-key"] == parse_qs(first.request.post_data)["key"][0]
    first.fetch()  # the first request reaches the server now, and is recorded
    assert Deal.objects.filter(active=True).count() == 1
    again.continue_()  # the same key: the server answers what it answered the first time

    expect(pending(page)).to_contain_text("The waiting deals were sent.")
    expect(games(page, "A")).to_have_text("1")
    expect(page.locator("#referee")).to_have_attribute(
        "data-version", str(Match.objects.get(pk=match.pk).version))
    expect(page.locator("#referee")).not_to_contain_text(ELSEWHERE)
    assert [deal.data for deal in Deal.objects.filter(active=True)] == [{"points": [85, 35]}]


def test_the_match_moved_by_the_phones_own_save_is_no_news(phone, match, referee_link):
    """The answer to a deal this phone sent says the match is at version N (its refresh then
    failed): the watch finding version N loads the page quietly."""
    page = phone
    page.clock.install()
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [85, 35]}),
                         key="from-this-phone", link=referee_link)
    version = Match.objects.get(pk=match.pk).version
    page.evaluate("([key, queue]) => localStorage.setItem(key, queue)",
                  [f"sueca:pending:{referee_link.token}",
                   json.dumps({"items": [], "expect": {"match": match.pk, "version": version}})])

    page.clock.run_for(10_500)  # the page's watch asks the match's version
    expect(page.locator("#referee")).to_have_attribute("data-version", str(version))
    expect(games(page, "A")).to_have_text("1")
    expect(page.locator("#referee")).not_to_contain_text(ELSEWHERE)
