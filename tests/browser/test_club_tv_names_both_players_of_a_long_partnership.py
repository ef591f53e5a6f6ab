"""A partnership with a long player's name was cut by an ellipsis on the café TV ("Maria da
Conceição Gonçalves Araújo …", "✓ Maria da Conceição…"): its partner was never shown. At
1920x1080 and at 1280x720, in play, as the winner of a final score and as the loser, both
players are named, on two lines at most, in smaller letters if need be, inside the tile; the
dealer's whole name shows where its line holds it."""

import pytest

from scoring import engine, services
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_tv_grid_fits_a_big_screen import club_with_live_matches
from tests.conftest import make_match, make_partnership

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

LONG = "Maria da Conceição Gonçalves Araújo"
PARTNER = "Ana Rodrigues"
DEALER = "Eva Maria Sousa Pereira"
SCREENS = {"1920x1080": (1920, 1080), "1280x720": (1280, 720)}


def play(match, *points) -> None:
    for number, deal in enumerate(points):
        services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": deal}),
                             key=f"{match.pk}-{number}")


def names(page) -> list[dict]:
    """Every name on the TV: its text, whether it is cut (wider than its box, or an ellipsis),
    its lines, its font and the room left under it in its tile."""
    return page.evaluate("""() => [...document.querySelectorAll('.tv-name')].map((el) => {
      const range = document.createRange(); range.selectNodeContents(el);
      const text = range.getBoundingClientRect(), tile = el.closest('.tv-tile');
      const style = getComputedStyle(el), border = parseFloat(getComputedStyle(tile).borderBottomWidth);
      return {text: el.textContent, cut: el.scrollWidth > el.clientWidth
                || el.scrollHeight > el.clientHeight + 1 || el.textContent.includes('…'),
              lines: Math.round(text.height / parseFloat(style.lineHeight)),
              px: parseFloat(style.fontSize),
              room: tile.getBoundingClientRect().bottom - border - text.bottom};
    })""")


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("locale", ["en-GB", "pt-PT"])
def test_both_players_of_a_long_partnership_are_named_in_play_won_and_lost(
        new_phone, club, screen, locale, screenshot):
    club_with_live_matches(club, 13)
    long = make_partnership(club, LONG, PARTNER)
    other = make_partnership(club, DEALER, "Rui Martins")
    fixed = {"type": "fixed_deals", "deals": 4}
    make_match(club, long, other, fmt=fixed, first_dealer=1)  # in play, DEALER deals
    play(make_match(club, long, other, fmt=fixed), *[[89, 31], [55, 65]] * 2)  # won on points
    play(make_match(club, other, long, fmt=fixed), *[[89, 31]] * 4)  # lost
    width, height = SCREENS[screen]
    tv = new_phone(viewport={"width": width, "height": height}, is_mobile=False,
                   has_touch=False, locale=locale)
    tv.goto(f"/c/{club.slug}/tv/")
    expect(tv.locator(".tv-tile")).to_have_count(16)
    screenshot(tv, f"long-partnership-{screen}")

    shown = names(tv)
    partnership = [name for name in shown if LONG in name["text"]]
    assert len(partnership) == 3, shown
    for name in partnership:
        assert PARTNER in name["text"] and not name["cut"], name
        assert name["lines"] <= 2 and name["px"] >= 10, name
    assert sum(name["text"].startswith("✓") for name in partnership) == 1
    assert all(name["room"] >= 2 for name in shown), [n for n in shown if n["room"] < 2]
    if (screen, locale) == ("1920x1080", "en-GB"):  # was cut after 22 letters, room or not
        expect(tv.locator(".tv-dealer")).to_contain_text([f"{DEALER} deals"])
        dealer = tv.locator(".tv-dealer .gives-way", has_text=DEALER)
        assert dealer.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the whole name fits"
