"""Printables as PDFs (fpdf2): `render` draws a tournaments.printing.layout.Document, block by block,
on a Document with the project's fonts, fitted text and QR codes.

Fonts, in order of preference:
1. Roboto from the `font-roboto` package (PyPI, Apache 2.0): installs with pip, so a fresh
   `make run` has it. fpdf2 embeds (a subset of) it: Latin, Greek and Cyrillic.
2. DejaVu Sans from Debian's fonts-dejavu-core, where the package is missing.
3. fpdf2's core Helvetica, with text reduced to Latin-1 (Portuguese fits in it).
A character the font lacks comes from the fallbacks: the symbols vendored in fonts/ (the
card suits, arrows, stars: a subset of DejaVu Sans, fonts/LICENSE.txt), then DejaVu Sans
where installed; one none of them has (an emoji, Chinese) prints as the replacement
character �, so that a name printed wrong shows it.
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import segno
from fpdf import FPDF
from fpdf.fonts import FontFace

from tournaments.printing import layout

logging.getLogger("fontTools").setLevel(logging.WARNING)  # it logs every glyph it subsets
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
SYMBOLS = Path(__file__).parent / "fonts" / "SuecaSymbols.ttf"
FAMILY = "Sueca"
MISSING = "\ufffd"
UNSEEN = {"\u200d", "\ufe0e", "\ufe0f"}  # a joiner, emoji or text presentation: no glyph of its own


@cache
def font_files() -> dict[str, str] | None:
    """The regular ("") and bold ("B") TrueType files to embed, or None for the core font."""
    try:
        import font_roboto
    except ImportError:
        pass
    else:
        files = font_roboto.font_files
        if "Roboto" in files and "RobotoBold" in files:
            return {"": files["Roboto"], "B": files["RobotoBold"]}
    regular, bold = DEJAVU / "DejaVuSans.ttf", DEJAVU / "DejaVuSans-Bold.ttf"
    if regular.exists() and bold.exists():
        return {"": str(regular), "B": str(bold)}
    return None


def fallback_files() -> dict[str, str]:
    """The fonts a character missing from font_files' comes from, by family, in order."""
    files = {"SuecaSymbols": str(SYMBOLS)}
    dejavu = DEJAVU / "DejaVuSans.ttf"
    if dejavu.exists() and str(dejavu) != (font_files() or {}).get(""):
        files["DejaVu"] = str(dejavu)
    return files


MIN_SIZE = 5.0  # pt: the smallest a name in a bracket box is printed
LEADING = 1.15 * 25.4 / 72  # a line's height in mm per pt of font size


def _on_one_line(parts: list[str]) -> list[str]:
    return [" ".join(parts)]


def _on_two_lines(doc: "Document", parts: list[str], bold: bool) -> list[str]:
    """`parts` on two lines, broken where the longer line is shortest."""
    if len(parts) < 2:
        return _on_one_line(parts)
    doc.font(10, bold)

    def longer(at: int) -> float:
        return max(doc.get_string_width(doc.clean(" ".join(half)))
                   for half in (parts[:at], parts[at:]))
    at = min(range(1, len(parts)), key=longer)
    return [" ".join(parts[:at]), " ".join(parts[at:])]


class Document(FPDF):
    """An A4 (or A3) document in millimetres with the project's font and a few helpers."""

    def __init__(self, *, orientation: str = "P", paper: str = "A4", title: str = ""):
        super().__init__(orientation=orientation, unit="mm", format=paper)
        self.set_auto_page_break(False)
        self.set_margins(12, 12, 12)
        self.set_title(title)
        self.set_creator("Sueca Club")
        files = font_files()
        self.unicode = files is not None
        if files:
            for style, path in files.items():
                self.add_font(FAMILY, style, path)
            fallbacks = fallback_files()
            for family, path in fallbacks.items():
                self.add_font(family, "", path)
            self.set_fallback_fonts(list(fallbacks), exact_match=False)  # bold text too
            self.glyphs = set().union(*(font.cmap for font in self.fonts.values()))
        self.family = FAMILY if files else "helvetica"

    def font(self, size: float, bold: bool = False) -> None:
        self.set_font(self.family, "B" if bold else "", size)

    def clean(self, text: object) -> str:
        text = str(text if text is not None else "")
        if self.unicode:
            return "".join(c if ord(c) in self.glyphs else MISSING for c in text
                           if c not in UNSEEN)
        text = text.replace("–", "-").replace("—", "-").replace("…", "...").replace("·", "-")
        return text.encode("latin-1", "replace").decode("latin-1")

    def fit(self, text: object, width: float) -> str:
        """`text`, cut with an ellipsis to fit `width` in the current font."""
        text = self.clean(text)
        if self.get_string_width(text) <= width:
            return text
        ellipsis = self.clean("…")
        while text and self.get_string_width(text + ellipsis) > width:
            text = text[:-1]
        return text.rstrip() + ellipsis

    def put(self, x: float, y: float, w: float, h: float, text: object, *, size: float,
            bold: bool = False, align: str = "L", border: int | str = 0) -> None:
        """One line of text in a box, cut to fit."""
        self.font(size, bold)
        self.set_xy(x, y)
        self.cell(w, h, self.fit(text, w - 2), border=border, align=align)

    def name(self, x: float, y: float, w: float, h: float, parts: list[str], *, size: float,
             bold: bool = False, align: str = "L") -> None:
        """A name in a box, whole: on one line or over two (between its `parts`: each player
        of a partnership on a line), whichever prints it larger, at `size` or smaller only
        as much as it takes to fit; cut only below MIN_SIZE."""
        lines, size = max((self._fitted(option, w - 2, h, size, bold)
                           for option in (_on_one_line(parts), _on_two_lines(self, parts, bold))),
                          key=lambda fitted: fitted[1])
        height = size * LEADING
        top = y + (h - height * len(lines)) / 2
        for n, line in enumerate(lines):
            self.put(x, top + n * height, w, height, line, size=size, bold=bold, align=align)

    def _fitted(self, lines: list[str], w: float, h: float, size: float,
                bold: bool) -> tuple[list[str], float]:
        """`lines` with the largest size up to `size` at which they fit `w` by `h`."""
        self.font(size, bold)
        widest = max(self.get_string_width(self.clean(line)) for line in lines) or 1
        fitting = 0.98 * size * w / widest  # a hair under: put() must not find it too wide
        return lines, max(MIN_SIZE, min(size, fitting, h / (len(lines) * LEADING)))

    def qr(self, data: str, x: float, y: float, size: float) -> None:
        """A QR code drawn as vector squares (crisp at any size), with its quiet zone."""
        code = segno.make(data, error="m")
        rows = list(code.matrix_iter(scale=1, border=4))
        module = size / len(rows)
        self.set_fill_color(0, 0, 0)
        for r, row in enumerate(rows):
            c = 0
            while c < len(row):
                if row[c]:
                    start = c
                    while c < len(row) and row[c]:
                        c += 1
                    self.rect(x + start * module, y + r * module, (c - start) * module, module,
                              style="F")
                else:
                    c += 1

    def content(self) -> bytes:
        return bytes(self.output())


# Drawing a layout.Document -------------------------------------------------------------------

PAPER = {layout.A4: ("P", "A4"), layout.CARD: ("P", "A4"), layout.POSTER_A3: ("L", "A3"),
         layout.POSTER_A4: ("L", "A4")}
CARD_W, CARD_H = 105.0, 148.5  # four A6 cards on an A4 sheet
MARGIN = 12.0
# role: font size (pt), bold, line height and space after (mm)
ROLES = {
    layout.TITLE: (20, True, 12, 2), layout.BIG: (26, True, 16, 4),
    layout.NUMBER: (24, True, 14, 2), layout.HEADING: (14, False, 9, 1),
    layout.STRONG: (12, True, 7, 1), layout.TEXT: (11, False, 7, 1),
    layout.SMALL: (10, False, 6, 1), layout.FINE: (8.5, False, 5.2, 0),
    layout.TINY: (6, False, 4, 0),
}
ALIGN = {"left": "L", "center": "C"}


@dataclass(frozen=True)
class Frame:
    """Where a page's blocks go on the sheet: from (x, y), `w` wide, down to `bottom`."""

    x: float
    y: float
    w: float
    bottom: float


def render(document: layout.Document, progress: Callable[[int], None] = lambda percent: None) -> bytes:
    orientation, paper = PAPER[document.paper]
    doc = Document(orientation=orientation, paper=paper, title=document.title)
    if document.paper == layout.A4:  # a long table goes on over the page
        doc.set_auto_page_break(True, margin=MARGIN)
    for number, page in enumerate(document.pages):
        frame = _sheet(doc, document.paper, number)
        if document.paper != layout.CARD or number % 4 == 0:
            progress(100 * number // len(document.pages))
        doc.set_xy(frame.x, frame.y)
        for block in page.blocks:
            DRAW[block.kind](doc, block, frame)
    return doc.content()


def _sheet(doc: Document, paper: str, number: int) -> Frame:
    """Start the page `number` (a new sheet, or the next quarter of one for a card)."""
    if paper != layout.CARD:
        doc.add_page()
        top = 8.0 if paper != layout.A4 else MARGIN
        return Frame(MARGIN, top, doc.w - 2 * MARGIN, doc.h - MARGIN)
    if number % 4 == 0:
        doc.set_margins(0, 0, 0)
        doc.add_page()
        doc.set_draw_color(150)
        doc.set_dash_pattern(dash=2, gap=2)  # where to cut
        doc.line(CARD_W, 0, CARD_W, 2 * CARD_H)
        doc.line(0, CARD_H, 2 * CARD_W, CARD_H)
        doc.set_dash_pattern()
        doc.set_draw_color(0)
    x, y = (number % 2) * CARD_W, ((number % 4) // 2) * CARD_H
    return Frame(x + 8, y + 8, CARD_W - 16, y + CARD_H - 8)


def _room(doc: Document, frame: Frame, height: float) -> float:
    """The y to draw `height` more at, on a new page when this one is full (A4 sheets)."""
    if doc.auto_page_break and doc.get_y() + height > doc.page_break_trigger:
        doc.add_page()
    return doc.get_y()


def _text(doc: Document, block: layout.Text, frame: Frame) -> None:
    size, bold, height, after = ROLES[block.role]
    y = _room(doc, frame, height)
    if block.wrap:
        doc.font(size, bold)
        doc.set_xy(frame.x, y)
        doc.multi_cell(frame.w, height * 0.8, doc.clean(block.text), align=ALIGN[block.align])
        doc.set_xy(frame.x, doc.get_y() + after)
        return
    width = frame.w
    if block.right:
        doc.font(size, bold)
        right = doc.get_string_width(doc.clean(block.right)) + 4
        doc.put(frame.x + frame.w - right, y, right, height, block.right, size=size, bold=bold,
                align="R")
        width -= right
    doc.put(frame.x, y, width, height, block.text, size=size, bold=bold, align=ALIGN[block.align])
    doc.set_xy(frame.x, y + height + after)


def _grid(doc: Document, block: layout.Grid, frame: Frame) -> None:
    size, bold, height, after = ROLES[block.role]
    width = frame.w / block.columns
    for start in range(0, len(block.items), block.columns):
        y = _room(doc, frame, height)
        for n, item in enumerate(block.items[start:start + block.columns]):
            doc.put(frame.x + n * width, y, width, height, item, size=size, bold=bold)
        doc.set_xy(frame.x, y + height)
    doc.set_xy(frame.x, doc.get_y() + after + 1)


def _steps(doc: Document, block: layout.Steps, frame: Frame) -> None:
    size, _bold, height, _after = ROLES[layout.FINE]
    for n, item in enumerate(block.items, start=1):
        y = _room(doc, frame, height)
        doc.put(frame.x, y, frame.w, height, f"{n}. {item}", size=size, bold=block.strong)
        doc.set_xy(frame.x, y + height)
    doc.set_xy(frame.x, doc.get_y() + 2.5)


QR_SIZE = 62.0


def _qr(doc: Document, block: layout.Qr, frame: Frame) -> None:
    size = min(QR_SIZE, frame.w)
    y = _room(doc, frame, size) + 2
    doc.qr(block.data, frame.x + (frame.w - size) / 2, y, size)
    doc.set_xy(frame.x, y + size + 3)


def _table(doc: Document, block: layout.Table, frame: Frame) -> None:
    heading_size = 8.5 if block.writing else 9
    widths = _column_widths(doc, block, frame.w, heading_size)
    y = doc.get_y() + (2 if block.writing else 5)
    if block.writing:  # rows to write in, as tall as the sheet allows
        aligns = ["CENTER"] * len(widths)
        line_height = min(8.0, (doc.page_break_trigger - y - 24) / (len(block.rows) + 1))
    else:
        aligns = ["RIGHT" if column.numeric else "LEFT" for column in block.columns]
        line_height = 6
    doc.font(9)
    headings = FontFace(emphasis="BOLD", size_pt=heading_size)
    doc.set_xy(frame.x, y)
    with doc.table(col_widths=widths, width=frame.w, text_align=aligns, line_height=line_height,
                   headings_style=headings, first_row_as_headings=True,
                   repeat_headings=1) as table:
        table.row([doc.clean(column.title) for column in block.columns])
        for row in block.rows:  # a name wraps in its cell; a number or a sheet's cell is cut
            table.row([doc.clean(cell) if not (column.numeric or block.writing)
                       else doc.fit(cell, width - 2)
                       for cell, width, column in zip(row, widths, block.columns, strict=True)])
    doc.set_xy(frame.x, doc.get_y() + (8 if block.writing else 4))


def _column_widths(doc: Document, block: layout.Table, width: float,
                   heading_size: float) -> list[float]:
    """The columns' shares of `width`, each at least as wide as its heading's longest word
    (a heading wraps between words, never inside one, as "Disputada-s" did in Portuguese):
    what that takes comes off the columns with room to spare, in proportion."""
    total = sum(column.width for column in block.columns)
    widths = [width * column.width / total for column in block.columns]
    doc.font(heading_size, bold=True)
    least = [max(doc.get_string_width(word) for word in doc.clean(column.title).split() or [""])
             + 2 * doc.c_margin + 0.5 for column in block.columns]
    short = sum(max(need - have, 0) for need, have in zip(least, widths, strict=True))
    spare = [max(have - need, 0) for need, have in zip(least, widths, strict=True)]
    if not short or sum(spare) < short:
        return widths
    return [max(have, need) - short * room / sum(spare)
            for have, need, room in zip(widths, least, spare, strict=True)]


def _box(doc: Document, x: float, y: float, w: float, h: float, box: layout.Box, *,
         most: float = 10.0) -> None:
    doc.set_fill_color(255, 255, 255)
    doc.rect(x, y, w, h)
    size = max(MIN_SIZE, min(most, h * 1.1))
    if box.note:
        doc.set_text_color(90)
        doc.put(x, y, w, h, box.note, size=size, align="C")
        doc.set_text_color(0)
        return
    half = h / 2
    doc.font(size, bold=True)
    games = max((doc.get_string_width(side.games) + 3 for side in box.sides if side.games),
                default=0)
    for n, side in enumerate(box.sides):
        doc.name(x, y + n * half, w - games, half, side.parts, size=size, bold=side.won)
        if games:
            doc.put(x + w - games, y + n * half, games, half, side.games, size=size,
                    bold=side.won, align="R")
    doc.line(x, y + half, x + w, y + half)


# The sheet a bracket's sizes are set for (an A4 poster's frame); a bigger one scales them all.
BRACKET_WIDTH = 297.0 - 2 * MARGIN


def _bracket(doc: Document, block: layout.Bracket, frame: Frame) -> None:
    k = max(1.0, frame.w / BRACKET_WIDTH)  # an A3 poster: the same bracket, all bigger
    top = doc.get_y() + 8 * k
    bottom = frame.bottom - (22 * k if block.third else 0)
    columns = len(block.rounds) + bool(block.champion)  # the champion's, right of the final
    gap = min(8.0 * k, frame.w / columns / 5)
    width = min(75.0 * k, (frame.w - gap * (columns - 1)) / columns)
    box_h = min(18.0 * k, (bottom - top) / len(block.rounds[0].boxes) - 3)
    for j, column in enumerate(block.rounds):
        x = frame.x + j * (width + gap)
        doc.name(x, top - 9 * k, width, 8 * k, layout.parts(column.title), size=10 * k,
                 bold=True, align="C")
        slot = (bottom - top) / len(column.boxes)
        for i, box in enumerate(column.boxes):
            y = top + (i + 0.5) * slot - box_h / 2
            _box(doc, x, y, width, box_h, box, most=10 * k)
            if block.linked and j + 1 < len(block.rounds):  # the elbow to the winner's match
                mid_y = y + box_h / 2
                # half as many boxes to the right, or as many (a losers' bracket round that
                # meets the losers dropping in): the i-th box feeds the one beside or below
                later = len(block.rounds[j + 1].boxes)
                next_y = top + (i * later // len(column.boxes) + 0.5) * (bottom - top) / later
                doc.line(x + width, mid_y, x + width + gap / 2, mid_y)
                doc.line(x + width + gap / 2, mid_y, x + width + gap / 2, next_y)
                doc.line(x + width + gap / 2, next_y, x + width + gap, next_y)
    x = frame.x + len(block.rounds) * (width + gap)
    if block.champion:
        y = top + (bottom - top) / 2
        doc.put(x, y - 16 * k, width, 6 * k, block.champion_title, size=10 * k, bold=True,
                align="C")
        doc.rect(x, y - 9 * k, width, 18 * k)
        doc.name(x, y - 9 * k, width, 18 * k, block.champion_parts, size=13 * k, bold=True,
                 align="C")
        doc.line(x - gap, y, x, y)
    if block.third:
        x = frame.x + frame.w - width
        doc.put(x, frame.bottom - 21 * k, width, 6 * k, block.third_title, size=10 * k,
                bold=True)
        _box(doc, x, frame.bottom - 14 * k, width, 14 * k, block.third, most=10 * k)
    doc.set_xy(frame.x, frame.bottom)


DRAW = {"text": _text, "grid": _grid, "steps": _steps, "qr": _qr, "table": _table,
        "bracket": _bracket}
