"""A league says matchday where it said round: its matchday page leads to the matchdays before
and after it by their name ("← Matchday 1", "Matchday 3 →", or its deciding match), in the same
queries at 4 or 10 partnerships; the overview leads to "This matchday's page"; the organiser
starts it with "Start and open matchday 1", from the check-in desk too. Other structures'
rounds still say "Round"."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import forget_kept_pages, make_club
from tests.tournaments.helpers import make_tournament
from tests.tournaments.test_pages_say_who_sits_out_and_what_the_lot_decided import (
    league,
    play_the_first_round,
    round_robin,
)

pytestmark = pytest.mark.django_db


def test_a_league_matchday_page_leads_to_the_matchdays_around_it(client, club):
    tournament = league(club, 4)
    html = client.get(f"/t/{tournament.slug}/rounds/2/").content.decode()
    assert 'aria-label="Matchdays"' in html
    assert "← Matchday 1</a>" in html and "Matchday 3 →</a>" in html
    assert "Round 1" not in html and "Round 3" not in html


def test_a_round_robins_round_page_still_says_round(client, club):
    tournament = round_robin(club, 4)
    play_the_first_round(tournament)  # the next round is drawn after the last result
    html = client.get(f"/t/{tournament.slug}/rounds/2/").content.decode()
    assert 'aria-label="Rounds"' in html and "← Round 1</a>" in html


def test_a_league_matchday_page_costs_the_same_whatever_the_size(client, organiser):
    def cost(tournament) -> int:
        forget_kept_pages()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/t/{tournament.slug}/rounds/2/").status_code == 200
        return len(queries)

    small, large = league(make_club("pequena", organiser), 4), league(
        make_club("grande", organiser), 10)
    assert cost(small) == cost(large) == 4  # the ETag, the tournament, the pairings, the rounds


def test_the_last_matchday_leads_to_the_leagues_deciding_match_by_its_name(client, club):
    from tests.tournaments.test_league_ends_with_a_deciding_match import league as tied_league
    from tests.tournaments.test_league_ends_with_a_deciding_match import play_season

    tournament = tied_league(club)
    play_season(tournament, deciding_winner=lambda pairing: None)  # on its table
    last = tournament.rounds.filter(stage="rounds").order_by("-number").first().number
    html = client.get(f"/t/{tournament.slug}/rounds/{last}/").content.decode()
    assert f"← Matchday {last - 1}</a>" in html and "Deciding match →</a>" in html


def test_the_overview_and_the_start_say_matchday(client, organiser_client, organiser, club):
    tournament = league(club, 4)
    assert "This matchday's page" in client.get(f"/t/{tournament.slug}/").content.decode()
    other = make_club("outro", organiser)
    draft = make_tournament(other, 4, "league", legs=1)
    html = organiser_client.get(f"/manage/{other.slug}/tournaments/{draft.slug}/").content.decode()
    assert "Start and open matchday 1" in html and "draw round 1" not in html
    html = organiser_client.get(f"/manage/{other.slug}/tournaments/{draft.slug}/check-in/"
                                ).content.decode()
    assert "Start with those here and open matchday 1" in html and "round 1" not in html
