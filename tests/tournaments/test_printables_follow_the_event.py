"""The organiser's printables checked against what the site shows."""

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments import selectors
from tournaments.models import Tournament
from tournaments.printing import printables


@pytest.mark.django_db
def test_league_score_sheets_are_for_the_matchday_in_play():
    """The demo league is in its fourth week (README); the paper score sheets ("one sheet
    per match of the current round") should be for matchday 4, which is on the tables, not
    for the season's last matchday that nobody has opened."""
    call_command("seed_demo", "--json", stdout=StringIO())
    league = Tournament.objects.get(slug="demo-liga-das-quartas")
    current = selectors.current_round(league)
    sheets = printables.score_sheets(league)
    assert current.number == 4
    assert {s.round for s in sheets} == {"Matchday 4"}, {s.round for s in sheets}
    assert all(s.table for s in sheets)


@pytest.mark.django_db
def test_final_results_of_a_double_elimination_name_the_runner_up(client, club):
    """The final results printable names the champion and the runner-up (as it does for a
    knockout); a double elimination's API `placings` has a place 2."""
    from tests.tournaments.helpers import play_to_the_end
    from tests.tournaments.test_double_elimination_events import make_event

    tournament = make_event(club, 6)
    play_to_the_end(tournament)
    placings = client.get(f"/api/v1/tournaments/{tournament.slug}").json()["bracket"]["placings"]
    second = next(p for p in placings if p["place"] == 2)["partnerships"][0]
    results = printables.final_results(tournament)
    assert ("Runner-up", second) in results.podium, results.podium
