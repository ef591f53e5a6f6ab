"""The organiser's sign-ups and check-in pages on a 360x740 phone: each radio of "Who signed
up?" beside its own words; each "Approve" and "Check in" swaps the list in place and brings
the organiser to the next row waiting, with the answer said there, however far down it is.
Screenshots of the sign-ups page, the door's list and the club page."""

from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.conftest import make_partnership
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration import services
from tournaments.registration.models import door_token


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size[
        "height"]


def test_each_radio_sits_beside_its_own_words(phone, club, organiser, screenshot):
    make_partnership(club, "Ana Sousa", "Bruno Lima")
    tournament = open_tournament(club)
    services.signup_create(tournament=tournament, names=["Ana Sousa", "Zé Novo"])
    log_in(phone, organiser)
    phone.goto(f"/manage/{club.slug}/tournaments/{tournament.slug}/sign-ups/")
    for words in ("The club's player Ana Sousa", "Someone else, called:"):
        label = phone.locator(".confirm-players label", has_text=words)
        radio, text = label.locator("input[type=radio]"), label.locator("span")
        radio_box, text_box, label_box = (radio.bounding_box(), text.bounding_box(),
                                          label.bounding_box())
        middle = radio_box["y"] + radio_box["height"] / 2
        assert text_box["y"] <= middle <= text_box["y"] + text_box["height"], words
        assert label_box["height"] >= 44, words  # the whole line is the tap target
    phone.get_by_text("Someone else, called:").click()
    expect(phone.get_by_role("radio", name="Someone else, called:")).to_be_checked()
    screenshot(phone, "sign-ups")


def test_approving_ten_in_a_row_lands_each_time_on_the_next(phone, club, organiser, screenshot):
    tournament = open_tournament(club, approval=True, check_in=True)
    signups = [sign_up(tournament, n) for n in range(1, 11)]
    log_in(phone, organiser)
    phone.goto(f"/manage/{club.slug}/tournaments/{tournament.slug}/sign-ups/")
    for signup, following in zip(signups[5:7], signups[6:8], strict=True):
        phone.locator(f"#signup-{signup.pk}").get_by_role("button", name="Approve").click()
        landed = phone.locator(f"#signup-{following.pk} #landed")
        expect(landed).to_contain_text(f"Jogador {signups.index(signup) + 1}a")
        assert phone.evaluate("window.scrollY") > 0 and in_view(phone, landed)
        assert "?at=" not in phone.url  # swapped in place, no reload
    screenshot(phone, "sign-ups-approved")

    phone.goto(f"/manage/{club.slug}/tournaments/{tournament.slug}/check-in/")
    rows = phone.locator("#check-in-board .presence-list li")
    rows.last.get_by_role("button", name="Check in").click()
    landed = phone.locator("#check-in-board #landed")
    expect(landed).to_contain_text("checked in.")
    assert in_view(phone, landed)
    screenshot(phone, "check-in-board")


def test_the_door_list_and_the_club_page(phone, club, screenshot):
    tournament = open_tournament(club, check_in=True)
    for n in range(1, 5):
        sign_up(tournament, n)
    phone.goto(f"/t/{tournament.slug}/door/{door_token(tournament)}/")
    expect(phone.locator(".door-row").first).to_be_visible()
    screenshot(phone, "door")
    phone.goto(f"/c/{club.slug}/")
    sign_up_link = phone.get_by_role("link", name="Sign up")
    expect(sign_up_link).to_be_visible()
    screenshot(phone, "club")
    sign_up_link.click()
    expect(phone.get_by_role("heading", name="Sign up")).to_be_visible()
