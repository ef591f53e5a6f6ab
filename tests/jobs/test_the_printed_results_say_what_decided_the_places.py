"""The printed final results (print page and PDF) carry what ranked partnerships level on
points, as the standings page does: the tie-break chain's columns, a 'Ranked by' line, and
the lot's † with its note. They showed points and results alone."""

import datetime
import shutil
import subprocess

import pytest

from tests.conftest import NO_PDFTOTEXT
from tests.tournaments.helpers import in_play, make_tournament, record
from tests.tournaments.public_helpers import play_rounds, swiss
from tournaments import services
from tournaments.printing import layout, printables

# pdftotext (Debian's poppler-utils, installed by .ci/run) reads the PDF's text back.
pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(not shutil.which("pdftotext"), reason=NO_PDFTOTEXT)]


def blocks(tournament, kind):
    return [block for page in printables.final_results_document(tournament).pages
            for block in page.blocks if isinstance(block, kind)]


def pdf_text(content: bytes) -> str:
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=content, capture_output=True,
                          check=True).stdout.decode()


def print_page(client, tournament) -> str:
    return client.get(f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}"
                      "/print/results/").content.decode()


def test_a_swiss_prints_the_buchholz_that_ordered_those_level_on_points(organiser_client, club):
    tournament = swiss(club, 8, rounds=3, tie_breaks=["points", "buchholz", "games_won", "lots"])
    play_rounds(tournament, 3)
    tournament.refresh_from_db()
    [table] = blocks(tournament, layout.Table)
    titles = [column.title for column in table.columns]
    assert "Buchholz" in titles
    rows = [dict(zip(titles, row, strict=True)) for row in table.rows]
    level = [row for row in rows if row["Points"] == rows[1]["Points"]]
    assert len(level) > 1  # three rounds of eight: some finish level on points
    assert [int(r["Buchholz"]) for r in level] == sorted((int(r["Buchholz"]) for r in level),
                                                         reverse=True)
    said = "Ranked by: points, Buchholz (the opponents' points), games won, drawing lots."
    assert said in [block.text for block in blocks(tournament, layout.Text)]
    text = pdf_text(printables.final_results_pdf(tournament))
    assert "Buchholz" in text and "Ranked by: points, Buchholz" in text
    page = print_page(organiser_client, tournament)
    assert ">Buchholz</th>" in page and "Ranked by: points, Buchholz" in page


def test_a_league_says_head_to_head_split_those_level_on_points(organiser_client, club):
    tournament = make_tournament(club, 4, "league", fmt={"type": "first_to", "target": 1},
                                 tables_count=2, starts_on=datetime.date(2026, 10, 5),
                                 tie_breaks=["points", "head_to_head", "games_won", "lots"])
    services.tournament_start(tournament=tournament)
    said = [block.text for block in blocks(tournament, layout.Text)]
    assert any(text.startswith("Ranked by: points, head-to-head, games won, drawing lots. "
                               "Head-to-head decides only among tied partnerships") for text in said)
    assert "Head-to-head decides only among tied partnerships" in pdf_text(
        printables.final_results_pdf(tournament))
    assert "Ranked by: points, head-to-head" in print_page(organiser_client, tournament)


def test_a_place_the_lot_decided_is_marked_and_said(organiser_client, club):
    tournament = make_tournament(club, 2, "rounds", fmt={"type": "fixed_deals", "deals": 2},
                                 pairing="round_robin", rounds_count=1, tables_count=1,
                                 tie_breaks=["points", "lots"])
    services.tournament_start(tournament=tournament)
    [drawn] = in_play(tournament)
    record(drawn.match, {"points": [70, 50]})
    record(drawn.match, {"points": [50, 70]})
    tournament.refresh_from_db()
    [table] = blocks(tournament, layout.Table)
    assert [row[0] for row in table.rows] == ["1†", "2†"]
    note = "† Order decided by lot: nothing else in the tie-break chain set these partnerships apart."
    assert note in [block.text for block in blocks(tournament, layout.Text)]
    assert "decided by lot" in pdf_text(printables.final_results_pdf(tournament))
    assert "1†" in print_page(organiser_client, tournament)

