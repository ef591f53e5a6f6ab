"""Who deals first, tapped on the table's phone, in a real Chromium under the site's
Content-Security-Policy: nothing is blocked on the referee's phone, nor on the tournament's TV
that shows the table. The TV, zoomed out to fit a small screen (static/js/tv-fit.js sets its
#tv's zoom), swaps in the new screen at its next poll: htmx's settle used to copy the old
screen's style attribute onto the new one, which the policy refused at every swap. Nor when
the choice is kept on the phone offline (static/js/offline.js), shown, then sent.

Every console message about the policy and every `securitypolicyviolation` event counts, from
before the first script runs (the `watched` phone of test_content_security_policy.py)."""

import pytest

from scoring.models import RefereeLink
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_content_security_policy import watched  # noqa: F401 (a fixture)
from tests.browser.test_offline_referee import RETRY
from tests.tournaments.helpers import in_play, make_tournament
from tournaments import services as tournament_services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

A_POLL = 12_000  # the TV's tables alone (?page=1) ask again every tv.POLL_SECONDS (5 s)
INLINE = "document.querySelectorAll('[style]:not(#tv), style').length"


def test_choosing_who_deals_first_breaks_no_policy_on_the_phone_or_the_tv(watched, club):  # noqa: F811
    tournament = make_tournament(club, 4, tables_count=2)
    tournament_services.tournament_start(tournament=tournament)
    match = in_play(tournament)[0].match
    link = RefereeLink.objects.get(match=match)

    tv, tv_report = watched()
    tv.set_viewport_size({"width": 480, "height": 270})  # a small screen: the TV is zoomed out
    tv.goto(f"/t/{tournament.slug}/tv/?page=1")
    expect(tv.locator(f'.tv-tile[data-match="{match.pk}"]')).to_be_visible()
    tv.wait_for_load_state("load")
    assert 0 < float(tv.evaluate("document.getElementById('tv').style.zoom") or 1) < 1

    phone, phone_report = watched()
    phone.goto(f"/r/{link.token}/")
    expect(phone.locator("[data-pad]")).to_be_visible()
    seat = match.players[1].name
    with tv.expect_response(lambda answer: "/tv/" in answer.url and answer.status == 200,
                            timeout=A_POLL):
        phone.locator("#first-dealer").get_by_role("button", name=seat).tap()
        expect(phone.locator("[data-board-turn]")).to_contain_text(f"{seat} deals;")
    expect(phone.get_by_text(f"{seat} deals first;")).to_be_visible()
    tv.wait_for_timeout(500)  # the swap and its settle (20 ms), then tv-fit.js again
    assert 0 < float(tv.evaluate("document.getElementById('tv').style.zoom") or 1) < 1

    assert phone.evaluate(INLINE) == 0
    assert tv.evaluate(INLINE) == 0
    assert phone_report() == []
    assert tv_report() == []


def test_who_deals_first_kept_offline_then_sent_breaks_no_policy(watched, match,  # noqa: F811
                                                                  referee_link):
    page, report = watched()
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()
    page.context.set_offline(True)
    page.locator("#first-dealer").get_by_role("button", name="Carla Dias").tap()
    expect(page.locator("[data-board-turn]")).to_have_text("Carla Dias deals; Ana Silva leads.")
    page.context.set_offline(False)
    expect(page.locator("#pending")).to_contain_text("Who deals first was sent.", timeout=RETRY)

    assert page.evaluate(INLINE) == 0
    assert report() == []
