"""A 128-partnership knockout on 64 tables: its files and its table cards are complete and
correct (the "Done when" of issue 5). Each test builds the event and plays its first round."""

import csv
import io

import pytest

from tests.jobs.conftest import export_file, pdf_pages
from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import export_jobs, exports, services
from tournaments.printing import printables
from tournaments.transfer import tournament_dump

ENTRIES, TABLES = 128, 64


def rows(content: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))[1:]


@pytest.fixture
def big(club):
    """128 partnerships on 64 tables, one deal a match; the first round played."""
    tournament = make_tournament(club, ENTRIES, tables_count=TABLES,
                                 fmt={"type": "fixed_deals", "deals": 1})
    services.tournament_start(tournament=tournament)
    for pairing in in_play(tournament):
        play(pairing)
    tournament.refresh_from_db()
    return tournament


def test_the_files_have_every_entry_every_match_and_every_deal(big):
    standings = rows(exports.tournament_standings(big, "csv"))
    assert len(standings) == ENTRIES
    assert {row[1] for row in standings} == {e.partnership.display_name for e in big.entries.all()}

    results = rows(exports.tournament_results(big, "csv"))
    first_round = [r for r in results if r[0] == "Round of 128"]
    assert len(first_round) == 64 and all(r[11] == "finished" for r in first_round)
    assert len(results) == 64 + 32  # the second round is drawn and on the tables
    assert len(rows(exports.tournament_deals(big, "csv"))) == 64  # one deal a match so far

    data = tournament_dump(big)
    assert len(data["entries"]) == ENTRIES and len(data["tables"]) == TABLES
    assert [len(r["pairings"]) for r in data["rounds"]] == [64, 32]


def test_there_is_a_qr_card_for_every_table_four_to_a_page(big, run_queued):
    cards = printables.table_cards(big, "https://sueca.example")
    assert [c.number for c in cards] == list(range(1, TABLES + 1))
    assert len({c.url for c in cards}) == TABLES
    assert all(c.url.startswith("https://sueca.example/r/") for c in cards)
    with run_queued():  # the way the organiser gets it: through the task
        export, _ = export_jobs.tournament_export_request(
            tournament=big, kind="cards", fmt="pdf", params={"base_url": "https://sueca.example/"})
    content = export_file(export)
    assert content.startswith(b"%PDF-") and pdf_pages(content) == TABLES // 4
    assert export.progress == 100


def test_the_poster_and_the_score_sheets_cover_the_whole_field(big):
    poster = printables.bracket_pdf(big)
    # four pages of 16 first-round matches each, then the quarter-finals to the final
    assert poster.startswith(b"%PDF-") and pdf_pages(poster) == 5
    assert pdf_pages(printables.score_sheets_pdf(big)) == 32  # the matches of round 2
