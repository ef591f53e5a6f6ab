"""The café TV at 1920x1080: 16 tables on one screen without scrolling, names and scores
readable from five metres (at least 28px), the 17th table on page 2; a standings screen's
rows as readable, unzoomed; the tournament TV's bracket and groups screens fit a 1080p and a
720p TV too."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from scoring import engine, services
from scoring.models import Match
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.conftest import make_match, make_partnership
from tests.tournaments.helpers import in_play, make_tournament, record
from tests.tournaments.public_helpers import swiss
from tests.tournaments.test_double_elimination_events import make_event
from tournaments import services as tournament_services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

TV = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False}
READABLE = 28  # px, for names and scores

FIRST = ["Ana", "Bruno", "Carla", "Duarte", "Eva", "Filipe", "Graça", "Hugo", "Inês", "João",
         "Leonor", "Manuel", "Nuno", "Olga", "Paulo", "Rita", "Sérgio", "Teresa"]
LAST = ["Silva", "Costa", "Dias", "Lima", "Ferreira", "Rodrigues", "Martins", "Sousa",
        "Gonçalves", "Carvalho", "Vasconcelos", "Albuquerque"]


def club_with_live_matches(club, count: int):
    pairs = [make_partnership(club, f"{FIRST[i % 18]} {LAST[i % 12]}",
                              f"{FIRST[(i + 7) % 18]} {LAST[(i + 5) % 12]}")
             for i in range(count + 1)]
    matches = [make_match(club, pairs[i], pairs[i + 1]) for i in range(count)]
    for number, match in enumerate(matches):
        for points in ([95, 25], [40, 80], [70, 50])[:number % 4]:
            services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": points}),
                                 key=f"{match.pk}-{points}")
    Match.objects.update(updated_at=timezone.now() - timedelta(minutes=1),
                         dealt_at=timezone.now() - timedelta(minutes=1))  # none highlighted
    return matches


def measure(page) -> dict:
    """Every tile's box, and the smallest font of the names (those two lines hold at full size:
    a longer one has smaller letters, scoring/tv.py's name_size) and the scores."""
    return page.evaluate("""() => {
      const box = (el) => { const r = el.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
      const px = (selector) => Math.min(...[...document.querySelectorAll(selector)]
        .map((el) => parseFloat(getComputedStyle(el).fontSize)));
      const tiles = [...document.querySelectorAll('.tv-tile')];
      return {
        tiles: tiles.map(box),
        overflowing: tiles.filter((tile) => [...tile.querySelectorAll('.tv-name, .tv-score')]
          .some((el) => { const t = box(tile), e = box(el);
            return e.left < t.left || e.right > t.right || e.top < t.top || e.bottom > t.bottom;
          })).length,
        name: px('.tv-name:not([class*="size-"])'), score: px('.tv-score'),
        table: px('.tv-table'),
        scrolls: document.documentElement.scrollHeight > innerHeight
          || document.documentElement.scrollWidth > innerWidth,
      };
    }""")


def assert_fits(shown, count: int) -> None:
    assert len(shown["tiles"]) == count
    for tile in shown["tiles"]:
        assert tile["left"] >= 0 and tile["top"] >= 0, tile
        assert tile["right"] <= 1920 and tile["bottom"] <= 1080, tile
    assert not shown["scrolls"] and shown["overflowing"] == 0
    assert shown["name"] >= READABLE and shown["score"] >= READABLE, shown


def test_sixteen_club_tables_fit_a_1920x1080_tv_and_the_17th_is_on_page_two(
        new_phone, club, screenshot):
    matches = club_with_live_matches(club, 17)
    tv = new_phone(**TV)
    tv.goto(f"/c/{club.slug}/tv/")
    expect(tv.locator(".tv-tile")).to_have_count(16)
    shown = measure(tv)
    assert_fits(shown, 16)
    print(f"\n16 club tables: names {shown['name']}px, scores {shown['score']}px")
    screenshot(tv, "club-16-tables")

    tv.goto(f"/c/{club.slug}/tv/?page=2")
    expect(tv.locator(".tv-tile")).to_have_count(1)
    expect(tv.locator(".tv-tile")).to_contain_text(matches[16].a.display_name)
    expect(tv.get_by_text("page 2 of 2")).to_be_visible()
    assert_fits(measure(tv), 1)
    screenshot(tv, "club-page-2")


def test_a_deal_lights_up_its_table_on_the_tv(new_phone, club, screenshot):
    matches = club_with_live_matches(club, 6)
    services.deal_record(match_id=matches[2].pk, deal=engine.deal_from({"points": [30, 90]}),
                         key="just-now")
    tv = new_phone(**TV)
    tv.goto(f"/c/{club.slug}/tv/")
    expect(tv.locator(".tv-tile.fresh")).to_have_count(1)
    # lit, at the age the page was made at (seconds: 0 unless the machine is slow)
    expect(tv.locator(".tv-tile").nth(2)).to_have_class(re.compile(r"^tv-tile fresh fresh-\d$"))
    assert_fits(measure(tv), 6)
    screenshot(tv, "club-6-tables-a-new-deal")


def test_a_tournament_tv_shows_sixteen_tables_on_one_screen(new_phone, club, screenshot):
    tournament = swiss(club, size=32, rounds=3)  # 16 tables in play
    for pairing in in_play(tournament)[::3]:
        record(pairing.match, {"points": [70, 50]})
    Match.objects.update(updated_at=timezone.now() - timedelta(minutes=1),
                         dealt_at=timezone.now() - timedelta(minutes=1))
    record(in_play(tournament)[5].match, {"points": [20, 100]})  # Table 6 lights up
    tv = new_phone(**TV)
    tv.goto(f"/t/{tournament.slug}/tv/?page=1")
    expect(tv.locator(".tv-tile")).to_have_count(16)
    expect(tv.locator(".tv-table").first).to_have_text("Table 1")
    expect(tv.locator(".tv-tile.fresh .tv-table")).to_have_text("Table 6")
    shown = measure(tv)
    assert_fits(shown, 16)
    assert shown["table"] >= READABLE
    print(f"\n16 tournament tables: names {shown['name']}px, scores {shown['score']}px, "
          f"table numbers {shown['table']}px")
    screenshot(tv, "tournament-16-tables")


def scrolls(page) -> bool:
    return page.evaluate("""() => document.documentElement.scrollHeight > innerHeight
      || document.documentElement.scrollWidth > innerWidth""")


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_every_bracket_and_groups_screen_fits_the_tv(new_phone, club, screenshot, size):
    double = make_event(club, 16, tables_count=8)
    groups = make_tournament(club, 24, "groups", groups_count=8, qualifiers_per_group=1,
                             tables_count=12)
    tournament_services.tournament_start(tournament=groups)
    tv = new_phone(viewport={"width": size[0], "height": size[1]}, is_mobile=False,
                   has_touch=False)
    for tournament, screens in ((double, ("winners",) * 3 + ("losers",) * 2 + ("grand_final",)),
                                (groups, ("groups",) * 4)):
        for i, kind in enumerate(screens, start=2):
            tv.goto(f"/t/{tournament.slug}/tv/?i={i}")
            expect(tv.locator(f'#tv[data-screen="{kind}"]')).to_be_visible()
            tv.wait_for_load_state("load")
            assert not scrolls(tv), (tournament.structure, i, size)
            screenshot(tv, f"tv-{tournament.structure}-{i}-{size[0]}")


def test_a_standings_screen_is_readable_across_the_room(new_phone, club, screenshot):
    tournament = swiss(club, size=24, rounds=3)  # two standings screens of 12 rows
    tv = new_phone(**TV)
    tv.goto(f"/t/{tournament.slug}/tv/?i=2")
    expect(tv.locator('#tv[data-screen="standings"] tbody tr')).to_have_count(12)
    tv.wait_for_load_state("load")
    shown = tv.evaluate("""() => ({
      px: Math.min(...[...document.querySelectorAll('.tv-standings td')]
        .map((el) => parseFloat(getComputedStyle(el).fontSize))),
      zoom: getComputedStyle(document.getElementById('tv')).zoom,
      bottom: document.querySelector('.tv-standings').getBoundingClientRect().bottom,
    })""")
    assert shown["px"] >= READABLE and shown["zoom"] == "1" and shown["bottom"] <= 1080, shown
    assert not scrolls(tv)
    screenshot(tv, "tv-standings-1920")
