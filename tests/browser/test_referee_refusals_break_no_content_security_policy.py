"""The referee page after a refused deal, in a real Chromium under the site's
Content-Security-Policy: nothing is blocked and nothing is styled inline, whether the refusal is
swapped in place (impossible points: 400; a finished match: 409), comes back as a message (a
stale save: 409), or answers a deal kept on the phone while the wifi was down.

Every console message about the policy and every `securitypolicyviolation` event counts, from
before the first script runs (the `watched` phone of test_content_security_policy.py)."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_content_security_policy import watched  # noqa: F401 (a fixture)
from tests.browser.test_offline_referee import (
    back_online,
    keep_offline,
    other_phone_records,
    pending,
    refused,
)
from tests.browser.test_referee_phone import tap, type_points

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

INLINE = "document.querySelectorAll('[style], style').length"


def test_refusals_in_place_and_as_messages_break_no_policy(watched, match, referee_link):  # noqa: F811
    page, report = watched()
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()

    page.get_by_text("Tricks and trump (optional)").tap()
    type_points(page, "95")
    page.locator("#id_tricks_a").fill("11")
    tap(page, "Next: check the deal")  # 400: the entry form again, the reason above it
    expect(page.locator("#referee .errorlist")).to_contain_text("Tricks")

    page.get_by_text("Tricks and trump (optional)").tap()  # closed in the page sent back
    page.locator("#id_tricks_a").fill("")
    tap(page, "Next: check the deal")
    expect(page.get_by_role("heading", name="Check the deal")).to_be_visible()
    other_phone_records(match, {"points": [70, 50]})
    tap(page, "Save the deal")  # 409: another deal came first; the page says so
    expect(page.get_by_text("Another deal was recorded on this match meanwhile.")).to_be_visible()

    other_phone_records(match, {"points": [0, 120], "flag": "B"})  # the match ends elsewhere
    type_points(page, "95")
    with page.expect_response(lambda answer: answer.status == 409):
        tap(page, "Next: check the deal")  # the finished match, swapped in place
    expect(page.get_by_text("The match is over. Thank you, referee!")).to_be_visible()

    assert page.evaluate(INLINE) == 0
    assert report() == []


def test_a_kept_deal_refused_when_the_wifi_is_back_breaks_no_policy(watched, match,  # noqa: F811
                                                                    referee_link):
    page, report = watched()
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()
    page.context.set_offline(True)
    type_points(page, "95")
    keep_offline(page)
    other_phone_records(match, {"points": [0, 120], "flag": "B"})
    screen = back_online(page)

    refused(page, screen, "This match is finished", match)
    expect(page.get_by_text("Finished: B wins the match.")).to_be_visible()  # reloaded by htmx
    tap(page, "Discard this deal")
    expect(pending(page)).to_be_hidden()

    assert page.evaluate(INLINE) == 0
    assert report() == []
