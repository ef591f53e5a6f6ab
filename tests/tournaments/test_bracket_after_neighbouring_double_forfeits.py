"""Two double forfeits side by side leave a slot of the next round that nobody comes to: that
round is drawn with a pairing fewer, and the bracket still has each round's places (it was a
server error: the rounds after it were counted from its pairings, 7, not its 8 places)."""

import re

from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import services
from tournaments.models import Pairing


def test_the_bracket_after_two_neighbouring_double_forfeits_shows_every_round(client, club):
    tournament = make_tournament(club, 32, tables_count=16)
    services.tournament_start(tournament=tournament)
    first, second = Pairing.objects.filter(round__tournament=tournament,
                                           round__number=1).order_by("slot")[:2]
    services.pairing_walkover(pairing=first, present="-")
    services.pairing_walkover(pairing=second, present="-")
    for pairing in in_play(tournament):
        play(pairing, "A")
    assert Pairing.objects.filter(round__tournament=tournament, round__number=2).count() == 7

    response = client.get(f"/t/{tournament.slug}/bracket/")
    assert response.status_code == 200
    assert re.findall(r"<h3>([^<]+)</h3>", response.content.decode()) == [
        "Round of 32", "Round of 16", "Quarter-finals", "Semi-finals", "Final"]
