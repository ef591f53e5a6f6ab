"""The public standings say what a result is worth (the tournament's match points) and which
places a deciding match settled; the standings API says both too."""

import pytest

from tests.tournaments.helpers import make_tournament
from tests.tournaments.test_deciding_match_settles_ties import TWO_DEALS, play_out, top_two_level
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(club):
    tournament = make_tournament(club, 4, "rounds", fmt=TWO_DEALS, pairing="round_robin",
                                 tables_count=2, points_win=4, points_draw=2, points_loss=1,
                                 points_no_show=0, tie_breaks=["points", "deciding"])
    services.tournament_start(tournament=tournament)
    return tournament


def test_the_standings_page_shows_the_points_scheme_under_the_table(client, league):
    html = client.get(f"/t/{league.slug}/standings/").content.decode()
    assert "Match points: Win 4, draw 2, loss 1, no-show 0 points." in html
    assert html.index("Match points") > html.index("</table>")
    assert "Ranked by: points, deciding match." in html


def test_the_api_gives_the_points_scheme(client, league):
    data = client.get(f"/api/v1/tournaments/{league.slug}").json()
    assert data["points"] == {"win": 4, "draw": 2, "loss": 1, "no_show": 0}
    assert all(row["decided"] is False for row in data["standings"])


def test_places_a_deciding_match_settled_are_marked_with_a_footnote(client, league):
    html = client.get(f"/t/{league.slug}/standings/").content.decode()
    assert "A deciding match settled this place." not in html
    play_out(league, top_two_level)
    html = client.get(f"/t/{league.slug}/standings/").content.decode()
    assert html.count('<sup class="decided"') == 2
    assert "* A deciding match settled this place." in html
    data = client.get(f"/api/v1/tournaments/{league.slug}").json()
    assert [row["decided"] for row in data["standings"]] == [True, True, False, False]
    assert [row["points"] for row in data["standings"][:2]] == [10, 10]
    deciding = data["rounds"][-1]
    assert deciding["number"] == 4 and len(deciding["matches"]) == 1


def test_the_round_page_of_a_deciding_match_is_titled_so(client, league):
    play_out(league, top_two_level, deciding_winner=lambda pairing: None)
    html = client.get(f"/t/{league.slug}/rounds/4/").content.decode()
    assert "Deciding match" in html
