"""Standings tables for the public pages and the exports: plain rows, kept per version of the
results, and each table's cells made once in Python; the template only loops over the rows.

The ranked order is the tie-break chain's (selectors.standings); sorting by a column is only
a view of the same rows and never changes a rank.
"""

from dataclasses import dataclass
from operator import itemgetter

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from sueca_club.live import cached
from sueca_club.services import alphabetical
from tournaments import formats, selectors
from tournaments.models import Entry, Tournament
from tournaments.selectors import PairingSummary, Standing


@dataclass(frozen=True)
class Column:
    name: str
    header: str
    css: str = "num"


COLUMNS = (
    Column("rank", "#"),
    Column("partnership", gettext_lazy("Partnership"), "who"),
    Column("points", gettext_lazy("Points"), "key num"),
    Column("played", gettext_lazy("Played")),
    Column("won", gettext_lazy("Won")),
    Column("drawn", gettext_lazy("Drawn")),
    Column("lost", gettext_lazy("Lost")),
    Column("byes", gettext_lazy("Byes")),
    Column("games_won", gettext_lazy("Games won")),
    Column("partidas_won", gettext_lazy("Game sets won")),
    Column("partidas_lost", gettext_lazy("Game sets lost")),
    Column("card_points", gettext_lazy("Card points")),
    Column("card_point_difference", gettext_lazy("Card-point difference")),
    Column("buchholz", gettext_lazy("Buchholz")),
)
SORTS = {column.name for column in COLUMNS}
GROUP_COLUMNS_LEFT_OUT = ("byes", "partidas_won", "partidas_lost", "card_point_difference",
                          "buchholz")


def standing_rows(ranked: list[Standing]) -> list[dict]:
    """Plain rows in ranked order, so that sorting needs no query."""
    return [{**vars(s.row), "partnership": s.entry.display_name,
             "withdrawn": s.entry.withdrawn, "entry_id": s.entry.pk} for s in ranked]


def results_version(tournament: Tournament) -> str:
    """What the standings change with: the tournament's version (results), never a deal."""
    return f"{tournament.pk}-{tournament.seed}-{tournament.version}"


def ranked_rows(tournament: Tournament, summaries: list[PairingSummary] | None = None,
                entries: list[Entry] | None = None) -> list[dict]:
    """The standings' rows, kept per version of the results: the standings page in every
    order, the TV and the API share them, and a deal leaves them as they are. `summaries`
    (every pairing of the tournament) and `entries`: when the caller has read them already."""
    def rank() -> list[dict]:
        return standing_rows(selectors.standings(
            tournament, selectors.pairing_summaries(tournament) if summaries is None else summaries,
            selectors.entry_summaries(tournament) if entries is None else entries))
    return cached(f"standings-rows:{tournament.slug}", results_version(tournament), rank)


@dataclass(frozen=True)
class Header:
    column: Column
    href: str  # "?sort=..." (a sortable table), else ""
    sorted: str  # "ascending", "descending" or "" (aria-sort)


@dataclass(frozen=True)
class Row:
    record: dict  # as standing_rows made it
    cells: SafeString
    qualifies: bool = False


@dataclass(frozen=True)
class Table:
    headers: list[Header]
    rows: list[Row]


def sort_of(asked: str) -> str:
    """`?sort=` as the table takes it: a column, "-" before it for the other way; anything
    else, and the ranking's own order (by rank), is ""."""
    return asked if asked.removeprefix("-") in SORTS and asked != "rank" else ""


def columns_for(tournament: Tournament) -> list[Column]:
    """The columns that can tell partnerships of this tournament apart: game sets only where
    its matches have them, games unless they are of points, draws only where a match can end
    level (fixed deals), Buchholz only in a Swiss, byes only where one is drawn (a round
    robin's partnership sits out, with no bye). Always 0, the others would only push the
    table off a phone."""
    kind = tournament.format.get("type")
    rounds = tournament.structure == Tournament.Structure.ROUNDS
    swiss = rounds and tournament.pairing == Tournament.Pairing.SWISS
    round_robin = tournament.structure == Tournament.Structure.LEAGUE or (rounds and not swiss)
    criteria = formats.criteria_for(kind)
    left_out = {*(() if "partidas_won" in criteria else ("partidas_won", "partidas_lost")),
                *(() if "games_won" in criteria else ("games_won",)),
                *(() if kind == "fixed_deals" else ("drawn",)), *(() if swiss else ("buchholz",)),
                *(("byes",) if round_robin else ())}
    return [column for column in COLUMNS if column.name not in left_out]


RESULTS = ("rank", "partnership", "points", "played", "won", "drawn", "lost", "byes", "games_won")


def paper_columns(tournament: Tournament) -> list[Column]:
    """The printed results' columns: the results every row adds up from, then those of the
    tie-break chain (an A4 sheet has no room for the rest of the page's)."""
    return [column for column in columns_for(tournament)
            if column.name in RESULTS or column.name in tournament.tie_breaks]


def standings_table(rows: list[dict], sort: str = "", season_of: str = "",
                    columns: list[Column] = COLUMNS) -> Table:
    """The sortable table of `rows` in the order `sort` (see sort_of) says, with `columns`
    (columns_for the tournament). `season_of`: a league's slug, whose partnerships link to
    their season's page."""
    name, descending = sort.removeprefix("-") or "rank", sort.startswith("-")
    if sort:
        key = (lambda row: alphabetical(row[name])) if name == "partnership" else itemgetter(name)
        rows = sorted(rows, key=key, reverse=descending)
    headers = [Header(column, "?sort=" + _next_sort(column.name, name, descending),
                      ("descending" if descending else "ascending") if column.name == name
                      else "") for column in columns]
    return Table(headers, _rows(columns, rows, season_of))


ASCENDING_FIRST = ("rank", "partnership")  # read from the top; a count, biggest first


def _next_sort(column: str, name: str, descending: bool) -> str:
    """A header's link: its column the other way when the table is sorted by it, else its
    column the way people read it first (the most points on top)."""
    if column == name:
        return column if descending else "-" + column
    return column if column in ASCENDING_FIRST else "-" + column


TV_CRITERIA = 2  # the tie-break chain's columns a TV's table shows after the points


def tv_table(rows: list[dict], tournament: Tournament) -> Table:
    """The TV's table, read from across the room: the points, then what the tie-break chain
    ranks those level on points by (its first TV_CRITERIA criteria that are columns of this
    tournament's: head-to-head and lots are not), then the matches played."""
    by_name = {column.name: column for column in columns_for(tournament)}
    decisive = [by_name[code] for code in tournament.tie_breaks
                if code in by_name and code != "points"]
    columns = [by_name["rank"], by_name["partnership"], by_name["points"],
               *(decisive[:TV_CRITERIA] or [by_name["games_won"]]), by_name["played"]]
    return Table([Header(column, "", "") for column in columns], _rows(columns, rows))


def group_columns(tournament: Tournament) -> list[Column]:
    """A group's columns: the standings page's (columns_for) less GROUP_COLUMNS_LEFT_OUT, so
    that several groups fit a phone, but for those the tie-break chain ranks by."""
    left_out = set(GROUP_COLUMNS_LEFT_OUT) - set(tournament.tie_breaks)
    return [column for column in columns_for(tournament) if column.name not in left_out]


def group_table(ranked: list[Standing], through: set[int], columns: list[Column]) -> Table:
    """A group's table with `columns` (group_columns), not sortable (several sit on one page);
    once the group has begun, the rows of those `through` (selectors.going_through) are marked
    as going through to the knockout (before, the marks would only follow the draw's order)."""
    begun = any(s.row.played or s.row.byes for s in ranked)
    return Table([Header(column, "", "") for column in columns],
                 _rows(columns, standing_rows(ranked), through=through if begun else set()))


def _rows(columns, rows: list[dict], season_of: str = "",
          through: set[int] = frozenset()) -> list[Row]:
    """Each row's cells as HTML, made here once: no template work per cell. The names of those
    `through` (entry ids) carry a ✓ and say they go through, besides their row's bar."""
    settled = escape(_("settled by a deciding match"))
    decided = f'<sup class="decided" title="{settled}">*</sup>'
    lot = escape(_("order decided by lot"))
    by_lot = f'<sup class="by-lot" title="{lot}">†</sup>'
    withdrawn = escape(_("withdrawn"))
    said = escape(_("goes through"))
    goes_through = (' <span class="through" aria-hidden="true">✓</span>'
                    f'<span class="sr-only"> ({said})</span>')
    made = []
    for row in rows:
        qualifies = row["entry_id"] in through
        cells = []
        for column in columns:
            if column.name == "partnership":
                mark = goes_through if qualifies else ""
                cells.append(f'<th scope="row" class="who">{_name(row, withdrawn, season_of)}'
                             f"{mark}</th>")
            elif column.name == "rank" and rank_mark(row):
                mark = decided if row["decided"] else by_lot
                cells.append(f'<td class="num">{row["rank"]}{mark}</td>')
            else:
                cells.append(f'<td class="{column.css}">{row[column.name]}</td>')
        made.append(Row(row, mark_safe("".join(cells)), qualifies))  # names escaped: safe
    return made


def plain_rows(columns: list[Column], rows: list[dict]) -> list[list[str]]:
    """The cells of `rows` (standing_rows) as text, for paper."""
    withdrawn = _("withdrawn")
    return [[_plain_cell(column.name, row, withdrawn) for column in columns] for row in rows]


def _plain_cell(name: str, row: dict, withdrawn: str) -> str:
    if name == "rank":
        return f"{row['rank']}{rank_mark(row)}"
    if name == "partnership":
        return row["partnership"] + (f" ({withdrawn})" if row["withdrawn"] else "")
    return str(row[name])


def rank_mark(row: dict) -> str:
    """What follows a rank: * when a deciding match settled it, † when the lot did (rows
    kept before the lot was marked have no by_lot)."""
    return "*" if row["decided"] else "†" if row.get("by_lot") else ""


def by_lot(rows: list[dict]) -> bool:
    """Did the lot order any of `rows` (standing_rows)? Its note goes under the table."""
    return any(row.get("by_lot") for row in rows)


def _name(row: dict, withdrawn: str, season_of: str) -> str:
    name = escape(row["partnership"]) + (f" ({withdrawn})" if row["withdrawn"] else "")
    if not season_of:
        return name
    url = reverse("tournaments:partnership", args=[season_of, row["entry_id"]])
    return f'<a href="{escape(url)}">{name}</a>'
