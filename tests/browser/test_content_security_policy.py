"""Under the site's Content-Security-Policy, in a real Chromium: nothing is blocked, and htmx's
polling and the referee keypad (boosted forms, swaps) work as before.

Every `securitypolicyviolation` event and every console message about the policy is
collected from before the first script runs, on every page the test opens.
"""

import uuid

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.tournaments.helpers import make_tournament
from tournaments import services as tournament_services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

LIVE = 15_000  # htmx polls every 5 s
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(
    `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
});
"""


@pytest.fixture
def watched(new_phone):
    """A phone whose pages report what the policy blocked: (page, report())."""
    def open_page():
        page = new_phone()
        page.add_init_script(WATCH)
        console = []
        page.on("console", lambda message: console.append(message.text)
                if "Content Security Policy" in message.text else None)

        def report():
            return console + page.evaluate("window.__violations || []")

        return page, report
    return open_page


def test_the_referee_keypad_and_the_live_scoreboard_work_with_nothing_blocked(
        watched, match, referee_link):
    spectator, spectator_report = watched()
    referee, referee_report = watched()
    spectator.goto(f"/m/{match.pk}/")
    board = spectator.locator("#scoreboard")
    expect(board.locator(".side-a [data-board-games]")).to_have_text("0")
    assert spectator.evaluate("typeof htmx") == "object"

    referee.goto(f"/r/{referee_link.token}/")
    expect(referee.locator("[data-pad]")).to_be_visible()  # shown by referee.js
    for digit in "95":
        referee.get_by_role("button", name=digit, exact=True).tap()
    expect(referee.locator("#id_points_b")).to_have_value("25")
    referee.get_by_role("button", name="Next: check the deal").tap()
    referee.get_by_role("button", name="Save the deal").tap()
    expect(referee.get_by_text("Deal saved.")).to_be_visible()

    # polled, not reloaded
    expect(board.locator(".side-a [data-board-games]")).to_have_text("2", timeout=LIVE)
    answer = referee.request.post(f"/api/v1/referee/{referee_link.token}/deals",
                                  data={"points": [0, 120], "flag": "B"},
                                  headers={"Idempotency-Key": str(uuid.uuid4())})
    assert answer.status == 201, answer.text()
    expect(board.locator(".side-b [data-board-games]")).to_have_text("4", timeout=LIVE)

    assert referee_report() == []
    assert spectator_report() == []


def test_the_tournament_pages_and_the_organisers_pages_load_with_nothing_blocked(
        watched, club, organiser, match):
    tournament = make_tournament(club, 4, tables_count=2)
    tournament_services.tournament_start(tournament=tournament)
    page, report = watched()
    public = [f"/t/{tournament.slug}/{part}" for part in
              ("", "bracket/", "standings/", "results/", "rounds/1/", "tv/")]
    for url in ["/", f"/c/{club.slug}/", f"/c/{club.slug}/tv/", *public, "/accounts/login/"]:
        response = page.goto(url)
        assert response.status == 200, url
        assert response.headers["content-security-policy"].startswith("default-src 'self'")

    page.get_by_label("Username").fill(organiser.username)
    page.get_by_label("Password").fill("a-long-test-password-42")
    page.get_by_role("button", name="Log in").last.click()
    page.wait_for_url("**/manage/")
    base = f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/"
    for url in [f"/manage/{club.slug}/", f"/manage/matches/{match.pk}/", base, f"{base}tables/",
                f"{base}tables/cards/"]:
        assert page.goto(url).status == 200, url
    with page.expect_response(lambda r: "/board/" in r.url and "hx-request" in r.request.headers,
                              timeout=LIVE) as poll:
        page.goto(f"{base}board/")
    assert poll.value.status in (200, 304)  # htmx polled the board's fragment
    assert report() == []
