"""The club TV at 1920x1080 with long names, in English and in Portuguese: each tournament table
is named by its tournament, whole, on two lines when it needs them (two tournaments may differ
only at the end of their names), and never cut where there is room; a long format shows whole;
a long dealer's name ends in an ellipsis where its line is too short, "deals" whole; the head
takes three lines at most (two without a long name), and the names, game sets and scores stay
inside their tiles."""

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring import engine
from scoring.models import Match
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_tv_grid_fits_a_big_screen import TV, assert_fits, measure
from tests.conftest import make_match, make_partnership
from tests.tournaments.helpers import in_play, record
from tests.tournaments.public_helpers import FIXED_8, swiss
from tournaments import services as tournament_services
from tournaments.models import Tournament

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

EVENT = "Grande Torneio de Sueca de Natal do Café Central"
SENIORS = "Torneio de Natal do Café Central — Seniores"
JUNIORS = "Torneio de Natal do Café Central — Juniores"
LONG = "Maria da Conceição Vasconcelos Albuquerque"
SETS = {"type": "partidas", "target": 4, "to_win": 2}  # "First to 2 game sets of 4 games"


def heads(page) -> list[dict]:
    """Each tile's head: how many lines it takes (the table and its note, then who deals), its
    note and dealer, and what of them overflows its box (cut by the ellipsis)."""
    return page.evaluate("""() => [...document.querySelectorAll('.tv-tile-head')].map((head) => {
      const cut = (el) => el.scrollWidth > el.clientWidth;
      const where = head.querySelector('.tv-where'), note = head.querySelector('.tv-note');
      const dealer = head.querySelector('.tv-dealer');
      const whereLines = Math.round(where.clientHeight
        / parseFloat(getComputedStyle(where).lineHeight));
      return {lines: whereLines + (dealer ? 1 : 0), noteLines: whereLines,
              note: note.textContent, noteCut: where.scrollHeight > where.clientHeight + 1,
              dealer: dealer.textContent, dealerCut: cut(dealer),
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
    Match.objects.update(updated_at=timezone.now() - timedelta(minutes=1),
                         dealt_at=timezone.now() - timedelta(minutes=1))  # none highlighted


@pytest.mark.parametrize("locale", ["en-GB", "pt-PT"])
def test_long_tournaments_formats_and_dealers_fit_their_tiles(new_phone, club, long_names, locale,
                                                              screenshot):
    tv = new_phone(**TV, locale=locale)
    tv.goto(f"/c/{club.slug}/tv/")
    expect(tv.locator(".tv-tile")).to_have_count(16)
    assert_fits(measure(tv), 16)
    screenshot(tv, "club-tv-long-names")

    shown = heads(tv)
    tournament, friendly = shown[:8], shown[8:]
    assert all(head["noteLines"] == 2 and head["lines"] == 3 for head in tournament), tournament
    assert all(head["lines"] <= 2 for head in friendly), friendly
    assert {head["note"] for head in tournament} == {EVENT}
    assert not any(head["noteCut"] or head["dealerCut"] for head in shown), shown
    assert all(head["dealer"].startswith(f"{LONG} ") for head in friendly), friendly  # sent whole
    expect(tv.locator(".tv-tile").first.locator(".tv-table")).to_contain_text("1")
    expect(tv.locator(".tv-tile").last.locator(".tv-sets")).to_contain_text(["0", "0"])


def test_on_a_grid_of_two_the_head_keeps_two_lines(new_phone, club, long_names, screenshot):
    keep = Match.objects.filter(finished=False).order_by("pk").values_list("pk", flat=True)[:2]
    Match.objects.exclude(pk__in=list(keep)).update(finished=True)
    tv = new_phone(**TV)
    tv.goto(f"/c/{club.slug}/tv/")
    expect(tv.locator(".tv-tile")).to_have_count(2)
    assert_fits(measure(tv), 2)
    assert all(head["lines"] <= 3 and not head["noteCut"] for head in heads(tv))
    screenshot(tv, "club-tv-long-names-two-tables")


@pytest.mark.parametrize("locale", ["en-GB", "pt-PT"])
def test_two_tournaments_told_apart_by_the_end_of_their_names_both_show_whole(
        new_phone, club, locale, screenshot):
    """"Torneio de Natal do Café Central — Seniores" and "— Juniores": a note cut after its
    first words ("Torneio de…") named both alike; a name with room on its line is not cut."""
    for name in (SENIORS, JUNIORS, "Taça de Verão"):
        tournament = tournament_services.tournament_create(
            club=club, name=name, rules=engine.rules_from("portugal"),
            fmt=engine.format_from(FIXED_8), structure="rounds", pairing="swiss",
            rounds_count=2, tables_count=4)
        tournament_services.entries_register(tournament=tournament, partnerships=[
            make_partnership(club, f"{name[-8:]} {i}a", f"{name[-8:]} {i}b") for i in range(8)])
        tournament_services.tournament_start(tournament=tournament)
    Match.objects.update(updated_at=timezone.now() - timedelta(minutes=1),
                         dealt_at=timezone.now() - timedelta(minutes=1))
    tv = new_phone(**TV, locale=locale)
    tv.goto(f"/c/{club.slug}/tv/")
    expect(tv.locator(".tv-tile")).to_have_count(12)
    assert_fits(measure(tv), 12)
    screenshot(tv, "club-tv-two-tournaments-alike")
    shown = heads(tv)
    assert [head["note"] for head in shown] == [SENIORS] * 4 + [JUNIORS] * 4 + ["Taça de Verão"] * 4
    assert not any(head["noteCut"] for head in shown), shown
    assert [head["noteLines"] for head in shown] == [2] * 8 + [1] * 4, shown
