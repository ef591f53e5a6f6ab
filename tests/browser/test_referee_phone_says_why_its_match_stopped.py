"""A table's phone whose match stops because a partnership withdrew: at a phone's size, the
next tap lands on the waiting page, which says who withdrew and who has the walkover, in view
beside "Waiting for the next match"; the table's next match then comes by itself, without it."""

import uuid

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.tournaments.helpers import in_play, make_tournament, play, post_deal
from tournaments import services
from tournaments.models import Pairing

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_the_phone_says_why_its_match_stopped_until_the_next_one_comes(phone, club,
                                                                        screenshot):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    first, other = in_play(tournament)
    token = first.table.link.token
    post_deal(token, str(uuid.uuid4()), {"points": [80, 40]})
    page = phone
    page.goto(f"/r/{token}/")
    expect(page.locator("#referee")).to_have_attribute("data-match", str(first.match_id))

    services.entry_withdraw(entry=first.b)  # the organiser, on another device
    page.locator("#id_points_a").fill("70")
    page.get_by_role("button", name="Next: check the deal", exact=True).tap()

    expect(page.get_by_role("heading", name="Waiting for the next match")).to_be_visible()
    a, b = first.a.partnership.display_name, first.b.partnership.display_name
    said = page.locator("[data-stopped]")
    expect(said).to_have_text(f"The match {a} – {b} stopped: {b} withdrew from the tournament, "
                              f"and {a} has the walkover. The deals played are kept.")
    expect(said).to_be_in_viewport()
    screenshot(page, "stopped")

    play(Pairing.objects.select_related("match").get(pk=other.pk), "A")  # the final comes here
    final = Pairing.objects.get(round__tournament=tournament, round__code="final")
    expect(page.locator("#referee")).to_have_attribute("data-match", str(final.match_id),
                                                        timeout=12_000)
    expect(page.locator("[data-stopped]")).to_have_count(0)
    screenshot(page, "next-match")
