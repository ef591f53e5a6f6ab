"""Paper for a tournament: QR table cards, blank score sheets, the bracket poster, the final
results. Each has its data here (shared by the print pages and the PDFs) and a PDF builder.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from sueca_club.models import Partnership
from tournaments import presenters, selectors
from tournaments.models import Round, Tournament
from tournaments.pdf import Document

Progress = Callable[[int], None]

# The card speaks Portuguese and English whatever the page's language: it serves every player.
HOW_TO = {
    "pt": ("Aponte a câmara do telemóvel a este código.",
           "Abre-se o jogo desta mesa: não precisa de conta.",
           "Marque cada mão assim que acabar."),
    "en": ("Point your phone's camera at this code.",
           "This table's match opens: no account needed.",
           "Enter each deal as soon as it ends."),
}


def no_progress(percent: int) -> None:
    pass


# QR table cards -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Card:
    number: int
    url: str


def table_cards(tournament: Tournament, base_url: str) -> list[Card]:
    base = base_url.rstrip("/")
    return [Card(t.number, base + t.link.get_absolute_url())
            for t in tournament.tables.select_related("link").order_by("number")]


CARD_W, CARD_H = 105.0, 148.5  # four A6 cards on an A4 sheet


def table_cards_pdf(tournament: Tournament, *, base_url: str, progress: Progress = no_progress) -> bytes:
    cards = table_cards(tournament, base_url)
    doc = Document(title=_("QR cards") + f" · {tournament.name}")
    doc.set_margins(0, 0, 0)
    for i, card in enumerate(cards):
        if i % 4 == 0:
            doc.add_page()
            doc.set_draw_color(150)
            doc.set_dash_pattern(dash=2, gap=2)
            doc.line(CARD_W, 0, CARD_W, 2 * CARD_H)
            doc.line(0, CARD_H, 2 * CARD_W, CARD_H)
            doc.set_dash_pattern()
            doc.set_draw_color(0)
            progress(100 * i // len(cards))
        x, y = (i % 2) * CARD_W, ((i % 4) // 2) * CARD_H
        doc.put(x + 8, y + 8, CARD_W - 16, 6, tournament.name, size=10, align="C")
        doc.put(x + 8, y + 15, CARD_W - 16, 14, f"Mesa {card.number} · Table {card.number}",
                size=24, bold=True, align="C")
        doc.qr(card.url, x + (CARD_W - 62) / 2, y + 31, 62)
        line_y = y + 96
        for lang in ("pt", "en"):
            for n, text in enumerate(HOW_TO[lang], start=1):
                doc.put(x + 8, line_y, CARD_W - 16, 5, f"{n}. {text}", size=8.5,
                        bold=lang == "pt")
                line_y += 5.2
            line_y += 2.5
        doc.put(x + 8, y + CARD_H - 12, CARD_W - 16, 4, card.url, size=6, align="C")
    return doc.content()


# Blank paper score sheets --------------------------------------------------------------------

@dataclass(frozen=True)
class Sheet:
    round: str
    table: int | None
    a: str
    b: str
    seats: list[tuple[int, str, str]]  # (seat from 1, player, side)
    rows: int

    @property
    def numbers(self) -> range:
        return range(1, self.rows + 1)


SHEET_ROWS = 24


def _seats(a: Partnership, b: Partnership) -> list[tuple[int, str, str]]:
    """A sits at seats 1 and 3, B at 2 and 4, in the order of play (scoring.selectors.seats)."""
    players = [(a.player_1, "A"), (b.player_1, "B"), (a.player_2, "A"), (b.player_2, "B")]
    return [(i, player.name, side) for i, (player, side) in enumerate(players, start=1)]


def score_sheets(tournament: Tournament) -> list[Sheet]:
    """One sheet per match of the current round (byes and walkovers need none)."""
    current = selectors.last_round(tournament)
    if current is None:
        return []
    fmt = tournament.format
    rows = SHEET_ROWS
    if fmt.get("type") == "fixed_deals" and fmt.get("deals"):
        rows = min(SHEET_ROWS, fmt["deals"] + (4 if current.stage == Round.Stage.KNOCKOUT else 0))
    pairings = [p for p in selectors.round_pairings(tournament, current.number)
                if p.b_id and not p.walkover]
    pairings.sort(key=lambda p: (p.table is None, p.table.number if p.table else 0, p.slot))
    return [Sheet(presenters.round_title(current), p.table.number if p.table_id else None,
                  p.a.partnership.display_name, p.b.partnership.display_name,
                  _seats(p.a.partnership, p.b.partnership), rows) for p in pairings]


def sheet_columns() -> list[tuple[str, float]]:
    return [(_("Deal"), 14), (_("Dealer"), 18), (_("Trump"), 18), (_("Points A"), 22),
            (_("Points B"), 22), (_("Games A"), 20), (_("Games B"), 20), (_("Total A"), 26),
            (_("Total B"), 26)]


def score_sheets_pdf(tournament: Tournament, progress: Progress = no_progress) -> bytes:
    sheets = score_sheets(tournament)
    doc = Document(title=_("Paper score sheets") + f" · {tournament.name}")
    if not sheets:
        doc.add_page()
        doc.put(12, 20, 186, 10, _("No match to play in the current round."), size=14)
    for i, sheet in enumerate(sheets):
        doc.add_page()
        progress(100 * i // len(sheets))
        table = _("Table %(number)s") % {"number": sheet.table} if sheet.table else ""
        doc.put(12, 12, 186, 7, tournament.name, size=11)
        doc.put(12, 19, 140, 10, sheet.round, size=18, bold=True)
        doc.put(150, 19, 48, 10, table, size=18, bold=True, align="R")
        doc.put(12, 31, 186, 7, f"A: {sheet.a}", size=12, bold=True)
        doc.put(12, 38, 186, 7, f"B: {sheet.b}", size=12, bold=True)
        for n, (seat, player, side) in enumerate(sheet.seats):
            doc.put(12 + (n % 2) * 93, 47 + (n // 2) * 6, 93, 6,
                    _("Seat %(seat)s (%(side)s): %(player)s")
                    % {"seat": seat, "side": side, "player": player}, size=10)
        doc.put(12, 60, 186, 6, _("First dealer (seat): ____"),
                size=10)
        columns = sheet_columns()
        y, row_h = 70.0, min(8.0, 190 / (sheet.rows + 1))
        x = 12.0
        for title, width in columns:
            doc.put(x, y, width, row_h, title, size=8.5, bold=True, align="C", border=1)
            x += width
        for number in range(1, sheet.rows + 1):
            y += row_h
            x = 12.0
            for col, (_title, width) in enumerate(columns):
                doc.put(x, y, width, row_h, number if col == 0 else "", size=9, align="C",
                        border=1)
                x += width
        y += row_h + 8
        doc.put(12, y, 186, 6, _("Result: A ______  B ______"), size=11, bold=True)
        doc.put(12, y + 10, 93, 6, _("Signature A: ____________________"), size=10)
        doc.put(105, y + 10, 93, 6, _("Signature B: ____________________"), size=10)
    return doc.content()


# The bracket as a poster ----------------------------------------------------------------------

def tournament_bracket(tournament: Tournament) -> presenters.Bracket:
    knockout = selectors.pairings(tournament).filter(round__stage=Round.Stage.KNOCKOUT)
    return presenters.bracket(tournament, presenters.lines(tournament, knockout))


PER_PAGE = 16  # first-column matches on one poster page; larger brackets go on several


def poster_pages(columns: list) -> list[list[tuple[str, list]]]:
    """Split a bracket's columns into pages of at most PER_PAGE first-column matches: a page per
    section of the early rounds, then the later rounds from the sections' winners on."""
    if not columns or len(columns[0].lines) <= PER_PAGE:
        return [[(c.title, c.lines) for c in columns]]
    sections = len(columns[0].lines) // PER_PAGE
    pages = []
    for s in range(sections):
        page = []
        for column in columns:
            size = len(column.lines) // sections
            if size < 1:
                break
            page.append((column.title, column.lines[s * size:(s + 1) * size]))
            if size == 1:
                break
        pages.append(page)
    later = next(i for i, c in enumerate(columns) if len(c.lines) <= sections)
    return pages + poster_pages(columns[later:])


def _box(doc: Document, x, y, w, h, line) -> None:
    doc.set_fill_color(255, 255, 255)
    doc.rect(x, y, w, h)
    size = max(5.0, min(10.0, h * 1.1))
    half = h / 2
    if line is None:
        doc.put(x, y, w, half, "", size=size)
        doc.line(x, y + half, x + w, y + half)
        return
    names = (line.a, _("bye") if line.is_bye else line.b)
    for side, (name, games) in enumerate(zip(names, line.games, strict=True)):
        won = line.winner == "AB"[side]
        doc.put(x, y + side * half, w - 9, half, name, size=size, bold=won)
        if not line.is_bye:
            doc.put(x + w - 9, y + side * half, 9, half, games, size=size, bold=won, align="R")
    doc.line(x, y + half, x + w, y + half)


def bracket_pdf(tournament: Tournament, *, paper: str = "a3", progress: Progress = no_progress) -> bytes:
    result = tournament_bracket(tournament)
    paper = "A4" if paper.lower() == "a4" else "A3"
    doc = Document(orientation="L", paper=paper, title=_("Bracket") + f" · {tournament.name}")
    pages = poster_pages(result.columns) if result.columns else []
    if not pages:
        doc.add_page()
        doc.put(12, 12, doc.w - 24, 12, tournament.name, size=20, bold=True)
        doc.put(12, 30, doc.w - 24, 8, _("The bracket is drawn when the knockout starts."), size=12)
    for number, page in enumerate(pages, start=1):
        doc.add_page()
        progress(100 * (number - 1) // len(pages))
        title = tournament.name + (f" ({number}/{len(pages)})" if len(pages) > 1 else "")
        doc.put(12, 8, doc.w - 24, 12, title, size=20, bold=True)
        top, bottom = 30.0, doc.h - (34 if result.third and number == len(pages) else 12)
        gap = 8.0
        width = min(75.0, (doc.w - 24 - gap * (len(page) - 1)) / len(page))
        first = len(page[0][1])
        box_h = min(18.0, (bottom - top) / first - 3)
        for j, (heading, lines) in enumerate(page):
            x = 12 + j * (width + gap)
            doc.put(x, top - 8, width, 6, heading, size=10, bold=True, align="C")
            slot = (bottom - top) / len(lines)
            for i, line in enumerate(lines):
                y = top + (i + 0.5) * slot - box_h / 2
                _box(doc, x, y, width, box_h, line)
                if j + 1 < len(page):  # the elbow to the match the winner goes to
                    mid_y = y + box_h / 2
                    next_y = top + (i // 2 + 0.5) * (slot * 2)
                    doc.line(x + width, mid_y, x + width + gap / 2, mid_y)
                    doc.line(x + width + gap / 2, mid_y, x + width + gap / 2, next_y)
                    doc.line(x + width + gap / 2, next_y, x + width + gap, next_y)
        last = page[-1][1]
        if number == len(pages) and len(last) == 1 and last[0] and last[0].winner:
            x = 12 + len(page) * (width + gap)
            if x + width <= doc.w - 12:  # the champion, right of the final
                winner = last[0].a if last[0].winner == "A" else last[0].b
                y = top + (bottom - top) / 2
                doc.put(x, y - 13, width, 6, _("Champion"), size=10, bold=True, align="C")
                doc.put(x, y - 6, width, 12, winner, size=13, bold=True, align="C", border=1)
                doc.line(x - gap, y, x, y)
        if result.third and number == len(pages):
            doc.put(doc.w - 12 - width, doc.h - 32, width, 6, _("Third-place match"), size=10,
                    bold=True)
            _box(doc, doc.w - 12 - width, doc.h - 25, width, 14, result.third)
    return doc.content()


# Final results --------------------------------------------------------------------------------

@dataclass(frozen=True)
class FinalResults:
    champion: str | None
    podium: list[tuple[str, str]]  # (place, partnership)
    standings: list[selectors.Standing]
    finished: bool


def final_results(tournament: Tournament) -> FinalResults:
    all_pairings = list(selectors.pairings(tournament))
    entries = selectors.entries(tournament)
    ranked = selectors.standings(tournament, all_pairings, entries)
    names = {e.pk: e.partnership.display_name for e in entries}
    champion = names.get(tournament.champion_id)
    podium = []
    if champion:
        podium.append((_("Champion"), champion))
    final = next((p for p in reversed(all_pairings) if p.round.code == "final"
                  and not p.third_place and p.finished and p.b_id), None)
    if final and final.winner_id:
        podium.append((_("Runner-up"), names[final.b_id if final.winner_id == final.a_id else final.a_id]))
    third = next((p for p in all_pairings if p.third_place and p.finished and p.winner_id), None)
    if third:
        podium.append((_("Third place"), names[third.winner_id]))
    return FinalResults(champion, podium, ranked,
                        tournament.status == Tournament.Status.FINISHED)


def final_results_pdf(tournament: Tournament, progress: Progress = no_progress) -> bytes:
    results = final_results(tournament)
    doc = Document(title=_("Final results") + f" · {tournament.name}")
    doc.set_auto_page_break(True, margin=12)
    doc.add_page()
    doc.put(12, 12, 186, 12, tournament.name, size=22, bold=True, align="C")
    when = " · ".join(filter(None, [tournament.place, tournament.starts_on and
                                     date_format(tournament.starts_on)]))  # the language's way
    doc.put(12, 24, 186, 7, when, size=11, align="C")
    y = 36.0
    if results.champion:
        doc.put(12, y, 186, 9, _("Champion"), size=14, align="C")
        doc.put(12, y + 9, 186, 16, results.champion, size=26, bold=True, align="C")
        y += 30
    else:
        doc.put(12, y, 186, 9, _("The tournament is still being played: the standings so far."),
                size=12, align="C")
        y += 14
    for place, name in results.podium[1:]:
        doc.put(12, y, 186, 7, f"{place}: {name}", size=12, align="C")
        y += 8
    progress(40)
    doc.set_xy(12, y + 6)
    doc.font(9)
    headings = ["#", _("Partnership"), _("Points"), _("Played"), _("Won"), _("Lost"),
                _("Games won")]
    with doc.table(col_widths=(10, 86, 18, 18, 18, 18, 18), text_align=(
            "RIGHT", "LEFT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT"),
            line_height=6, first_row_as_headings=True, repeat_headings=1) as table:
        table.row([doc.clean(h) for h in headings])
        for standing in results.standings:
            row = standing.row
            name = standing.entry.partnership.display_name
            if standing.entry.withdrawn:
                name = f"{name} ({_('withdrawn')})"
            table.row([str(row.rank), doc.fit(name, 84), str(row.points), str(row.played),
                       str(row.won), str(row.lost), str(row.games_won)])
    return doc.content()
