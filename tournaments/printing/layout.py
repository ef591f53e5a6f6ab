"""What a printable is made of, as plain data: a document of pages, a page of blocks.

Each printable (tournaments.printing.printables) is described once in these terms, in words already
translated; two renderers walk the same description, so the print page and the PDF never
disagree: templates/tournaments/print/_document.html (a template per block, in
print/blocks/) and tournaments.printing.pdf.render (fpdf2). A renderer decides sizes and places; the
description decides what is said, in what order, and how much it stands out (a block's role).
"""

from dataclasses import dataclass, field

# Roles of a line of text, from the most to the least prominent.
TITLE, BIG, NUMBER, HEADING, STRONG, TEXT, SMALL, FINE, TINY = (
    "title", "big", "number", "heading", "strong", "text", "small", "fine", "tiny")


@dataclass(frozen=True)
class Text:
    """A line of text; `right` is said on the same line, at its far end. `wrap`: a sentence
    that goes on over as many lines as it takes (other lines are cut to fit on paper)."""

    text: str
    role: str = TEXT
    align: str = "left"  # left, center
    right: str = ""
    wrap: bool = False
    kind = "text"


@dataclass(frozen=True)
class Grid:
    """Short texts side by side, `columns` to a row (seats, signatures)."""

    items: list[str]
    columns: int = 2
    role: str = SMALL
    kind = "grid"


@dataclass(frozen=True)
class Steps:
    """Numbered instructions in one language (`lang`, for the page's lang attribute)."""

    items: list[str]
    lang: str
    strong: bool = False
    kind = "steps"


@dataclass(frozen=True)
class Qr:
    """A QR code of `data`; the page shows it from `image` (a URL), the PDF draws it."""

    data: str
    image: str
    alt: str
    kind = "qr"


@dataclass(frozen=True)
class Column:
    title: str
    width: float  # a share of the table's width
    numeric: bool = False


@dataclass(frozen=True)
class Table:
    """A table; `writing` makes it a grid of tall rows to fill in by hand."""

    columns: list[Column]
    rows: list[list[str]]
    writing: bool = False
    kind = "table"

    @property
    def cells(self) -> list[list[tuple[str, Column]]]:
        """Each row's cells with their columns."""
        return [list(zip(row, self.columns, strict=True)) for row in self.rows]


def parts(name: str) -> list[str]:
    """The pieces a name may go over two lines between, never inside one: each player of a
    partnership ("Duarte Silva &", "Inês Costa"), else its words."""
    if " & " in name:
        players = name.split(" & ")
        return [player + " &" for player in players[:-1]] + players[-1:]
    return name.split()


@dataclass(frozen=True)
class Side:
    name: str = ""
    games: str = ""
    won: bool = False

    @property
    def parts(self) -> list[str]:
        return parts(self.name)


@dataclass(frozen=True)
class Box:
    """A match of the bracket: two sides; both empty while it is not drawn (to fill in).
    `note`: said in place of the sides of a match that is not played (a reset not needed)."""

    sides: tuple[Side, Side] = (Side(), Side())
    note: str = ""


@dataclass(frozen=True)
class Round:
    title: str
    boxes: list[Box]


@dataclass(frozen=True)
class Bracket:
    """Rounds side by side, each match feeding the one to its right (`linked`; a knockout
    drawn afresh before each round feeds none); then the champion."""

    rounds: list[Round]
    champion: str = ""
    champion_title: str = ""
    third: Box | None = None
    third_title: str = ""
    linked: bool = True
    kind = "bracket"

    @property
    def champion_parts(self) -> list[str]:
        return parts(self.champion)


Block = Text | Grid | Steps | Qr | Table | Bracket


@dataclass(frozen=True)
class Page:
    blocks: list[Block]


A4, CARD, POSTER_A3, POSTER_A4 = "a4", "card", "poster-a3", "poster-a4"


@dataclass(frozen=True)
class Document:
    """`paper`: an A4 sheet, an A6 card (four to an A4 sheet, to cut), or an A3 or A4
    landscape poster."""

    title: str
    pages: list[Page] = field(default_factory=list)
    paper: str = A4

    @property
    def poster(self) -> bool:
        return self.paper in (POSTER_A3, POSTER_A4)
