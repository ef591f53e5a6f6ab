"""The club TV at 1920x1080 with long names, in English and in Portuguese: each tournament table
is named by its tournament, shortened after a whole word; a long format shows whole; a long
dealer's name ends in an ellipsis and "deals" stays whole; the head takes two lines at most,
and the names, game sets and scores stay inside their tiles."""

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.models import Match
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_tv_grid_fits_a_big_screen import TV, assert_fits, measure
from tests.conftest import make_match, make_partnership
from tests.tournaments.helpers import in_play, record
from tests.tournaments.public_helpers import swiss
from tournaments.models import Tournament

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

EVENT = "Grande Torneio de Sueca de Natal do Café Central"
LONG = "Maria da Conceição Vasconcelos Albuquerque"
SETS = {"type": "partidas", "target": 4, "to_win": 2}  # "First to 2 game sets of 4 games"


def heads(page) -> list[dict]:
    """Each tile's head: how many lines it takes, its note and dealer, and what of them
    overflows its box (cut by the ellipsis)."""
    return page.evaluate("""() => [...document.querySelectorAll('.tv-tile-head')].map((head) => {
      const cut = (el) => el.scrollWidth > el.clientWidth;
      const style = getComputedStyle(head);
      const inner = head.clientHeight - parseFloat(style.paddingTop)
        - parseFloat(style.paddingBottom);
      const note = head.querySelector('.tv-note'), dealer = head.querySelector('.tv-dealer');
      return {lines: Math.round(inner / parseFloat(style.lineHeight)), note: note.textContent,
              noteCut: cut(note), dealer: dealer.textContent, dealerCut: cut(dealer),
              nameCut: cut(dealer.querySelector('.gives-way'))};
    })""")


@pytest.fixture
def long_names(club):
    """Sixteen tables: eight of a tournament with a long name, eight friendlies to game sets
    whose next dealer has a long name."""
    tournament = swiss(club, size=16, rounds=3)
    Tournament.objects.filter(pk=tournament.pk).update(name=EVENT)
    for pairing in in_play(tournament)[::2]:
        record(pairing.match, {"points": [70, 50]})
    for i in range(8):
        a = make_partnership(club, f"{LONG} {i}", f"Rita Sousa {i}")
        b = make_partnership(club, f"Teresa Gonçalves {i}", f"Hugo Carvalho {i}")
        make_match(club, a, b, fmt=SETS)
    Match.objects.update(updated_at=timezone.now() - timedelta(minutes=1))  # none highlighted


@pytest.mark.parametrize("locale", ["en-GB", "pt-PT"])
def test_long_tournaments_formats_and_dealers_fit_their_tiles(new_phone, club, long_names, locale,
                                                              screenshot):
    tv = new_phone(**TV, locale=locale)
    tv.goto(f"/c/{club.slug}/tv/")
    expect(tv.locator(".tv-tile")).to_have_count(16)
    assert_fits(measure(tv), 16)
    screenshot(tv, "club-tv-long-names")

    shown = heads(tv)
    assert all(head["lines"] <= 2 for head in shown), shown
    tournament, friendly = shown[:8], shown[8:]
    assert {head["note"] for head in tournament} == {"Grande Torneio…"}
    assert not any(head["noteCut"] or head["dealerCut"] for head in shown), shown
    assert all(head["dealer"].startswith("Maria da Conceição… ") for head in friendly), friendly
    expect(tv.locator(".tv-tile").first.locator(".tv-table")).to_contain_text("1")
    expect(tv.locator(".tv-tile").last.locator(".tv-sets")).to_contain_text(["0", "0"])


def test_on_a_grid_of_two_the_head_keeps_two_lines(new_phone, club, long_names, screenshot):
    keep = Match.objects.filter(finished=False).order_by("pk").values_list("pk", flat=True)[:2]
    Match.objects.exclude(pk__in=list(keep)).update(finished=True)
    tv = new_phone(**TV)
    tv.goto(f"/c/{club.slug}/tv/")
    expect(tv.locator(".tv-tile")).to_have_count(2)
    assert_fits(measure(tv), 2)
    assert all(head["lines"] <= 2 for head in heads(tv))
    screenshot(tv, "club-tv-long-names-two-tables")
