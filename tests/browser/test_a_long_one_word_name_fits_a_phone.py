"""A partnership named with one long word ("OsInvencíveisDaTascaDoZé…") breaks inside the
scoreboard's heading and its side card on a 360 px phone, where it was cut ("OsInvencíveisDaT")
or made the page 1,387 px wide."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT

pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT)

LONG = "OsInvencíveisDaTascaDoZé" * 5


def test_the_scoreboard_keeps_to_the_phones_width(phone, match):
    match.a.name = LONG
    match.a.save()
    phone.goto(f"/m/{match.pk}/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    side = phone.locator(".board .side-a .team")
    assert side.evaluate("e => e.scrollWidth <= e.clientWidth")
