"""Paper: QR table cards, blank score sheets, the bracket poster and the final results, as
PDFs (fpdf2, a font that installs with pip) and as pages made for printing."""

import html

import pytest

from tests.jobs.conftest import pdf_pages
from tests.tournaments.helpers import make_tournament
from tournaments import services, standings_tables
from tournaments.printing import layout, pdf, printables


def test_the_pdfs_embed_a_font_that_came_with_pip():
    files = pdf.font_files()
    assert files is not None and "font_roboto" in files[""]


def test_the_table_cards_pdf_has_a_card_per_table_with_its_link(finished_knockout):
    content = printables.table_cards_pdf(finished_knockout, base_url="http://club.example")
    assert content.startswith(b"%PDF-") and pdf_pages(content) == 1  # 4 tables, 4 to a page
    cards = printables.table_cards(finished_knockout, "http://club.example/")
    tokens = finished_knockout.tables.order_by("number").values_list("link__token", flat=True)
    assert [c.url for c in cards] == [f"http://club.example/r/{token}/" for token in tokens]


def test_a_score_sheet_names_both_sides_and_their_seats(swiss):
    sheets = printables.score_sheets(swiss)
    assert len(sheets) == 3 and [s.table for s in sheets] == [1, 2, 3]
    sheet = sheets[0]
    assert [seat for seat, _player, _side in sheet.seats] == [1, 2, 3, 4]
    assert [side for _seat, _player, side in sheet.seats] == ["A", "B", "A", "B"]
    assert sheet.a.startswith(sheet.seats[0][1]) and sheet.rows == 2  # two fixed deals
    content = printables.score_sheets_pdf(swiss)
    assert content.startswith(b"%PDF-") and pdf_pages(content) == 3


def sheet_lines(tournament) -> list[str]:
    page = printables.score_sheets_document(tournament).pages[0]
    return [block.text for block in page.blocks if isinstance(block, layout.Text)]


def test_a_score_sheet_says_the_match_format_and_asks_for_the_game_sets(club):
    tournament = make_tournament(club, 4, tables_count=2,
                                 fmt={"type": "partidas", "to_win": 2, "target": 4})
    services.tournament_start(tournament=tournament)
    lines = sheet_lines(tournament)
    assert "First to 2 game sets of 4 games" in lines
    assert lines.index("Game sets: A ______  B ______") < lines.index(
        "Result: A ______  B ______")


def test_a_score_sheet_of_fixed_deals_asks_for_no_game_sets(swiss):
    lines = sheet_lines(swiss)
    assert "2 deals" in lines and not any(line.startswith("Game sets") for line in lines)


def test_the_bracket_poster_is_one_landscape_a3_page_with_the_third_place_match(finished_knockout):
    content = printables.bracket_pdf(finished_knockout)
    assert content.startswith(b"%PDF-") and pdf_pages(content) == 1
    assert b"/MediaBox [0 0 1190.55 841.89]" in content  # A3, landscape
    a4 = printables.bracket_pdf(finished_knockout, paper="a4")
    assert b"/MediaBox [0 0 841.89 595.28]" in a4


def test_the_final_results_crown_the_champion_and_list_the_podium(finished_knockout):
    results = printables.final_results(finished_knockout)
    champion = finished_knockout.champion.partnership.display_name
    assert results.champion == champion and results.finished
    assert [place for place, _name in results.podium] == ["Champion", "Runner-up", "Third place"]
    assert len(results.standings) == 8
    content = printables.final_results_pdf(finished_knockout)
    assert content.startswith(b"%PDF-") and pdf_pages(content) == 1


def test_without_the_pip_font_the_pdfs_fall_back_to_a_core_font(finished_knockout, monkeypatch):
    pdf.font_files.cache_clear()
    monkeypatch.setattr(pdf, "DEJAVU", pdf.Path("/nonexistent"))
    monkeypatch.setitem(__import__("sys").modules, "font_roboto", None)
    try:
        content = printables.final_results_pdf(finished_knockout)
    finally:
        pdf.font_files.cache_clear()
    assert content.startswith(b"%PDF-") and b"/Helvetica" in content


@pytest.mark.parametrize("page", ["sheets", "bracket", "results"])
def test_the_pages_made_for_paper_print_on_a4(organiser_client, finished_knockout, page):
    t = finished_knockout
    response = organiser_client.get(f"/manage/{t.club.slug}/tournaments/{t.slug}/print/{page}/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "css/print.css" in body and "data-print" in body  # A4 @page rules, a Print button
    assert "Download as PDF" in body


def test_the_printed_results_page_shows_the_champion(organiser_client, finished_knockout):
    body = organiser_client.get(
        f"/manage/{finished_knockout.club.slug}/tournaments/{finished_knockout.slug}/print/results/").content.decode()
    assert html.escape(finished_knockout.champion.partnership.display_name) in body
    assert "Runner-up" in body


def test_a_tournament_of_rounds_has_no_bracket_page(organiser_client, swiss):
    response = organiser_client.get(f"/manage/{swiss.club.slug}/tournaments/{swiss.slug}/print/bracket/")
    assert response.status_code == 404


@pytest.mark.parametrize("language", ["pt-pt", "pt-br", "en"])
def test_a_pdf_tables_headings_wrap_between_words_never_inside_one(language):
    """The final results' narrow number columns under Portuguese headings ("Disputadas" was
    printed "Disputada" over "s"): each column is as wide as its heading's longest word, and
    the table still fills the page."""
    from django.utils import translation

    from tournaments.models import Tournament

    swiss = Tournament(structure="rounds", pairing="swiss", format={"type": "fixed_deals"},
                       tie_breaks=["points", "buchholz", "card_point_difference", "lots"])
    with translation.override(language):
        block = layout.Table([layout.Column(str(column.header),
                                            printables.WIDTHS.get(column.name, 16))
                              for column in standings_tables.paper_columns(swiss)], [])
        doc = pdf.Document()
        widths = pdf._column_widths(doc, block, 180, 9)
        doc.font(9, bold=True)
        for column, width in zip(block.columns, widths, strict=True):
            longest = max(doc.get_string_width(word) for word in column.title.split())
            assert longest + 2 * doc.c_margin <= width, column.title
    assert sum(widths) == pytest.approx(180)


def test_the_final_results_rows_add_up_with_their_draws_and_byes(club):
    """A Swiss of five: every round has a bye, and a level fixed-deal match is a draw."""
    from tests.tournaments.helpers import in_play, make_tournament, record
    from tournaments import services

    tournament = make_tournament(club, 5, "rounds", fmt={"type": "fixed_deals", "deals": 2},
                                 pairing="swiss", rounds_count=1, tables_count=2)
    services.tournament_start(tournament=tournament)
    drawn, won = in_play(tournament)
    record(drawn.match, {"points": [70, 50]})
    record(drawn.match, {"points": [50, 70]})
    for _ in range(2):
        record(won.match, {"points": [70, 50]})
    [table] = [block for page in printables.final_results_document(tournament).pages
               for block in page.blocks if isinstance(block, layout.Table)]
    titles = [column.title for column in table.columns]
    assert titles[2:9] == ["Points", "Played", "Won", "Drawn", "Lost", "Byes", "Games won"]
    rows = [dict(zip(titles, row, strict=True)) for row in table.rows]
    for row in rows:
        assert int(row["Played"]) == int(row["Won"]) + int(row["Drawn"]) + int(row["Lost"])
    assert sorted((r["Won"], r["Drawn"], r["Lost"], r["Byes"]) for r in rows) == [
        ("0", "0", "0", "1"), ("0", "0", "1", "0"), ("0", "1", "0", "0"), ("0", "1", "0", "0"),
        ("1", "0", "0", "0")]


def printed_boxes(tournament) -> list[layout.Box]:
    return [box for page in printables.bracket_document(tournament).pages
            for block in page.blocks if isinstance(block, layout.Bracket)
            for round_ in [*block.rounds, layout.Round("", [block.third] if block.third else [])]
            for box in round_.boxes]


def test_the_printed_bracket_marks_a_walkover_beside_who_did_not_come(club):
    from tests.tournaments.helpers import in_play, make_tournament
    from tournaments import services

    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    first = in_play(tournament)[0]
    services.pairing_walkover(pairing=first, present="B")
    walkover = next(box for box in printed_boxes(tournament)
                    if box.sides[1].name == first.b.partnership.display_name)
    assert [(side.games, side.won) for side in walkover.sides] == [("absent", False), ("", True)]


def test_the_printed_bracket_marks_both_sides_of_a_double_forfeit(organiser_client, club):
    from tests.tournaments.helpers import final_neither_came

    tournament, final, _third = final_neither_came(club)
    [box] = [box for box in printed_boxes(tournament)
             if box.sides[0].name == final.a.partnership.display_name
             and box.sides[1].name == final.b.partnership.display_name]
    assert [(side.games, side.won) for side in box.sides] == [("absent", False), ("absent", False)]
    page = organiser_client.get(
        f"/manage/{club.slug}/tournaments/{tournament.slug}/print/bracket/").content.decode()
    assert page.count("<span>absent</span>") == 2


@pytest.mark.parametrize(("draw", "lines"), [("random", True), ("redraw", False)])
def test_a_knockout_drawn_afresh_each_round_is_printed_without_lines_between_rounds(
        club, draw, lines, monkeypatch):
    from tests.tournaments.helpers import make_tournament
    from tournaments import services

    tournament = make_tournament(club, 8, tables_count=4, draw=draw)
    services.tournament_start(tournament=tournament)
    [bracket] = [block for page in printables.bracket_document(tournament).pages
                 for block in page.blocks if isinstance(block, layout.Bracket)]
    assert bracket.linked is lines
    drawn = []
    monkeypatch.setattr(pdf.Document, "line", lambda self, *xy: drawn.append(xy))
    printables.bracket_pdf(tournament)
    elbows = [(x1, y1, x2, y2) for x1, y1, x2, y2 in drawn if x1 == x2]  # boxes: across only
    assert bool(elbows) is lines


def test_the_final_results_of_a_final_neither_came_to_crown_nobody_and_keep_the_third_place(club):
    from tests.tournaments.helpers import final_neither_came

    tournament, final, third = final_neither_came(club)
    texts = [block.text for block in printables.final_results_document(tournament).pages[0].blocks
             if isinstance(block, layout.Text)]
    winner = third.a.partnership.display_name
    assert "Final: neither partnership came, so nobody is champion." in texts
    assert not any("still being played" in text for text in texts)
    assert f"Third place: {winner}" in texts and "Final placings" in texts
    ranks = [(s.row.rank, s.entry.pk) for s in printables.final_results(tournament).standings]
    assert sorted(ranks[:2]) == sorted([(2, final.a_id), (2, final.b_id)])
    assert ranks[2:4] == [(3, third.a_id), (4, third.b_id)]
