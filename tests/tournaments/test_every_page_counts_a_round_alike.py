"""The organiser's page, the status board, the public overview and the TV count a round alike
(selectors.round_progress): its matches, those finished, and its byes apart. A folded round of
16 with five byes read "8 finished" on the organiser's page, where the board read "0 of 3
matches finished" and the overview counted its matches alone."""

import re

from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import services


def organiser_page(client, tournament) -> str:
    return client.get(f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/"
                      ).content.decode()


def board(client, tournament) -> str:
    return client.get(f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/board/"
                      ).content.decode()


def overview(client, tournament) -> str:
    return client.get(f"/t/{tournament.slug}/").content.decode()


def tv(client, tournament) -> str:
    return client.get(f"/t/{tournament.slug}/tv/?i=0").content.decode()


def folded_summary(html: str) -> str:
    start = html.index('<details class="round-done">')
    return re.sub(r"\s+", " ", html[start:html.index("</summary>", start)])


def test_a_round_with_byes_reads_the_same_everywhere(organiser_client, club):
    tournament = make_tournament(club, 11, tables_count=8)  # a round of 16: three matches
    services.tournament_start(tournament=tournament)
    said = "0 of 3 matches finished · 5 byes"
    assert said in board(organiser_client, tournament)
    assert said in overview(organiser_client, tournament)
    assert said in tv(organiser_client, tournament)

    for pairing in in_play(tournament):
        if pairing.round.number == 1:
            play(pairing)
    summary = folded_summary(organiser_page(organiser_client, tournament))
    assert "Round of 16" in summary and "3 of 3 matches finished · 5 byes" in summary
    for page in (board, overview, tv):  # the quarter-finals now: four matches, no bye
        html = page(organiser_client, tournament)
        assert "0 of 4 matches finished" in html and "byes" not in html.split("0 of 4")[1][:40]
