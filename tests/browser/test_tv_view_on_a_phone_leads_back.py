"""A phone that opens a TV view (the tournament's or the club's) finds a way back under it:
the TV turns its screens by itself and has no header. A TV shows none of it."""

import re

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_touch_targets import MIN_TARGET
from tests.tournaments.public_helpers import swiss

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_the_tv_views_lead_a_phone_back_and_show_a_tv_nothing(new_phone, club):
    tournament = swiss(club, size=4, rounds=2)
    for path, back, title in ((f"/t/{tournament.slug}/tv/", f"/t/{tournament.slug}/",
                               tournament.name), (f"/c/{club.slug}/tv/", f"/c/{club.slug}/",
                                                  club.name)):
        phone = new_phone()
        phone.goto(path)
        leave = phone.get_by_role("link", name=f"← {title}")
        expect(leave).to_be_visible()
        assert leave.bounding_box()["height"] >= MIN_TARGET
        leave.tap()
        expect(phone).to_have_url(re.compile(re.escape(back) + "$"))

        tv = new_phone(viewport={"width": 1920, "height": 1080}, is_mobile=False,
                       has_touch=False)
        tv.goto(path)
        expect(tv.locator("#tv")).to_be_visible()
        expect(tv.get_by_role("link", name=f"← {title}")).to_be_hidden()
