"""Paper for a tournament: QR table cards, blank score sheets, the bracket poster, the final
results. Each is described once here, as a tournaments.printing.layout.Document (its words, their
order, its pages), which the print page (templates/tournaments/print/) and the PDF
(tournaments.printing.pdf.render) both render.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext

from scoring import presenters as scoring_presenters
from sueca_club.models import Partnership
from tournaments import bracket_ahead, double_bracket, presenters, selectors, standings_tables
from tournaments.models import Round, Tournament
from tournaments.printing import layout

Progress = Callable[[int], None]

HOW_TO = (gettext_noop("Point your phone's camera at this code."),
          gettext_noop("This table's match opens: no account needed."),
          gettext_noop("Enter each deal as soon as it ends."))


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


def table_cards_document(tournament: Tournament, base_url: str) -> layout.Document:
    """A card per table, in Portuguese (Brazil's when the page is in it, else Portugal's) and
    in English whatever the page's language: it serves every player."""
    languages = ("pt-br" if translation.get_language() == "pt-br" else "pt-pt", "en")
    pages = []
    for card in table_cards(tournament, base_url):
        number = {"number": card.number}
        pages.append(layout.Page([
            layout.Text(tournament.name, layout.SMALL, "center"),
            # "Mesa 1 · Table 1" wraps between the languages, never inside one's "Table 1".
            layout.Text(" · ".join((_in(lang, "Table %(number)s") % number).replace(" ", "\u00a0")
                                   for lang in languages), layout.NUMBER, "center"),
            layout.Qr(card.url, reverse("manage_tournaments:table_qr",
                                        args=[tournament.club.slug, tournament.slug, card.number]),
                      _("QR code of the referee link of table %(number)s") % number),
            *(layout.Steps([_in(lang, step) for step in HOW_TO], lang, strong=n == 0)
              for n, lang in enumerate(languages)),
            layout.Text(card.url, layout.TINY, "center"),
        ]))
    return layout.Document(_("QR cards") + f" · {tournament.name}", pages, layout.CARD)


def _in(language: str, message: str) -> str:
    with translation.override(language):
        return _(message)


def table_cards_pdf(tournament: Tournament, *, base_url: str, progress: Progress = no_progress) -> bytes:
    return _pdf(table_cards_document(tournament, base_url), progress)


# Blank paper score sheets --------------------------------------------------------------------

@dataclass(frozen=True)
class Sheet:
    round: str
    table: int | None
    a: str
    b: str
    seats: list[tuple[int, str, str]]  # (seat from 1, player, side)
    rows: int
    format: str  # "First to 2 game sets of 4 games"
    in_sets: bool  # game sets are won, as well as games

    @property
    def numbers(self) -> range:
        return range(1, self.rows + 1)


SHEET_ROWS = 24


def _seats(a: Partnership, b: Partnership) -> list[tuple[int, str, str]]:
    """A sits at the odd seats, B at the even ones, in the order of play (1 to 4, or to 8
    with the double pack; scoring.selectors.seats)."""
    players = [seat for pair in zip(a.players, b.players, strict=True)
               for seat in ((pair[0], "A"), (pair[1], "B"))]
    return [(i, player.name, side) for i, (player, side) in enumerate(players, start=1)]


def score_sheets(tournament: Tournament) -> list[Sheet]:
    """One sheet per match of the current round (byes and walkovers need none)."""
    current = selectors.current_round(tournament)  # a league's: the last matchday opened
    if current is None:
        return []
    deciding = current.stage == Round.Stage.DECIDING
    fmt = tournament.deciding_format if deciding else tournament.format
    rows = SHEET_ROWS
    if fmt.get("type") == "fixed_deals" and fmt.get("deals"):  # a match that needs a winner deals on
        dealing_on = deciding or current.stage == Round.Stage.KNOCKOUT
        rows = min(SHEET_ROWS, fmt["deals"] + (4 if dealing_on else 0))
    pairings = [p for p in selectors.round_pairings(tournament, current.number)
                if p.b_id and not p.walkover]
    pairings.sort(key=lambda p: (p.table is None, p.table.number if p.table else 0, p.slot))
    return [Sheet(presenters.round_title(current), p.table.number if p.table_id else None,
                  p.a.partnership.display_name, p.b.partnership.display_name,
                  _seats(p.a.partnership, p.b.partnership), rows,
                  scoring_presenters.match_text(fmt, tournament.rules),
                  fmt.get("type") == "partidas") for p in pairings]


def sheet_columns() -> list[layout.Column]:
    return [layout.Column(title, width) for title, width in (
        (_("Deal"), 14), (_("Dealer"), 18), (_("Trump"), 18), (_("Points A"), 22),
        (_("Points B"), 22), (_("Games A"), 20), (_("Games B"), 20), (_("Total A"), 26),
        (_("Total B"), 26))]


def score_sheets_document(tournament: Tournament) -> layout.Document:
    pages = []
    for sheet in score_sheets(tournament):
        table = _("Table %(number)s") % {"number": sheet.table} if sheet.table else ""
        columns = sheet_columns()
        pages.append(layout.Page([
            layout.Text(tournament.name),
            layout.Text(sheet.round, layout.TITLE, right=table),
            layout.Text(sheet.format, layout.SMALL),
            layout.Text(f"A: {sheet.a}", layout.STRONG),
            layout.Text(f"B: {sheet.b}", layout.STRONG),
            layout.Grid([_("Seat %(seat)s (%(side)s): %(player)s")
                         % {"seat": seat, "side": side, "player": player}
                         for seat, player, side in sheet.seats]),
            layout.Text(_("First dealer (seat): ____"), layout.SMALL),
            layout.Table(columns, [[str(n)] + [""] * (len(columns) - 1) for n in sheet.numbers],
                         writing=True),
            *([layout.Text(_("Game sets: A ______  B ______"), layout.STRONG)]
              if sheet.in_sets else []),
            layout.Text(_("Result: A ______  B ______"), layout.STRONG),
            layout.Grid([_("Signature A: ____________________"),
                         _("Signature B: ____________________")]),
        ]))
    if not pages:
        pages.append(layout.Page([layout.Text(_("No match to play in the current round."),
                                              layout.HEADING)]))
    return layout.Document(_("Paper score sheets") + f" · {tournament.name}", pages)


def score_sheets_pdf(tournament: Tournament, progress: Progress = no_progress) -> bytes:
    return _pdf(score_sheets_document(tournament), progress)


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


def _games(line) -> tuple[str, str]:
    """What a box shows beside the names: the games; a match decided without play marks who
    was not there, not games nobody played: a no-show's absent side (both after a double
    forfeit), a withdrawal's side that withdrew; nothing for a bye."""
    if line is None or line.is_bye:
        return "", ""
    if line.status == "withdrawal":
        mark = pgettext("beside a partnership that withdrew, in a printed bracket", "wd.")
    elif line.walkover:
        mark = pgettext("beside a partnership that did not come to its match, in a printed "
                        "bracket", "absent")
    else:
        return tuple(str(g) for g in line.score)
    return tuple(mark if line.winner != side else "" for side in "AB")


def _box(line) -> layout.Box:
    """A match; a match not drawn yet with who is through to it so far, the rest left blank to
    fill in by hand."""
    if line is None:
        return layout.Box()
    if isinstance(line, bracket_ahead.Awaiting):
        return layout.Box((layout.Side(line.a or ""),
                           layout.Side(_("bye") if line.bye else line.b or "")))
    names = (line.a, _("bye") if line.is_bye else line.b)
    games = _games(line)
    return layout.Box(tuple(layout.Side(name, games[n], line.winner == "AB"[n])
                            for n, name in enumerate(names)))


def _champion(bracket: presenters.Bracket) -> str:
    """The final's winner, once it is played (a final not drawn yet has nobody's result)."""
    final = bracket.columns[-1]
    line = final.lines[0] if final.drawn and final.lines else None
    if line is None or not line.winner:
        return ""
    return line.a if line.winner == "A" else line.b


def bracket_document(tournament: Tournament, *, paper: str = "a3") -> layout.Document:
    paper = layout.POSTER_A4 if paper.lower() == "a4" else layout.POSTER_A3
    title = _("Bracket poster") + f" · {tournament.name}"
    if tournament.structure == Tournament.Structure.DOUBLE:
        return _double_poster(tournament, title, paper)
    result = tournament_bracket(tournament)
    pages = poster_pages(result.columns) if result.columns else []
    if not pages:
        return layout.Document(title, [layout.Page([
            layout.Text(tournament.name, layout.TITLE),
            layout.Text(_("The bracket is drawn when the knockout starts."))])], paper)
    document = layout.Document(title, paper=paper)
    for number, page in enumerate(pages, start=1):
        last = number == len(pages)
        champion = _champion(result) if last else ""
        third = _box(result.third) if last and (result.third or result.third_pending) else None
        document.pages.append(layout.Page([
            layout.Text(tournament.name + (f" ({number}/{len(pages)})" if len(pages) > 1 else ""),
                        layout.TITLE),
            layout.Bracket([layout.Round(heading, [_box(line) for line in lines])
                            for heading, lines in page],
                           champion, _("Champion") if champion else "",
                           third, _("Third-place match") if third else "",
                           linked=not result.redrawn)]))
    return document


def _double_poster(tournament: Tournament, title: str, paper) -> layout.Document:
    """A double elimination on two pages: the winners' bracket, then the losers' bracket
    with the grand final and its reset after it (its winner is the champion)."""
    if not tournament.bracket_order:
        return layout.Document(title, [layout.Page([
            layout.Text(tournament.name, layout.TITLE),
            layout.Text(_("The bracket is drawn when the knockout starts."))])], paper)
    bracket = double_bracket.build(tournament, list(selectors.pairings(tournament)),
                                   selectors.entries(tournament))
    champion = next((p.names[0] for p in bracket.placings if p.place == 1), "")
    finals = [layout.Round(presenters.double_round_title(view.slot.id), [_slot_box(view)])
              for view in bracket.grand_final]
    brackets = [(_("Winners' bracket"), bracket.winners, []),
                (_("Losers' bracket"), bracket.losers, finals)]
    return layout.Document(title, [
        layout.Page([layout.Text(f"{tournament.name} · {heading}", layout.TITLE),
                     layout.Bracket([layout.Round(r.title, [_slot_box(v) for v in r.slots])
                                     for r in rounds] + extra,
                                    champion if extra else "",
                                    _("Champion") if champion and extra else "")])
        for heading, rounds, extra in brackets if rounds or extra], paper)


def _slot_box(view) -> layout.Box:
    """A slot of a double elimination: who is there (or where they come from), its games;
    the reset the winners' bracket winner made needless by taking the grand final says so."""
    if view.status == "void":
        return layout.Box(note=_("Not needed"))
    games = _games(view.line)
    sides = []
    for n, side in enumerate((view.a, view.b)):
        name = side.name or (_("bye") if side.bye else side.source.text if side.source else "")
        sides.append(layout.Side(name, games[n],
                                 view.outcome == "ab"[n] or side is view.through_bye))
    return layout.Box(tuple(sides))


def bracket_pdf(tournament: Tournament, *, paper: str = "a3", progress: Progress = no_progress) -> bytes:
    return _pdf(bracket_document(tournament, paper=paper), progress)


# Final results --------------------------------------------------------------------------------

@dataclass(frozen=True)
class FinalResults:
    champion: str | None
    podium: list[tuple[str, str]]  # (place, partnership), the champion's first when crowned
    standings: list[selectors.Standing]
    finished: bool
    final_forfeit: bool = False  # neither finalist came: nobody is champion
    byes_waiting: tuple[str, ...] = ()  # when the byes of a round in play count, as the page says

    @property
    def places(self) -> list[tuple[str, str]]:
        """The podium below the champion."""
        return self.podium[1:] if self.champion else self.podium


def final_results(tournament: Tournament) -> FinalResults:
    all_pairings = list(selectors.pairings(tournament))
    entries = selectors.entries(tournament)
    ranked = selectors.standings(tournament, all_pairings, entries)
    names = {e.pk: e.partnership.display_name for e in entries}
    champion = names.get(tournament.champion_id)
    finished = tournament.status == Tournament.Status.FINISHED
    byes_waiting = tuple(presenters.byes_waiting_text(selectors.byes_waiting(all_pairings)))
    podium = []
    if champion:
        podium.append((_("Champion"), champion))
    if tournament.structure == Tournament.Structure.DOUBLE:
        return FinalResults(champion, podium + _double_podium(tournament, all_pairings, entries),
                            ranked, finished, byes_waiting=byes_waiting)
    final = next((p for p in reversed(all_pairings) if p.round.ends_its_knockout
                  and not p.third_place and p.finished and p.b_id), None)
    if final and final.winner_id:
        podium.append((_("Runner-up"), names[final.b_id if final.winner_id == final.a_id else final.a_id]))
    third = next((p for p in all_pairings if p.third_place and p.finished and p.winner_id), None)
    if third:
        podium.append((_("Third place"), names[third.winner_id]))
    return FinalResults(champion, podium, ranked, finished,
                        finished and final is not None and final.walkover == "-", byes_waiting)


def _double_podium(tournament: Tournament, all_pairings, entries) -> list[tuple[str, str]]:
    """The runner-up and the third place of a double elimination, from its bracket."""
    places = {2: _("Runner-up"), 3: _("Third place")}
    return [(places[p.place], name) for p in presenters.final_placings(
                tournament, all_pairings, entries) if p.place in places for name in p.names]


WIDTHS = {"rank": 10, "partnership": 80}  # shares of the page; every other column 16


def final_results_document(tournament: Tournament) -> layout.Document:
    """The champion and the podium, then the standings with the tie-break chain's columns and
    marks, and the notes on their order, as the standings page shows them
    (tournaments.standings_tables, presenters.standings_order_text and rank_note)."""
    results = final_results(tournament)
    when = " · ".join(filter(None, [tournament.place, tournament.starts_on and
                                     date_format(tournament.starts_on)]))  # the language's way
    blocks = [layout.Text(tournament.name, layout.TITLE, "center"),
              layout.Text(when, align="center")]
    if results.champion:
        blocks += [layout.Text(_("Champion"), layout.HEADING, "center"),
                   layout.Text(results.champion, layout.BIG, "center", wrap=True)]
    elif results.final_forfeit:
        blocks.append(layout.Text(str(presenters.FINAL_FORFEIT), layout.HEADING, "center", wrap=True))
    elif not results.finished:
        blocks.append(layout.Text(_("The tournament is still being played: the standings so far."),
                                  align="center"))
    blocks += [layout.Text(f"{place}: {name}", align="center") for place, name in results.places]
    if results.finished:  # ranked by the final places (selectors.standings)
        blocks.append(layout.Text(_("Final placings"), layout.HEADING))
    columns = standings_tables.paper_columns(tournament)
    rows = standings_tables.standing_rows(results.standings)
    order_text = presenters.standings_order_text(tournament,
                                                 selectors.placed_at_the_end(tournament))
    blocks += [layout.Text(order_text, layout.FINE, wrap=True),
               layout.Table([layout.Column(str(column.header), WIDTHS.get(column.name, 16),
                                           column.name != "partnership") for column in columns],
                            standings_tables.plain_rows(columns, rows))]
    if any(row["decided"] for row in rows):
        blocks.append(layout.Text(presenters.rank_note("decided"), layout.FINE, wrap=True))
    if standings_tables.by_lot(rows):
        blocks.append(layout.Text(presenters.rank_note("by_lot"), layout.FINE, wrap=True))
    blocks += [layout.Text(line, layout.FINE, wrap=True) for line in results.byes_waiting]
    return layout.Document(_("Final results") + f" · {tournament.name}", [layout.Page(blocks)])


def final_results_pdf(tournament: Tournament, progress: Progress = no_progress) -> bytes:
    return _pdf(final_results_document(tournament), progress)


def _pdf(document: layout.Document, progress) -> bytes:
    """fpdf2 (with fontTools and Pillow, about 35 MB of a process) is imported with the first
    PDF, not when the site starts: most web processes only serve pages."""
    from tournaments.printing import pdf

    return pdf.render(document, progress)
