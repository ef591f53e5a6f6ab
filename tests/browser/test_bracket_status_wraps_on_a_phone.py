"""A bracket's match says why it ended in full on a phone (360x740, Portuguese): a double
forfeit's long status wraps over as many lines as it takes, no line cut or half shown."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.tournaments.helpers import final_neither_came

pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT)

# Match footers whose text runs past their box (clamped, or a line cut by the box's edge).
CUT = """() => [...document.querySelectorAll('.bm-foot')]
  .filter((el) => el.scrollHeight > el.clientHeight + 1)
  .map((el) => el.textContent.trim())"""


def test_a_double_forfeit_in_the_bracket_wraps_whole_on_a_phone(new_phone, live_server, club,
                                                               screenshot):
    tournament, _final, _third = final_neither_came(club)
    phone = new_phone()
    phone.context.add_cookies([{"name": "django_language", "value": "pt-pt",
                                "url": live_server.url}])
    phone.goto(f"/t/{tournament.slug}/bracket/")
    forfeit = phone.locator(".bm.forfeit .bm-foot")
    assert "nenhuma equipa jogou" in forfeit.inner_text()
    assert phone.evaluate(CUT) == []
    forfeit.scroll_into_view_if_needed()
    screenshot(phone, "phone")
