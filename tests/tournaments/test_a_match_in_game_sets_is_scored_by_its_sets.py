"""A match in game sets (partidas) is scored by its sets, its games second: won 2-1 on fewer
games (B 4-0, then A 4-3, 4-3: games 8-10), it reads "2–1 · in game sets · games 8–10", where
the club page, the tournament's pages and the results file read "8–10" beside A's win. Each
deal of the file says its game set and its card points as scored, a bonus said."""

import csv
import io
import re

from scoring import engine
from scoring.models import Match
from tests.conftest import make_match, make_partnership
from tests.tournaments.helpers import record
from tournaments import exports
from tournaments import services as tournament_services
from tournaments.models import Pairing

BEST_OF_THREE = {"type": "partidas", "to_win": 2, "target": 4}
# B's flag takes set 1 4-0; in each of the two next, B has 2 and 1 games, then A 2 and 2.
SET_WON_4_3 = [{"points": [25, 95], "last_trick": "B"}, {"points": [47, 73], "last_trick": "B"},
               {"points": [95, 25], "last_trick": "A"}, {"points": [95, 25], "last_trick": "A"}]
A_WINS_ON_FEWER_GAMES = [{"points": [0, 120], "flag": "B", "last_trick": "B"},
                         *SET_WON_4_3, *SET_WON_4_3]


def plain(deal: dict) -> dict:
    """The deal without the last trick, for a table that gives it no bonus."""
    return {key: value for key, value in deal.items() if key != "last_trick"}


def played(match, deals) -> Match:
    for deal in deals:
        record(match, deal)
    match.refresh_from_db()
    assert (match.winner, match.state["partidas"], match.state["games"]) == ("A", [2, 1], [8, 10])
    return match


def tournament_in_game_sets(club, preset: str):
    tournament = tournament_services.tournament_create(
        club=club, name="Taça das partidas", rules=engine.rules_from(preset),
        fmt=engine.format_from(BEST_OF_THREE), structure="knockout", tables_count=1)
    tournament_services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, "Ana", "Rui"), make_partnership(club, "Eva", "Gil")])
    tournament_services.tournament_start(tournament=tournament)
    return tournament, Pairing.objects.get(round__tournament=tournament).match


def text(page: bytes) -> str:
    """The page's words as read, without the word joiners that keep "8–10" on one line."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.decode())).replace("\u2060", "")


def test_the_club_pages_recent_results_read_the_sets_then_the_games(client, club, pair_a,
                                                                       pair_b):
    match = make_match(club, pair_a, pair_b, fmt=BEST_OF_THREE)
    played(match, map(plain, A_WINS_ON_FEWER_GAMES))
    recent = text(client.get(f"/c/{club.slug}/").content).split("Recent results")[1]
    assert re.search(r"2 – 1 in game sets · games 8–10 · .* won", recent)
    assert "8 – 10" not in recent


def test_the_tournaments_results_page_reads_the_sets_then_the_games(client, club):
    tournament, match = tournament_in_game_sets(club, "portugal")
    played(match, map(plain, A_WINS_ON_FEWER_GAMES))
    results = text(client.get(f"/t/{tournament.slug}/results/").content)
    # A (the winner) won its sets 2-1 on 8 games to 10
    assert re.search(r"\(winner\) 2 [^0-9]+ 1 Finished · in game sets · games 8–10", results)
    assert "10" not in results.split("Final")[1].split("Finished")[0]


def test_the_results_file_has_the_sets_and_each_deal_its_set_and_bonus(club):
    tournament, match = tournament_in_game_sets(club, "brasil_last_trick")
    played(match, A_WINS_ON_FEWER_GAMES)
    [header, result] = read_csv(exports.tournament_results(tournament, "csv"))
    assert [result[header.index(column)] for column in
            ("Game sets A", "Game sets B", "Games A", "Games B")] == ["2", "1", "8", "10"]
    [header, *deals] = read_csv(exports.tournament_deals(tournament, "csv"))
    rows = [dict(zip(header, deal, strict=True)) for deal in deals]
    assert [row["Game set"] for row in rows] == ["1", "2", "2", "2", "2", "3", "3", "3", "3"]
    assert [row["Card points scored"] for row in rows[:3]] == [
        "0-130 (B: 120 + 10 bonus)", "25-105 (B: 95 + 10 bonus)", "47-83 (B: 73 + 10 bonus)"]


def read_csv(content: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


def test_a_round_in_play_reads_the_sets_then_the_games_then_who_deals(client, club):
    tournament, match = tournament_in_game_sets(club, "portugal")
    for deal in A_WINS_ON_FEWER_GAMES[:3]:  # B leads 1-0 in sets, 7 games to none
        record(match, plain(deal))
    round_ = text(client.get(f"/t/{tournament.slug}/rounds/1/").content)
    assert re.search(r" 0 [^0-9]+ 1 In play · in game sets · games 0–7 · \w[^·]+ deals", round_)
