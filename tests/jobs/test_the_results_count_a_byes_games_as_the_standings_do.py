"""The results export (CSV and XLSX) and the API give a bye the games the standings count for it,
a walkover's (RULES.md), as they give a walkover and a double forfeit: summed over the rows, a
partnership's games are its standings' games won. A bye showed 0–0, and a partnership with a
bye summed 12 games where its standings said 16."""

import csv
import io
from collections import Counter

import openpyxl
import pytest

from tests.tournaments.helpers import in_play, make_tournament, play, play_to_the_end
from tournaments import exports, selectors, services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db


def csv_rows(content: bytes) -> list[dict]:
    return list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))


def xlsx_rows(content: bytes) -> list[dict]:
    header, *body = openpyxl.load_workbook(io.BytesIO(content)).active.iter_rows(values_only=True)
    return [dict(zip(header, row, strict=True)) for row in body]


def summed(rows: list[dict]) -> Counter:
    games = Counter()
    for row in rows:
        games[row["Partnership A"]] += int(row["Games A"])
        if row["Partnership B"]:
            games[row["Partnership B"]] += int(row["Games B"])
    return games


def api_summed(client, tournament) -> Counter:
    games = Counter()
    for round_ in client.get(f"/api/v1/tournaments/{tournament.slug}").json()["rounds"]:
        for match in round_["matches"]:
            games[match["a"]] += match["games"][0]
            if match["b"]:
                games[match["b"]] += match["games"][1]
    return games


def standings_games(tournament) -> Counter:
    return Counter({s.entry.partnership.display_name: s.row.games_won
                    for s in selectors.standings(tournament, list(selectors.pairings(tournament)),
                                                 selectors.entries(tournament))})


def assert_results_add_up_to_the_standings(client, tournament) -> None:
    expected = standings_games(tournament)
    assert summed(csv_rows(exports.tournament_results(tournament, "csv"))) == expected
    assert summed(xlsx_rows(exports.tournament_results(tournament, "xlsx"))) == expected
    assert api_summed(client, tournament) == expected


def test_a_knockouts_byes_and_walkovers_add_up_to_the_standings(client, club):
    tournament = make_tournament(club, 11, tables_count=8)  # a round of 16: five byes
    services.tournament_start(tournament=tournament)
    first, second, *_ = in_play(tournament)
    services.pairing_walkover(pairing=first, present="B")
    services.pairing_walkover(pairing=second, present="-")
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    byes = Pairing.objects.filter(round__tournament=tournament, b=None)
    assert byes.count() >= 5  # and one after the double forfeit

    rows = csv_rows(exports.tournament_results(tournament, "csv"))
    bye = next(row for row in rows if row["Status"] == "bye")
    assert (bye["Games A"], bye["Games B"]) == ("4", "0")  # a walkover's, as the standings
    assert_results_add_up_to_the_standings(client, tournament)


def test_a_rounds_bye_walkover_and_double_forfeit_add_up_to_the_standings(client, club):
    tournament = make_tournament(club, 5, "rounds", pairing="swiss", rounds_count=3,
                                 tables_count=2)
    services.tournament_start(tournament=tournament)
    first, second = in_play(tournament)
    services.pairing_walkover(pairing=first, present="A")
    services.pairing_walkover(pairing=second, present="-")
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert Pairing.objects.filter(round__tournament=tournament, b=None).count() == 3

    assert_results_add_up_to_the_standings(client, tournament)
    by_name = standings_games(tournament)
    assert any(by_name[row["Partnership A"]] for row in csv_rows(
        exports.tournament_results(tournament, "csv")) if row["Status"] == "bye")


def test_a_bye_that_counts_as_nothing_shows_no_games(client, club):
    tournament = make_tournament(club, 3, "rounds", pairing="round_robin", tables_count=1,
                                 bye_result=Tournament.Bye.NOTHING)
    services.tournament_start(tournament=tournament)
    for _ in range(3):
        for pairing in in_play(tournament):
            play(pairing)
    tournament.refresh_from_db()
    rows = csv_rows(exports.tournament_results(tournament, "csv"))
    assert {(row["Games A"], row["Games B"]) for row in rows if row["Status"] == "bye"} <= {("0", "0")}
    assert_results_add_up_to_the_standings(client, tournament)


@pytest.mark.parametrize(("fmt", "column", "metric"), [
    ({"type": "partidas", "to_win": 2}, "Game sets", "partidas_won"),
    ({"type": "points", "target": 240}, "Card points", "card_points"),
])
def test_a_bye_brings_the_game_sets_or_card_points_the_standings_count(club, fmt, column, metric):
    tournament = make_tournament(club, 3, "rounds", fmt=fmt, pairing="swiss", rounds_count=2,
                                 tables_count=1)
    services.tournament_start(tournament=tournament)
    [first] = in_play(tournament)
    services.pairing_walkover(pairing=first, present="B")
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    found = Counter()
    for row in csv_rows(exports.tournament_results(tournament, "csv")):
        found[row["Partnership A"]] += int(row[f"{column} A"])
        if row["Partnership B"]:
            found[row["Partnership B"]] += int(row[f"{column} B"])
    assert found == Counter({
        s.entry.partnership.display_name: getattr(s.row, metric)
        for s in selectors.standings(tournament, list(selectors.pairings(tournament)),
                                     selectors.entries(tournament))})
