"""Starting a league opens matchday 1, and the organiser is told so in a league's word, where
the message said "Round 1 is drawn" beside a button that read "Start and open matchday 1"."""

import datetime

from tests.tournaments.helpers import make_tournament


def test_starting_a_league_says_matchday_1_is_open(organiser_client, club):
    league = make_tournament(club, 5, "league", fmt={"type": "first_to", "target": 2},
                             starts_on=datetime.date(2026, 10, 5), tables_count=2)
    response = organiser_client.post(
        f"/manage/{club.slug}/tournaments/{league.slug}/start/", follow=True)
    html = response.content.decode()
    assert "Matchday 1 is open and on the tables." in html
    assert "Round 1 is drawn" not in html
