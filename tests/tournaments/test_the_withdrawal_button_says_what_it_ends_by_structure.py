"""The withdrawal's button names the partnership and says what it ends as the structure has it:
in a league or a round robin, whose later fixtures are drawn, each match it still has is a
walkover; in a Swiss, a knockout or a double elimination only its match in play is, and it is
not drawn again."""

import datetime

import pytest

from tests.tournaments.helpers import make_tournament
from tournaments import services

EACH = ": each match it still has is a walkover to its opponent"
IN_PLAY = (": its match in play, if any, is a walkover to its opponent, and it is not "
           "drawn again")
FIXED = {"type": "fixed_deals", "deals": 2}


def withdraw_button(organiser_client, tournament) -> str:
    html = organiser_client.get(
        f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/").content.decode()
    start = html.index("/withdraw/")
    return html[start:html.index("</form>", start)]


@pytest.mark.parametrize(("structure", "options", "says"), [
    ("knockout", {}, IN_PLAY),
    ("double", {}, IN_PLAY),
    ("rounds", {"pairing": "swiss", "rounds_count": 3}, IN_PLAY),
    ("rounds", {"pairing": "round_robin", "rounds_count": 3}, EACH),
    ("league", {"starts_on": datetime.date(2026, 10, 5)}, EACH),
])
def test_the_button_says_what_the_withdrawal_ends(organiser_client, club, structure, options,
                                                  says):
    tournament = make_tournament(club, 4, structure, fmt=FIXED, tables_count=2, **options)
    services.tournament_start(tournament=tournament)
    button = withdraw_button(organiser_client, tournament)
    assert says in button and ({EACH, IN_PLAY} - {says}).pop() not in button
    assert "Withdraw Player " in button  # the partnership it withdraws, by name
