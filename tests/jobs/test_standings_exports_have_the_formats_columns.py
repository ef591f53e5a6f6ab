"""The standings CSV and XLSX had every column, "Game sets won" and "Game sets lost" always 0
where the matches have no game sets (fixed deals, points); they now have the standings page's
columns (standings_tables.columns_for)."""

import pytest

from tests.jobs.test_exports_content import read_csv, read_xlsx
from tests.tournaments.helpers import make_tournament
from tests.tournaments.test_public_standings import HEADERS, names
from tournaments import exports
from tournaments.standings_tables import COLUMNS


def headers(tournament, fmt: str = "csv") -> list[str]:
    content = exports.tournament_standings(tournament, fmt)
    return [str(cell) for cell in (read_csv if fmt == "csv" else read_xlsx)(content)[0]]


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_a_swiss_of_fixed_deals_has_no_game_sets(swiss, fmt):
    assert headers(swiss, fmt) == HEADERS  # draws and Buchholz, yes


def test_the_points_format_has_neither_game_sets_nor_games(club):
    tournament = make_tournament(club, 4, fmt={"type": "points", "target": 200})
    assert headers(tournament) == ["#", "Partnership", "Points", "Played", "Won", "Lost",
                                   "Byes", "Card points", "Card-point difference"]


def test_game_sets_stay_where_the_matches_have_them(club):
    tournament = make_tournament(club, 4, fmt={"type": "partidas"})
    assert {"Game sets won", "Game sets lost"} <= set(headers(tournament))


@pytest.mark.parametrize("fmt", [{"type": "fixed_deals"}, {"type": "points"},
                                 {"type": "partidas"}])
def test_the_file_has_the_columns_of_the_standings_page(client, club, fmt):
    tournament = make_tournament(club, 4, fmt=fmt)
    page = client.get(f"/t/{tournament.slug}/standings/")
    header_of = {column.name: str(column.header) for column in COLUMNS}
    assert headers(tournament) == [header_of[name] for name in names(page)]
