"""A league's public pages and API: fixtures by matchday, each partnership's season, the
table, the postponed marker, and query counts that do not grow with the season."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.html import escape

from scoring.models import Match
from tests.conftest import make_club
from tests.tournaments.helpers import make_tournament, play
from tests.tournaments.public_helpers import HTMX
from tournaments import services
from tournaments.models import Entry, Pairing

pytestmark = pytest.mark.django_db
FIRST_TO_2 = {"type": "first_to", "target": 2}
START = datetime.date(2026, 10, 5)


def league(club, size=6, legs=2, played_days=1, **options):
    tournament = make_tournament(club, size, "league", fmt=FIRST_TO_2, legs=legs,
                                 starts_on=START, **{"tables_count": 3, **options})
    services.tournament_start(tournament=tournament)
    for number in range(1, played_days + 1):
        if number > 1:
            services.matchday_open(round_=tournament.rounds.get(number=number))
        while placed := list(Pairing.objects.filter(round__tournament=tournament,
                                                    finished=False).exclude(match=None)):
            play(placed[0], "A" if placed[0].a_id < placed[0].b_id else "B")
    return tournament


def postpone_one(tournament, to=datetime.date(2026, 12, 24)) -> Pairing:
    last_open = tournament.rounds.filter(opened=True).order_by("-number").first()
    number = last_open.number + 1
    services.matchday_open(round_=tournament.rounds.get(number=number))
    pairing = Pairing.objects.filter(round__number=number, round__tournament=tournament,
                                     finished=False).order_by("slot").first()
    services.pairing_postpone(pairing=pairing, to=to)
    return pairing


def test_the_fixtures_show_every_matchday_its_date_results_and_the_postponed(client, club):
    tournament = league(club)
    postpone_one(tournament)
    html = client.get(f"/t/{tournament.slug}/fixtures/").content.decode()
    assert html.count('class="matchday"') == 10
    assert "Matchday 1" in html and "Matchday 10" in html
    assert 'datetime="2026-10-05"' in html and 'datetime="2026-12-07"' in html
    assert "Postponed to 24 December 2026" in html
    assert html.count("Finished") >= 3  # matchday 1's three results
    entry = Entry.objects.filter(tournament=tournament).first()
    assert f"/t/{tournament.slug}/partnerships/{entry.pk}/" in html
    assert 'aria-current="page">Fixtures' in html


@pytest.mark.parametrize("page", ["", "rounds/2/"])
def test_a_postponed_match_says_its_new_date_not_that_it_waits_for_a_table(client, club, page):
    tournament = league(club)
    pairing = postpone_one(tournament)
    html = client.get(f"/t/{tournament.slug}/{page}").content.decode()
    name = escape(pairing.a.partnership.display_name)
    line = next(li for li in html.split("<li")[1:] if name in li)
    assert "Postponed to 24 December 2026" in line
    assert "Waiting for a table" not in line and "No table" not in line


def test_a_partnership_season_shows_its_place_points_and_every_fixture(client, club):
    tournament = league(club)
    entry = Entry.objects.filter(tournament=tournament).order_by("pk").first()  # wins all
    html = client.get(f"/t/{tournament.slug}/partnerships/{entry.pk}/").content.decode()
    rank = ranked_place(tournament, entry)
    assert f"Place {rank}" in html and "3 points" in html and "1 match played" in html
    assert html.count("<tr class=") == 10  # twice against each of the other five
    assert "Won 4–0" in html and html.count("To play") == 9


def ranked_place(tournament, entry) -> int:
    from tournaments import selectors
    ranked = selectors.standings(tournament, list(selectors.pairings(tournament)),
                                 selectors.entries(tournament))
    return next(s.row.rank for s in ranked if s.entry.pk == entry.pk)


def test_a_partnership_season_marks_a_postponed_match(client, club):
    tournament = league(club)
    pairing = postpone_one(tournament)
    html = client.get(f"/t/{tournament.slug}/partnerships/{pairing.a_id}/").content.decode()
    assert "postponed to 24 Dec 2026" in html


def test_a_postponed_match_once_played_shows_the_day_it_was_moved_to(client, club):
    tournament = league(club)
    pairing = postpone_one(tournament)
    services.pairing_play_now(pairing=pairing)
    pairing.refresh_from_db()
    on_the_day = Pairing.objects.filter(round=pairing.round).exclude(pk=pairing.pk).first()
    Match.objects.filter(pk=pairing.match_id).update(
        created_at=datetime.datetime(2026, 12, 24, 20, tzinfo=datetime.UTC))
    Match.objects.filter(pk=on_the_day.match_id).update(
        created_at=datetime.datetime(2026, 10, 12, 20, tzinfo=datetime.UTC))
    play(pairing, "A")
    play(on_the_day, "A")
    html = client.get(f"/t/{tournament.slug}/partnerships/{pairing.a_id}/").content.decode()
    assert ('<span class="postponed-to">postponed to 24 Dec 2026</span></td>' in html
            and "played 24 Dec" not in html)
    html = client.get(f"/t/{tournament.slug}/partnerships/{on_the_day.a_id}/").content.decode()
    assert "12 Oct 2026" in html and "played 12 Oct" not in html


def test_a_partnership_of_another_tournament_is_not_found(client, club, organiser):
    tournament = league(club, size=3, legs=1, played_days=0)
    other = league(make_club("outro", organiser), size=2, legs=1, played_days=0)
    entry = other.entries.first()
    assert client.get(f"/t/{tournament.slug}/partnerships/{entry.pk}/").status_code == 404


def test_the_table_links_each_partnership_to_its_season(client, club):
    tournament = league(club)
    html = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    entry = Entry.objects.filter(tournament=tournament).order_by("pk").first()
    assert f'href="/t/{tournament.slug}/partnerships/{entry.pk}/"' in html
    assert "Bracket" not in html and "the bracket decides" not in html


def test_the_api_gives_matchdays_their_dates_and_postponements(client, club):
    tournament = league(club)
    pairing = postpone_one(tournament)
    data = client.get(f"/api/v1/tournaments/{tournament.slug}").json()
    assert data["structure"] == "league"
    assert [r["number"] for r in data["rounds"]] == list(range(1, 11))
    assert data["rounds"][0]["date"] == "2026-10-05" and data["rounds"][1]["opened"]
    assert not data["rounds"][2]["opened"]
    postponed = [m for r in data["rounds"] for m in r["matches"] if m["postponed_to"]]
    assert len(postponed) == 1 and postponed[0]["postponed_to"] == "2026-12-24"
    assert postponed[0]["a"] == pairing.a.partnership.display_name
    assert sum(m["finished"] for r in data["rounds"] for m in r["matches"]) == 3


BUDGETS = {"fixtures/": 3, "standings/": 4, "": 4, "api": 4}


def league_costs(client, tournament) -> dict[str, int]:
    entry = tournament.entries.first()
    urls = {path: f"/t/{tournament.slug}/{path}" for path in BUDGETS if path != "api"}
    urls["api"] = f"/api/v1/tournaments/{tournament.slug}"
    urls["season"] = f"/t/{tournament.slug}/partnerships/{entry.pk}/"
    measured = {}
    for name, url in urls.items():
        for headers in ({}, HTMX):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url, headers=headers).status_code == 200
            measured[name] = max(measured.get(name, 0), len(queries))
    return measured


def test_league_pages_cost_the_same_queries_early_and_late_in_a_long_season(client,
                                                                           organiser):
    early = league(make_club("cedo", organiser), size=4, legs=1, played_days=1)
    late = league(make_club("tarde", organiser), size=8, legs=2, played_days=4)
    postpone_one(late)
    early_costs, late_costs = league_costs(client, early), league_costs(client, late)
    assert early_costs == late_costs
    assert all(early_costs[name] <= budget for name, budget in BUDGETS.items())
    assert early_costs["season"] <= 5


def test_the_tv_shows_the_last_matchday_opened(client, club):
    tournament = league(club)
    postpone_one(tournament)  # opens matchday 2
    html = client.get(f"/t/{tournament.slug}/tv/?i=0").content.decode()
    assert "Matchday 2" in html and "Matchday 10" not in html
    html = client.get(f"/t/{tournament.slug}/").content.decode()
    assert "Matchday 2" in html and "every other twice, one matchday a week" in html
