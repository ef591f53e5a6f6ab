"""A match whose deals a player of the other side confirms names that side on the screen made
on the phone with no connection, as the server's screen does ("Hand the phone to a player of
B to confirm", "B agrees: save"), where it said only "the other side"."""

import pytest

from scoring.models import Match
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_offline_referee import offline_at, queue
from tests.browser.test_referee_phone import tap, type_points

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


@pytest.mark.parametrize(("points", "confirmer"), [("95", "B"), ("30", "A")])
def test_the_side_given_no_games_is_asked_to_confirm(phone, match, referee_link, points,
                                                     confirmer):
    Match.objects.filter(pk=match.pk).update(confirm_by_opponent=True)
    page = phone
    offline_at(page, referee_link)
    type_points(page, points)
    tap(page, "Next: check the deal")
    screen = page.locator("[data-offline-screen]")
    expect(screen).to_contain_text(f"Hand the phone to a player of {confirmer} to confirm.")
    tap(page, f"{confirmer} agrees: save")
    expect(page.get_by_role("heading", name="Check the deal")).to_be_hidden()
    assert [item["confirmed"] for item in queue(page, referee_link)] == [True]
