"""The tournament TV's tables screen and the overview are headed by the current round (a
league's last matchday opened). A match of another round says which: on the TV a semi-final's
final score beside the final, a league's match of an earlier matchday still in play, which
read as the current round's (the TV's tables screen is then headed "Tables", and every tile
names its round: test_tv_tables_heading_says_what_its_tiles_show); on the overview, those
still in play, which it left out."""

import re

from tests.tournaments.helpers import in_play, make_tournament, play
from tests.tournaments.public_helpers import HTMX
from tests.tournaments.test_pages_say_who_sits_out_and_what_the_lot_decided import league
from tournaments import services


def notes(client, tournament) -> dict[int, str]:
    html = client.get(f"/t/{tournament.slug}/tv/?page=1", headers=HTMX).content.decode()
    heading = re.search(r"<h2>(.*?)</h2>", html).group(1)
    tiles = re.findall(r'<span class="tv-table">Table (\d+)</span>.*?'
                       r'<span class="tv-note">(.*?)</span>', html)
    return heading, {int(table): note for table, note in tiles}


def test_a_semi_finals_final_score_beside_the_final_names_its_round(client, club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    first, second = in_play(tournament)
    play(first, "A")
    play(second, "A")  # the final is drawn, and placed on the first table free
    [final] = in_play(tournament)
    heading, by_table = notes(client, tournament)
    assert heading == "Tables"
    assert by_table[final.table.number] == "Final"
    [other] = set(by_table) - {final.table.number}
    assert by_table[other] == "Semi-finals"


def test_a_leagues_match_of_an_earlier_matchday_names_its_matchday(client, club, organiser):
    tournament = league(club, 4)  # matchday 1: two matches in play
    services.matchday_open(round_=tournament.rounds.get(number=2), by=organiser)
    heading, by_table = notes(client, tournament)
    assert heading == "Tables"  # none of matchday 2's matches is on a table yet
    assert set(by_table.values()) == {"Matchday 1"}


def test_the_overview_lists_an_earlier_matchdays_matches_still_in_play(client, club, organiser):
    tournament = league(club, 4)
    playing = {p.match_id for p in in_play(tournament)}
    services.matchday_open(round_=tournament.rounds.get(number=2), by=organiser)
    html = client.get(f"/t/{tournament.slug}/").content.decode()
    current, earlier = html.split("Still in play: Matchday 1")
    assert "<h2>Matchday 2</h2>" in current
    assert {int(pk) for pk in re.findall(r'href="/m/(\d+)/"', earlier)} == playing
