"""The door's check-in list left open on the volunteer's phone, at a phone's size: a
partnership that checks in from its own phone shows "here" within a poll, with no reload; and
while something in the list is open under the volunteer's finger (a details, a field with
focus: the list has none of its own today, so the test puts them there as any later one would
be), the poll waits, and brings the news once it is closed."""

from playwright.sync_api import expect

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration import services
from tournaments.registration.models import door_token

POLL = 12_000  # two polls and a margin


def row(door, name: str):
    return door.locator("#door-live li").filter(has_text=name)


def test_the_door_list_follows_the_check_ins_and_waits_for_the_finger(phone, club, screenshot):
    tournament = open_tournament(club, cap=4, check_in=True)
    signups = [sign_up(tournament, n, name_1=first, name_2=second) for n, (first, second)
               in enumerate([("Ana Sousa", "Bruno Lima"), ("Carla Dias", "Duarte Faria"),
                             ("Eva Rocha", "Filipe Sousa")])]
    errors = []
    door = phone
    door.on("console", lambda message: message.type == "error" and errors.append(message.text))
    door.goto(f"/t/{tournament.slug}/door/{door_token(tournament)}/")
    expect(row(door, "Ana Sousa & Bruno Lima")).not_to_contain_text("here")

    services.signup_check_in(signup=signups[0])  # from its own private link
    expect(row(door, "Ana Sousa & Bruno Lima")).to_contain_text("✓ here", timeout=POLL)
    screenshot(door, "door-live")

    door.evaluate("""() => {
        const list = document.querySelector('#door-live');
        list.insertAdjacentHTML('beforeend',
            '<details open data-test-open><summary>More</summary><p>…</p></details>'
            + '<input aria-label="Find" data-test-field>');
    }""")
    services.signup_check_in(signup=signups[1])
    door.wait_for_timeout(7_000)  # a poll came and went: held while the details is open
    expect(door.locator("[data-test-open]")).to_have_count(1)
    expect(row(door, "Carla Dias & Duarte Faria")).not_to_contain_text("here")

    door.locator("[data-test-open] summary").click()  # closed, its field focused instead
    door.locator("[data-test-field]").focus()
    door.wait_for_timeout(7_000)
    expect(door.locator("[data-test-field]")).to_be_focused()
    expect(row(door, "Carla Dias & Duarte Faria")).not_to_contain_text("here")

    door.locator("[data-test-field]").blur()
    expect(row(door, "Carla Dias & Duarte Faria")).to_contain_text("✓ here", timeout=POLL)
    expect(door.locator("[data-test-open], [data-test-field]")).to_have_count(0)  # as made
    screenshot(door, "door-after")
    assert errors == []
