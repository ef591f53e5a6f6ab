"""On a 360 px phone, a partnership's private link says where it stands: on the waiting list
(its number, checked in, what next) and, once the tournament has started, its table and
opponent, brought by the page's poll without a reload, with buttons a thumb can press and
nothing wider than the screen."""

from playwright.sync_api import expect

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services
from tournaments.registration import services
from tournaments.registration.models import SignUp

TARGET = 44  # px


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_waiting_list_then_the_table_on_a_phone(new_phone, club, screenshot):
    tournament = open_tournament(club, cap=2, check_in=True)
    first, second = sign_up(tournament, 1), sign_up(tournament, 2)
    waiting = sign_up(tournament, 3, name_1="Maria João Albuquerque", name_2="Rosa Pires")
    phone = new_phone()
    phone.goto(waiting.get_absolute_url())
    phone.get_by_role("button", name="We are here").click()
    expect(phone.get_by_text("You are checked in, and on the waiting list at number 1."))\
        .to_be_visible()
    expect(phone.get_by_text("On the waiting list, number 1.")).to_be_visible()
    fits(phone)
    screenshot(phone, "waiting-checked-in")

    tournament_services.entry_remove(entry=SignUp.objects.get(pk=first.pk).entry)
    # no reload: the page's poll (every 5 s) brings the move up
    expect(phone.get_by_text("A place freed: you moved up from the waiting list")).to_be_visible(
        timeout=8000)
    expect(phone.get_by_text("Accepted, and checked in.")).to_be_visible()
    # the page was loaded again: the check-in's answer, of the waiting list, is gone
    expect(phone.get_by_text("You are checked in, and on the waiting list")).to_have_count(0)

    services.signup_check_in(signup=second)  # those here play
    tournament_services.tournament_start(tournament=tournament)
    place = phone.locator(".where-to-play")
    expect(place.get_by_text("Table ")).to_be_visible(timeout=8000)  # brought by the poll
    match = place.get_by_role("link", name="See the match")
    assert match.bounding_box()["height"] >= TARGET
    fits(phone)
    screenshot(phone, "where-to-play")
    match.click()
    phone.wait_for_url("**/m/*/")
