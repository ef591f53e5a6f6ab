"""On a 360 px phone, the sign-up page's places left follow the sign-ups without a reload,
and when the tournament starts the poll says sign-up is closed and the form goes."""

from playwright.sync_api import expect

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services

POLL = 8000  # ms: a poll every 5 s


def test_the_places_left_then_the_start_without_a_reload(new_phone, club, screenshot):
    tournament = open_tournament(club, cap=3)
    sign_up(tournament, 1)
    phone = new_phone()
    phone.goto(f"/t/{tournament.slug}/sign-up/")
    expect(phone.get_by_text("2 places left")).to_be_visible()

    sign_up(tournament, 2)
    sign_up(tournament, 3)
    expect(phone.get_by_text("Full: new sign-ups go on the waiting list.")).to_be_visible(
        timeout=POLL)
    expect(phone.get_by_role("button", name="Sign up")).to_be_visible()
    screenshot(phone, "full")

    tournament_services.tournament_start(tournament=tournament)
    expect(phone.get_by_text("The tournament has started: sign-up is closed.")).to_be_visible(
        timeout=POLL)
    expect(phone.get_by_role("button", name="Sign up")).to_have_count(0)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(phone, "closed")
