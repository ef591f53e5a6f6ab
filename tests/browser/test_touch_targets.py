"""At a phone's 360 px width the referee page has big targets and no sideways scrolling; on the
spectators' pages every link that is a tap target of its own (the bar's, a breadcrumb, a list's
row, a standings sort header, a partnership's name in the fixtures) is 44 px high at least."""

import pytest

from scoring import engine, services
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_league_on_a_phone import league_in_its_second_week
from tests.conftest import make_club, make_match, make_partnership
from tests.tournaments.helpers import in_play, play
from tests.tournaments.public_helpers import swiss

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

PHONE_WIDTH = 360
MIN_TARGET = 48  # px, the usual minimum for a finger
SPECTATOR_TARGET = 44  # px, WCAG's enhanced target size, for the pages spectators read
TARGETS = "a, button, input:not([type=hidden]), select, summary"
# What a finger hits: the element's box or, for a link stretched over its card by an absolute
# ::after (a pairing's "scoreboard"), the card's. The skip link shows only to a keyboard.
HIT_BOXES = """(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => !el.matches('.skip') && el.getClientRects().length)
  .map((el) => {
    const after = getComputedStyle(el, '::after');
    const hit = after.content !== 'none' && after.position === 'absolute' ? el.offsetParent : el;
    return {html: el.outerHTML.slice(0, 80), height: Math.round(hit.getBoundingClientRect().height)};
  })"""


@pytest.fixture
def long_names_link(organiser):
    """Real Portuguese names are long: the layout must still fit."""
    club = make_club("associacao-recreativa", organiser)
    a = make_partnership(club, "Maria da Conceição Albuquerque", "José Manuel Vasconcelos")
    b = make_partnership(club, "Ana Filipa Magalhães", "Francisco Xavier Bettencourt")
    match = make_match(club, a, b)
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [70, 50]}),
                         key="first-deal")  # so that the undo link shows too
    return match.referee_links.get()


def too_small(page, scope: str) -> list[str]:
    small = []
    for target in page.locator(scope).locator(TARGETS).all():
        box = target.bounding_box()
        if box is None or box["height"] < MIN_TARGET:
            small.append(f"{target.evaluate('e => e.outerHTML.slice(0, 80)')}: {box}")
    return small


def scroll_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_every_referee_control_is_big_enough_and_nothing_overflows(phone, long_names_link,
                                                                    screenshot):
    page = phone
    page.goto(f"/r/{long_names_link.token}/")
    page.get_by_text("Who sits where").tap()
    page.get_by_text("Tricks and trump (optional)").tap()
    page.get_by_text("Wrong dealer? Change who deals now").tap()
    expect(page.locator("#id_trump")).to_be_visible()
    screenshot(page, "referee")
    assert page.locator("form.entry").locator(TARGETS).count() >= 20
    assert too_small(page, "#referee") == []
    assert scroll_width(page) <= PHONE_WIDTH

    page.get_by_role("button", name="Flag B").tap()
    expect(page.get_by_role("heading", name="Check the deal")).to_be_visible()
    screenshot(page, "confirm")
    assert too_small(page, "#referee") == []
    assert scroll_width(page) <= PHONE_WIDTH


@pytest.fixture
def spectator_pages(club, match):
    """Every kind of page a spectator opens on a phone: the club's, a scoreboard, a Swiss
    tournament with a finished match (standings, round, results) and a league's fixtures."""
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [70, 50]}),
                         key="a-deal")
    tournament = swiss(club, size=4, rounds=2)
    play(in_play(tournament)[0], "A")
    league = league_in_its_second_week(club)
    base, season = f"/t/{tournament.slug}/", f"/t/{league.slug}/"
    return ["/", "/live/", f"/c/{club.slug}/", f"/c/{club.slug}/live/", f"/c/{club.slug}/ladder/",
            f"/m/{match.pk}/", base, f"{base}standings/", f"{base}rounds/1/", f"{base}results/",
            season, f"{season}standings/", f"{season}fixtures/",
            f"{season}partnerships/{league.entries.first().pk}/"]


def under_44px(page, urls: list[str], targets: str) -> tuple[list[str], int]:
    """The `targets` of each page lower than 44 px, and how many targets were seen; every page
    one phone wide."""
    small, seen = [], 0
    for url in urls:
        assert page.goto(url).status == 200, url
        boxes = page.evaluate(HIT_BOXES, targets)
        seen += len(boxes)
        small += [f"{url}: {box['html']} is {box['height']}px" for box in boxes
                  if box["height"] < SPECTATOR_TARGET]
        assert scroll_width(page) <= PHONE_WIDTH, url
    return small, seen


def test_every_spectator_link_on_its_own_is_a_44px_target(phone, spectator_pages, screenshot):
    small, seen = under_44px(phone, spectator_pages, TARGETS)
    screenshot(phone, "partnership")
    assert seen > 100
    assert small == []


# A link that is a paragraph's first word (a back link, "Match page", "Referee link") or a
# pairing's, and a radio button's label.
ORGANISER_TARGETS = ("p:not(.muted) > a:first-child:not(.button), .pairing a:not(.button), "
                     "label:has(> input[type=radio])")


def test_the_organisers_links_of_their_own_and_radio_buttons_are_44px_targets(
        phone, organiser, club, match):
    """On a phone the organiser's back links ("← Club"), "Match page", "Referee link", "Change the
    name, place or dates" and a tournament's structure choices are 44 px high, where they were a
    line of text (18 to 37 px)."""
    from tests.browser.conftest import log_in
    from tests.browser.test_accessibility import running_tournament
    from tests.tournaments.registration.helpers import open_tournament

    tournament, draft = running_tournament(club), open_tournament(club)
    log_in(phone, organiser)
    base = f"/manage/{club.slug}/tournaments/{tournament.slug}/"
    signups = f"/manage/{club.slug}/tournaments/{draft.slug}/sign-ups/"
    pages = [f"/manage/{club.slug}/settings/", f"/manage/{club.slug}/partnerships/bulk/",
             f"/manage/{club.slug}/players/{match.a.players[0].pk}/",
             f"/manage/{club.slug}/tournaments/", base, f"{base}edit/", f"{base}tables/",
             f"{base}board/", signups, signups.replace("sign-ups/", "check-in/")]
    small, seen = under_44px(phone, pages, ORGANISER_TARGETS)
    assert seen >= 20
    assert small == []
