"""After the server refuses a deal kept on the phone, the screen the phone shows is the server's,
even when it is slow to come: the service worker's kept copy is the screen the deal was
entered on, which the refusal just said is out of date (static/js/sw.js, offline.js)."""

import time

import pytest

from scoring.models import Match
from scoring.views import referee
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_offline_referee import (
    RETRY,
    back_online,
    keep_offline,
    other_phone_records,
    pending,
    refused,
)
from tests.browser.test_offline_referee_keeps_scoring import controlled
from tests.browser.test_referee_phone import games, type_points

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

LATE = 5  # seconds: longer than the worker waits for the network before its kept copy (4)


def slowly(usable):
    """The referee page's view, answering its GETs LATE seconds late."""
    def late(request, token):
        if request.method == "GET":
            time.sleep(LATE)
        return usable(request, token)
    return late


def test_the_screen_after_a_refusal_is_the_server_s_even_when_it_comes_late(
        phone, match, referee_link, monkeypatch):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()
    controlled(page)  # the worker keeps this screen: the match with no deal
    page.context.set_offline(True)
    type_points(page, "95")
    keep_offline(page)
    expect(pending(page)).to_contain_text("1 deal waiting to be sent")

    other_phone_records(match, {"points": [25, 95]})  # B 2 games, from the other phone
    monkeypatch.setattr(referee, "_usable", slowly(referee._usable))
    screen = back_online(page)

    refused(page, screen, "Another deal was recorded on this match meanwhile", match)
    expect(games(page, "B")).to_have_text("2", timeout=RETRY)
    expect(page.get_by_text("1 deal played")).to_be_visible()
    assert Match.objects.get(pk=match.pk).deals.count() == 1
