"""The café TV's grid: every live table at once on one 1920x1080 screen, 16 tables a page.

Shared by the club TV (scoring) and the tournament TV (tournaments). Beyond 16 tables the
grid has pages, and the TV moves on to the next page by itself. While a page stays on screen
longer than POLL_SECONDS (several pages; a screen of the tournament TV's cycle), its scores are
kept fresh all the same: the TV's element (#tv) asks for the next page, or screen, when the
time is up, and a hidden poller in templates/scoring/_tv_grid.html asks meanwhile, every
POLL_SECONDS, for the address the page came from: the same page, whose tiles and count it
swaps in (htmx's hx-select-oob), a 304 while nothing changes. Both requests wait on #tv
(hx-sync), so one is in flight at a time.

A match that ends stays on its table for FINAL_SECONDS, its final score and its winner shown,
so that the café sees who won; then it leaves, unless a match in play took the table sooner
(the table's new match wins it: the tile is the table, and its players are sitting there).
The TV's ETag counts the matches shown, so one that leaves changes it, as a deal does.

A table whose match had a deal recorded within the last FRESH_SECONDS is highlighted; the
highlight is decided here, on the server, from the match's `dealt_at`, so it works without
JavaScript. A TV's ETag counts the highlighted tables, so a highlight that ends is a change
like a deal, and an unchanged poll stays a 304 in between.
"""

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils.translation import gettext as _

from scoring import engine, presenters

TABLES_PER_PAGE = 16  # a 4x4 grid: names and scores stay readable from five metres
POLL_SECONDS = 5  # the page on screen is fetched again (a 304 while nothing changes)
PAGE_SECONDS = 15  # several pages: each stays this long, then the next one comes
FRESH_SECONDS = 8  # how long the table of the last deal stays highlighted
FINAL_SECONDS = 120  # how long a match that ended stays on the TV with its final score
FINAL_STEP = 10  # a tournament TV sees a final score leave at most this late (tournaments/tv.py)
# A tile's head is its table and note, on two lines at most, then who deals: a tile's letters
# grow with it, so each line holds about as many letters on any grid. Longer notes are shortened
# after a whole word (presenters.shortened); who deals gives way on the screen alone, when its
# line is too short (static/css/tv.css).
NOTE_CHARS = 48  # after the table's number, on two lines
NOTE_LINE_CHARS = 16  # what one line holds beside the table's number: past it, the note wraps
TABLE_CHARS = 10  # what the table's number takes of that line (a friendly has none)
# A partnership's name takes two lines at most and is never cut (both players are named): past
# what two lines hold at full size, its letters get smaller (tv.css's .tv-name.size-N).
NAME_SIZES = (34, 41, 51)  # the letters two lines hold at each size but the smallest
VERDICT_CHARS = 48  # what a final score's verdict says on two lines after "Final score"


def fresh_since(now: datetime) -> datetime:
    """A match changed at or after this moment has a deal to highlight."""
    return now - timedelta(seconds=FRESH_SECONDS)


def ended_since(now: datetime) -> datetime:
    """A match that ended at or after this moment is still shown, with its final score."""
    return now - timedelta(seconds=FINAL_SECONDS)


@dataclass(frozen=True)
class Tile:
    """One table on the TV. `score` is what decides the match (games; the current partida's
    games; card points in a match to points), `partidas` the partidas won when they count.
    `age` is the whole seconds since the last deal while it is highlighted, else None;
    `dealer` who deals next and `dealer_side` that player's side, when told. `final`: the
    match has ended (its score is the final one); `winner` "A" or "B" (None for a draw);
    `verdict` what else its final score needs said (a draw; a revoke that ended it; card points
    that decided level games); `carry` the 60-60 games the next deal also wins (RULES.md, tie carry)."""

    match_id: int
    table: int | None
    a: str
    b: str
    score: tuple[int, int]
    partidas: tuple[int, int] | None
    note: str
    age: int | None
    dealer: str | None = None
    dealer_side: str | None = None
    final: bool = False
    winner: str | None = None
    verdict: str = ""
    carry: int = 0

    @property
    def long_note(self) -> bool:
        """The head takes three lines (templates/scoring/_tv_grid.html): a long note on two,
        or what is said in its place may (the tie games pending; a final score's verdict, which
        takes the line of who deals too)."""
        return bool(self.carry or self.verdict) or len(self.note) > NOTE_LINE_CHARS + (
            0 if self.table else TABLE_CHARS)

    @property
    def long_verdict(self) -> bool:
        """The verdict takes a third line where its letters are no smaller than 18px (a small
        tile): the names give it room (static/css/tv.css)."""
        return len(self.verdict) > VERDICT_CHARS

    @property
    def sides(self) -> list[tuple]:
        """(side, name, game sets won or None, score, won, name size) of A, then of B."""
        sets = self.partidas or (None, None)
        return [(side, name, won_sets, score, self.winner == side,
                 name_size(name, won=self.winner == side))
                for side, name, won_sets, score in zip("AB", (self.a, self.b), sets, self.score,
                                                       strict=True)]


def name_size(name: str, *, won: bool = False) -> int:
    """0 for a name that two lines hold at full size, else the smaller size that holds it (the
    winner's has a tick before it)."""
    return sum(len(name) + 2 * won > most for most in NAME_SIZES)


def verdict_of(match) -> str:
    """A finished match's result beyond its score: a draw, or how it was won where the score
    does not say (presenters.how_won_text)."""
    if not match.finished:
        return ""
    return _("Draw") if match.winner == "draw" else presenters.how_won_text(match)


def score_of(match) -> tuple[tuple[int, int], tuple[int, int] | None]:
    state, kind = match.state, match.format["type"]
    if kind == "points":
        return tuple(state["points"]), None
    if kind == "partidas":
        return tuple(state["partida_games"]), tuple(state["partidas"])
    return (match.games_a, match.games_b), None


def age_of(match, now: datetime) -> int | None:
    """Only a new deal is highlighted (and said to a screen reader: "new deal"), from when it
    was recorded (`dealt_at`): not a match just placed on its table, nor who deals first chosen
    before the first deal, an undo, a correction or a confirmed result."""
    if match.dealt_at is None:
        return None
    seconds = (now - match.dealt_at).total_seconds()
    return max(int(seconds), 0) if seconds < FRESH_SECONDS else None


def tile_of(match, *, now: datetime, table: int | None, a: str, b: str,
            note: str | None = None, with_dealer: bool = False) -> Tile:
    """The match's tile; its `note` says what it is played for (the format, unless told).
    `with_dealer`: it names who deals next, among four or eight (the players were read with
    the match)."""
    score, partidas = score_of(match)
    seat = (match.state["next_dealer"] if with_dealer and not match.finished
            and match.dealer_known else None)
    return Tile(match_id=match.pk, table=table, a=a, b=b, score=score, partidas=partidas,
                note=presenters.format_text(match.format) if note is None else note,
                age=age_of(match, now),
                dealer=None if seat is None else match.players[seat].name,
                dealer_side=None if seat is None else engine.side_of(seat),
                final=match.finished, winner=match.winner if match.winner in ("A", "B") else None,
                verdict=verdict_of(match),
                carry=0 if match.finished else match.state.get("carry") or 0)


@dataclass(frozen=True)
class Grid:
    """One page of the grid. `page` counts from 1; `next_page` is where the TV goes next (the
    same page when there is only one: it polls for new scores). `total` counts the tiles of
    every page, `playing` the matches among them still in play."""

    tiles: list[Tile]
    page: int
    pages: int
    total: int
    playing: int

    @property
    def next_page(self) -> int:
        return self.page % self.pages + 1

    @property
    def seconds(self) -> int:
        return seconds_for(self.pages)

    @property
    def poll_seconds(self) -> int:
        """How often the page on screen is asked for again while it stays longer than that
        (templates/scoring/_tv_grid.html)."""
        return POLL_SECONDS

    @property
    def shape(self) -> tuple[int, int]:
        """(columns, rows) that fill a 16:9 screen with this page's tables."""
        return shape(len(self.tiles))

    @property
    def columns(self) -> int:
        return self.shape[0]

    @property
    def rows(self) -> int:
        return self.shape[1]


def shape(count: int) -> tuple[int, int]:
    for columns, rows in ((1, 1), (2, 1), (2, 2), (3, 2), (3, 3), (4, 3), (4, 4)):
        if count <= columns * rows:
            return columns, rows
    return 4, math.ceil(count / 4)


def seconds_for(pages: int) -> int:
    """How long until the TV's element asks again: for the next page, or for the same one's
    new scores when there is only one (with more, the page on screen polls itself meanwhile)."""
    return PAGE_SECONDS if pages > 1 else POLL_SECONDS


# The pages of the grid, TABLES_PER_PAGE tables a page; the list of every match in play pages
# the same way, with more a page.

def pages_for(total: int, per_page: int = TABLES_PER_PAGE) -> int:
    return max(math.ceil(total / per_page), 1)


def page_number(requested: int, total: int, per_page: int = TABLES_PER_PAGE) -> int:
    """The page to show: a page past the end (tables finished since) wraps round to the first."""
    return (max(requested, 1) - 1) % pages_for(total, per_page) + 1


def page_slice(page: int, per_page: int = TABLES_PER_PAGE) -> slice:
    return slice((page - 1) * per_page, page * per_page)


def grid(tiles: list[Tile], *, page: int, total: int, playing: int) -> Grid:
    """The grid's page `page` (see page_number), made of that page's `tiles`."""
    return Grid(tiles=tiles, page=page, pages=pages_for(total), total=total, playing=playing)
