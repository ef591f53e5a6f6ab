"""The club TV's tile of a match that ended says its table, "Final score" and its tournament's
name whole, in English and in Portuguese ("Mesa 8 · RESULTADO FINAL · Suíço de Inverno
(demo)"), on a 4x4 grid at 1920x1080 and at 1280x720: none deals any more, so the name takes the
line of who deals rather than be cut after its first letters."""

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.models import Match
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_tv_grid_fits_a_big_screen import assert_fits, measure
from tests.tournaments.helpers import in_play, play
from tests.tournaments.public_helpers import swiss
from tournaments.models import Tournament

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

NAME = "Suíço de Inverno (demo)"
SMALL = {"viewport": {"width": 1280, "height": 720}, "is_mobile": False, "has_touch": False}
BIG = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False}


def final_heads(page) -> list[dict]:
    return page.evaluate("""() => [...document.querySelectorAll('.tv-tile.final .tv-where')]
      .map((where) => ({text: where.textContent,
                        cut: where.scrollHeight > where.clientHeight + 1,
                        lines: Math.round(where.clientHeight
                          / parseFloat(getComputedStyle(where).lineHeight))}))""")


@pytest.mark.parametrize("locale", ["en-GB", "pt-PT"])
@pytest.mark.parametrize("screen", [BIG, SMALL], ids=["1920x1080", "1280x720"])
def test_a_final_score_names_its_whole_tournament(new_phone, club, locale, screen, screenshot):
    tournament = swiss(club, size=32, rounds=3)
    Tournament.objects.filter(pk=tournament.pk).update(name=NAME)
    for pairing in in_play(tournament)[::4]:
        play(pairing, "A")
    Match.objects.filter(finished=False).update(dealt_at=timezone.now() - timedelta(minutes=1))
    tv = new_phone(**screen, locale=locale)
    tv.goto(f"/c/{club.slug}/tv/")
    expect(tv.locator(".tv-tile")).to_have_count(16)
    expect(tv.locator(".tv-tile.final")).to_have_count(4)
    screenshot(tv, "club-tv-final-score-names-its-tournament")
    finals = final_heads(tv)
    assert all(NAME in head["text"] and not head["cut"] for head in finals), finals
    assert all(head["lines"] <= 3 for head in finals), finals
    if screen is BIG:
        assert_fits(measure(tv), 16)  # the names and scores as big as ever
