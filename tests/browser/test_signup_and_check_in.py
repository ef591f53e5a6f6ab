"""A partnership signs up on a phone, keeps its private link, checks in at the door; the
organiser sees it live on the check-in board and starts with those here."""

from playwright.sync_api import expect

from tests.conftest import PASSWORD
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.models import Tournament
from tournaments.registration.models import door_token


def test_sign_up_then_private_link_then_check_in_then_the_organiser_starts(
        new_phone, club, organiser, screenshot):
    tournament = open_tournament(club, cap=3, check_in=True)
    others = [sign_up(tournament, n, name_1=name_1, name_2=name_2) for n, (name_1, name_2)
              in enumerate([("Carla Dias", "Duarte Faria"), ("Eva Rocha", "Filipe Sousa")])]
    player = new_phone()
    player.goto(f"/t/{tournament.slug}/sign-up/")
    player.get_by_label("First player").fill("Ana Sousa")
    player.get_by_label("Second player").fill("Bruno Lima")
    player.get_by_label("Phone or email (optional)").fill("912 345 678")
    screenshot(player, "sign-up")
    player.get_by_role("button", name="Sign up").click()
    expect(player.get_by_text("Accepted: you are in the tournament.")).to_be_visible()
    private_link = player.url
    assert "/entry/" in private_link
    screenshot(player, "private-link")

    player.goto(private_link)
    player.get_by_role("button", name="We are here").click()
    expect(player.get_by_text("Accepted, and checked in.")).to_be_visible()

    door = new_phone()
    door.goto(f"/t/{tournament.slug}/door/{door_token(tournament)}/")
    door.get_by_role("link", name="Carla Dias & Duarte Faria").click()
    door.get_by_role("button", name="We are here").click()
    expect(door.get_by_text("you are checked in")).to_be_visible()
    screenshot(door, "door")

    desk = new_phone()
    desk.goto("/accounts/login/")
    desk.get_by_label("Username").fill(organiser.username)
    desk.get_by_label("Password").fill(PASSWORD)
    desk.get_by_role("button", name="Log in").last.click()
    desk.wait_for_url("**/manage/")
    desk.goto(f"/manage/{club.slug}/tournaments/{tournament.slug}/check-in/")
    board = desk.locator("#check-in-board")
    expect(board.locator(".count.here")).to_have_text("2")
    # Eva & Filipe check in from their link while the board is open: the poll shows it.
    others[1].refresh_from_db()
    player.goto(others[1].get_absolute_url())
    player.get_by_role("button", name="We are here").click()
    expect(board.locator(".count.here")).to_have_text("3", timeout=12_000)
    screenshot(desk, "check-in-board")
    desk.get_by_role("button", name="Start with those here and draw round 1").click()
    expect(desk.get_by_text("Round 1 is drawn")).to_be_visible()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert tournament.entries.count() == 3


def test_a_refused_sign_up_takes_focus_to_its_errors_which_lead_to_the_field(phone, club):
    tournament = open_tournament(club)
    phone.goto(f"/t/{tournament.slug}/sign-up/")
    phone.get_by_label("First player").fill("   ")  # past the browser's check, not the site's
    phone.get_by_label("Second player").fill("Bruno Lima")
    phone.get_by_role("button", name="Sign up").click()
    errors = phone.get_by_role("alert")
    expect(errors).to_be_focused()  # a screen reader says them as the page opens
    errors.get_by_role("link", name="First player: This field is required.").click()
    expect(phone.get_by_label("First player")).to_be_focused()
    expect(phone.get_by_label("First player")).to_have_accessible_description(
        "This field is required.")


def test_a_refused_name_correction_is_said_in_its_open_panel(phone, club):
    signup = sign_up(open_tournament(club), 1, name_1="Ana Sousa", name_2="Bruno Lima")
    phone.goto(signup.get_absolute_url())
    phone.get_by_text("Correct a name").click()
    phone.get_by_label("Second player").fill("   ")
    phone.get_by_role("button", name="Save the names").click()
    errors = phone.get_by_role("alert")
    expect(errors).to_be_focused()
    expect(errors).to_contain_text("Second player: This field is required.")
    expect(phone.get_by_label("Second player")).to_be_visible()  # the panel stayed open
