"""An organiser whose next round cannot be drawn sees why at the top of the tournament page,
on a phone and on a laptop, and goes on with one tap; the action log says what was done."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.conftest import PASSWORD
from tests.tournaments.helpers import make_tournament, play
from tournaments import services
from tournaments.models import Pairing

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


@pytest.fixture
def stuck(club, organiser):
    """A Swiss of six over three rounds, its first round played."""
    tournament = make_tournament(club, 6, structure="rounds", tables_count=3, rounds_count=3,
                                 fmt={"type": "first_to", "target": 1})
    services.tournament_start(tournament=tournament, by=organiser)
    for pairing in Pairing.objects.filter(round__tournament=tournament, finished=False):
        play(pairing, "A")
    return tournament


@pytest.mark.parametrize("size", [(360, 740), (1920, 1080)], ids=["phone", "laptop"])
def test_the_organiser_sees_why_and_allows_a_rematch_in_one_tap(browser, live_server, stuck,
                                                                organiser, screenshot, size,
                                                                monkeypatch):
    from tournaments.services import TournamentRefused, draws

    def refuse(*args, **kwargs):
        raise TournamentRefused("No Swiss pairing is left without a rematch.")

    with monkeypatch.context() as no_way:
        no_way.setattr(draws, "draw_next_round", refuse)
        for pairing in Pairing.objects.filter(round__tournament=stuck, finished=False):
            play(pairing, "A")
    stuck.refresh_from_db()
    assert stuck.draw_problem

    context = browser.new_context(base_url=live_server.url,
                                  viewport={"width": size[0], "height": size[1]},
                                  is_mobile=size[0] < 500, has_touch=size[0] < 500,
                                  locale="en-GB")
    page = context.new_page()
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(organiser.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").last.click()
    page.goto(f"/manage/{stuck.club.slug}/tournaments/{stuck.slug}/")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("The next round could not be drawn")
    expect(alert).to_contain_text("No Swiss pairing is left without a rematch.")
    box = alert.get_by_role("button", name="Allow the least-bad rematch and draw").bounding_box()
    assert box and box["y"] + box["height"] <= size[1]  # on the first screen, no scroll
    screenshot(page, "draw-problem")

    alert.get_by_role("button", name="Allow the least-bad rematch and draw").click()
    expect(page.get_by_text("The next round is drawn, with the fewest rematches possible."))\
        .to_be_visible()
    expect(page.get_by_role("alert")).to_have_count(0)
    page.locator("#actions summary").click()
    expect(page.locator("#actions")).to_contain_text("allowed a rematch")
    screenshot(page, "rematch-drawn")
    context.close()
    stuck.refresh_from_db()
    assert stuck.rounds.count() == 3 and stuck.draw_problem == ""
