"""After the site refuses the points typed (119, or points the tricks rule out), the next digit
on the keypad starts the number again and the refusal goes: the referee typed 45, was refused,
then typed 38 and saw "453 is more than 120" with 45 still in the box."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_offline_referee import offline_at
from tests.browser.test_referee_phone import tap, type_points

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


@pytest.mark.parametrize("offline", [False, True])
def test_the_next_digit_after_a_refusal_starts_a_new_number(phone, referee_link, offline):
    page = phone
    if offline:
        offline_at(page, referee_link)
    else:
        page.goto(f"/r/{referee_link.token}/")
    type_points(page, "119")
    tap(page, "Next: check the deal")
    refusal = page.locator("#referee form[data-offline=entry] .errorlist, "
                           "#referee form[data-offline=entry] [data-offline-error]")
    expect(refusal.first).to_be_visible()
    expect(page.locator("#id_points_a")).to_have_value("119")
    type_points(page, "38")
    expect(page.locator("#id_points_a")).to_have_value("38")
    expect(page.locator("#id_points_b")).to_have_value("82")
    expect(refusal).to_have_count(0)
    expect(page.locator("[data-pad-note]")).to_have_text("")
