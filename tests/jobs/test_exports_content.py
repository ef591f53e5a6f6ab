"""Spreadsheets of a tournament and of a club season: the rows and headers a club reads."""

import csv
import datetime
import io

import openpyxl
import pytest
from django.utils import timezone

from scoring.models import Deal, Match
from tests.conftest import make_match
from tests.tournaments.helpers import record
from tournaments import exports


def read_csv(content: bytes) -> list[list[str]]:
    assert content.startswith("\ufeff".encode())  # spreadsheet programs then read the accents
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


def read_xlsx(content: bytes) -> list[list]:
    book = openpyxl.load_workbook(io.BytesIO(content), read_only=True)
    return [list(row) for row in book.active.iter_rows(values_only=True)]


def test_the_standings_csv_has_a_row_per_entry_in_ranked_order(finished_knockout):
    rows = read_csv(exports.tournament_standings(finished_knockout, "csv"))
    assert rows[0][:3] == ["#", "Partnership", "Points"]
    assert len(rows) == 1 + 8
    # the final places: the third-place match parts 3 and 4, the quarter-finals' losers share 5
    assert [row[0] for row in rows[1:]] == ["1", "2", "3", "4", "5", "5", "5", "5"]
    champion = finished_knockout.champion.partnership.display_name
    assert rows[1][1] == champion


def test_the_results_csv_has_every_pairing_with_its_winner(finished_knockout):
    rows = read_csv(exports.tournament_results(finished_knockout, "csv"))
    assert rows[0] == ["Round", "Table", "Partnership A", "Partnership B", "Game sets A",
                       "Game sets B", "Games A", "Games B", "Card points A", "Card points B",
                       "Winner", "Status"]
    body = rows[1:]
    assert len(body) == 4 + 2 + 2  # quarter-finals, semi-finals, final and third place
    assert [r[0] for r in body].count("Final") == 2
    assert all(r[4:6] == ["", ""] for r in body)  # first to 4: no game sets
    assert all(r[11] == "finished" and r[10] == r[2] for r in body)  # A won everything
    assert all(int(r[8]) + int(r[9]) == 120 * int(r[6]) for r in body)  # one game a deal


def test_the_deals_csv_has_every_active_deal_with_a_running_tally(finished_knockout):
    rows = read_csv(exports.tournament_deals(finished_knockout, "csv"))
    header, body = rows[0], rows[1:]
    assert header[4:11] == ["Deal", "Game set", "Dealer's seat", "Trump", "Card points A",
                            "Card points B", "Card points scored"]
    active = Deal.objects.filter(match__pairing__round__tournament=finished_knockout, active=True)
    assert len(body) == active.count() == 8 * 2
    first, second = body[0], body[1]
    assert (first[4], first[8], first[9], first[10], first[15], first[16]) == (
        "1", "70", "50", "70-50", "1", "0")
    assert (second[4], second[15], second[16]) == ("2", "2", "0")


def test_the_xlsx_files_open_in_a_spreadsheet_with_the_same_rows_as_the_csv(finished_knockout):
    for build in (exports.tournament_standings, exports.tournament_results,
                  exports.tournament_deals):
        sheet = read_xlsx(build(finished_knockout, "xlsx"))
        text = read_csv(build(finished_knockout, "csv"))
        assert len(sheet) == len(text)
        assert [str(c) if c is not None else "" for c in sheet[0]] == text[0]


def test_a_withdrawn_partnership_is_marked_in_the_standings(swiss):
    entry = swiss.entries.order_by("pk").last()
    entry.withdrawn = True
    entry.save()
    rows = read_csv(exports.tournament_standings(swiss, "csv"))
    assert any(row[1].endswith("(withdrawn)") for row in rows[1:])


@pytest.fixture
def season(club, pair_a, pair_b, finished_knockout):
    """A friendly this year plus the knockout's matches, and one friendly long ago."""
    friendly = make_match(club, pair_a, pair_b)
    record(friendly, {"points": [73, 47]})
    old = make_match(club, pair_b, pair_a)
    Match.objects.filter(pk=old.pk).update(created_at=timezone.now() - datetime.timedelta(days=800))
    return friendly


def this_year():
    today = timezone.localdate()
    return datetime.date(today.year, 1, 1), today


def test_a_season_has_the_friendlies_and_the_tournament_matches_between_its_two_days(club, season):
    start, end = this_year()
    rows = read_csv(exports.season_results(club, start, end, "csv"))
    assert rows[0][:3] == ["Date", "Tournament", "Round"]
    body = rows[1:]
    assert len(body) == 1 + 8  # the friendly and the knockout's matches; not the old one
    assert [r[1] for r in body].count("Friendly") == 1
    assert sum(r[1] == "Torneio knockout 8" for r in body) == 8


def test_a_season_deals_file_has_every_deal_of_its_matches(club, season):
    start, end = this_year()
    rows = read_csv(exports.season_deals(club, start, end, "csv"))
    assert len(rows) - 1 == 1 + 8 * 2
    friendly = [r for r in rows[1:] if r[1] == "Friendly"]
    assert friendly[0][10:12] == ["73", "47"]


def test_a_season_standings_file_counts_each_partnerships_finished_matches(club, season):
    start, end = this_year()
    rows = read_xlsx(exports.season_standings(club, start, end, "xlsx"))
    assert rows[0][:3] == ["#", "Partnership", "Played"]
    played = sum(row[2] for row in rows[1:])
    assert played == 2 * 8  # the unfinished friendly is not counted
    assert rows[1][3] == 3  # the champion won three matches


@pytest.mark.parametrize("language", ["pt-pt", "pt-br"])
def test_a_portuguese_csv_separates_its_cells_with_semicolons_as_excel_reads_it_there(
        finished_knockout, language):
    from django.utils import translation

    with translation.override(language):
        content = exports.tournament_standings(finished_knockout, "csv")
    text = content.decode("utf-8-sig")
    assert text.splitlines()[0].startswith("#;")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert len(rows) == 1 + 8 and all(len(row) == len(rows[0]) for row in rows)
    assert rows[1][1] == finished_knockout.champion.partnership.display_name
