"""Spreadsheets of a tournament or of a club season: standings, results and every deal.

Rows are plain dicts, written column by column (each column a row's key and its header)
through `spreadsheet_cell` into a tablib dataset, which writes the CSV or XLSX. No
hand-written writer.

A text cell is data, never a formula: a partnership named `=HYPERLINK(...)` or `@SUM(...)`
would otherwise run in the spreadsheet of whoever opens the file (CSV injection). As OWASP
advises, text starting with = + - @, a tab or a carriage return is written with a single
quote before it; numbers stay numbers.
"""

import datetime
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import tablib
from django.db.models import QuerySet
from django.utils import formats, timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.models import Deal, Match
from scoring.presenters import TallyRow
from sueca_club.models import Club
from tournaments import presenters, selectors
from tournaments.models import Tournament
from tournaments.standings_tables import columns_for, standing_rows

Progress = Callable[[int], None]
Columns = tuple[tuple[str, str], ...]  # (a row's key, its header), in the file's order
CSV_BOM = "\ufeff"  # so that spreadsheet programs read the accents of a UTF-8 CSV right
SPREADSHEETS = ("csv", "xlsx")


def no_progress(percent: int) -> None:
    pass


def seat_text(seat: int) -> str:
    """A seat from 1, with its side: "3 (A)"; A holds the even seats of 4, or of 8 with the
    double pack."""
    return f"{seat + 1} ({'AB'[seat % 2]})"


PLACE_COLUMNS: Columns = (
    ("date", gettext_lazy("Date")), ("event", gettext_lazy("Tournament")),
    ("round", gettext_lazy("Round")), ("table", gettext_lazy("Table")),
    ("a", gettext_lazy("Partnership A")), ("b", gettext_lazy("Partnership B")),
)
# The game sets a match of partidas is won on (its loser may have more games), the games,
# and the card points of the match's deals: what the points format ("Sueca de pontos") is won
# on, its deals awarding no games; a walkover in it wins the target in card points.
RESULT_COLUMNS: Columns = PLACE_COLUMNS + (
    ("sets_a", gettext_lazy("Game sets A")), ("sets_b", gettext_lazy("Game sets B")),
    ("games_a", gettext_lazy("Games A")), ("games_b", gettext_lazy("Games B")),
    ("points_a", gettext_lazy("Card points A")), ("points_b", gettext_lazy("Card points B")),
    ("winner", gettext_lazy("Winner")), ("status", gettext_lazy("Status")),
)
# A deal's game set (in partidas), and its card points as scored, a bonus said
# ("70-60 (A: 60 + 10 bonus)"), where the card points entered leave the bonus out.
DEAL_COLUMNS: Columns = PLACE_COLUMNS + (
    ("deal", gettext_lazy("Deal")), ("game_set", gettext_lazy("Game set")),
    ("dealer", gettext_lazy("Dealer's seat")), ("trump", gettext_lazy("Trump")),
    ("points_a", gettext_lazy("Card points A")), ("points_b", gettext_lazy("Card points B")),
    ("scored", gettext_lazy("Card points scored")), ("flag", gettext_lazy("Flag")),
    ("revoke", gettext_lazy("Revoke")), ("games_a", gettext_lazy("Games A")),
    ("games_b", gettext_lazy("Games B")), ("total_a", gettext_lazy("Total games A")),
    ("total_b", gettext_lazy("Total games B")),
)
SEASON_STANDINGS_COLUMNS: Columns = (
    ("rank", "#"), ("partnership", gettext_lazy("Partnership")),
    ("played", gettext_lazy("Played")), ("won", gettext_lazy("Won")),
    ("drawn", gettext_lazy("Drawn")), ("lost", gettext_lazy("Lost")),
    ("games_won", gettext_lazy("Games won")), ("games_lost", gettext_lazy("Games lost")),
    ("difference", gettext_lazy("Games difference")),
)


TOURNAMENT_LEAVES_OUT = ("date", "event")  # one tournament: the file says which


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"[+-]?[0-9]+([.,][0-9]+)?")


def spreadsheet_cell(value):
    """`value` as a spreadsheet cell that cannot be a formula: every export's cells pass here."""
    if isinstance(value, Promise):
        value = str(value)
    if (isinstance(value, str) and value.startswith(FORMULA_STARTS)
            and not NUMBER.fullmatch(value)):  # "-3" is a number in words, not a formula
        return "'" + value
    return value


def file_content(columns: Columns, rows: list[dict], fmt: str, title: str,
                 exclude: Iterable[str] = ()) -> bytes:
    """The rows as a CSV (UTF-8 with a BOM) or XLSX file, every cell through spreadsheet_cell;
    an empty value is an empty cell. The CSV separates its cells as the language's
    spreadsheets do: with a semicolon where numbers have a decimal comma (Portuguese), as
    Excel reads a file it opens there, else with a comma."""
    if fmt not in SPREADSHEETS:
        raise ValueError(f"no such export format: {fmt!r}")
    kept = [(key, header) for key, header in columns if key not in exclude]
    content = tablib.Dataset(
        *([spreadsheet_cell(None if row[key] == "" else row[key]) for key, _ in kept]
          for row in rows),
        headers=[spreadsheet_cell(header) for _, header in kept],
        title=sheet_title(title)).export(fmt, **({"delimiter": csv_delimiter()}
                                                 if fmt == "csv" else {}))
    return (CSV_BOM + content).encode() if isinstance(content, str) else content


def csv_delimiter() -> str:
    return ";" if formats.get_format("DECIMAL_SEPARATOR") == "," else ","


def sheet_title(title: str) -> str:
    """A spreadsheet's sheet name: at most 31 characters, none of []:*?/\\."""
    cleaned = "".join(" " if c in "[]:*?/\\" else c for c in title).strip()
    return cleaned[:31] or "Sueca"


# A tournament ------------------------------------------------------------------------------

def tournament_standings(tournament: Tournament, fmt: str, progress: Progress = no_progress) -> bytes:
    """The standings with the columns of the standings page (columns_for): no game sets where
    the matches have none, no games in the points format, and so on; never a column of 0s."""
    ranked = selectors.standings(tournament, list(selectors.pairings(tournament)),
                                 selectors.entries(tournament))
    progress(50)
    withdrawn = _("withdrawn")
    rows = [{**row, "partnership": f"{row['partnership']} ({withdrawn})" if row["withdrawn"]
             else row["partnership"]} for row in standing_rows(ranked)]
    columns = tuple((column.name, column.header) for column in columns_for(tournament))
    return file_content(columns, rows, fmt, _("Standings"))


RESULT_STATUS = {
    "bye": gettext_lazy("bye"), "walkover": gettext_lazy("walkover"),
    "withdrawal": gettext_lazy("withdrawal"),
    "forfeit": gettext_lazy("double forfeit"),
    "finished": gettext_lazy("finished"), "draw": pgettext_lazy("a level match", "draw"),
    "playing": gettext_lazy("playing"), "postponed": gettext_lazy("postponed"),
    "waiting": gettext_lazy("waiting for a table"),
    "awaiting": gettext_lazy("awaiting confirmation"),
}


def result_row(line: presenters.Line, kind: str) -> dict:
    """`kind`: the tournament's match format."""
    winner = {"A": line.a, "B": line.b}.get(line.winner or "", "")
    if line.walkover or line.is_bye:  # the card points it brings in the points format
        points = line.score if kind == "points" else ("", "")
    else:
        points = line.pairing.match.state["points"] if line.match_id else ("", "")
    sets = line.score if kind == "partidas" else ("", "")
    return {"round": presenters.round_title(line.pairing.round), "table": line.table or "",
            "a": line.a, "b": line.b or "", "sets_a": sets[0], "sets_b": sets[1],
            "games_a": line.games[0], "games_b": line.games[1],
            "points_a": points[0], "points_b": points[1],
            "winner": winner, "status": str(RESULT_STATUS[line.status])}


def tournament_results(tournament: Tournament, fmt: str, progress: Progress = no_progress) -> bytes:
    kind = tournament.format.get("type")
    rows = [result_row(line, kind)
            for line in presenters.lines(tournament, selectors.pairings(tournament))]
    progress(50)
    return file_content(RESULT_COLUMNS, rows, fmt, _("Results"), exclude=TOURNAMENT_LEAVES_OUT)


@dataclass(frozen=True)
class Place:
    """Where a match was played, as the deals file says it."""

    date: str = ""
    event: str = ""
    round: str = ""
    table: int | str = ""


def deal_rows(match: Match, deals: list[Deal], place: Place) -> list[dict]:
    """Each active deal of `match` with what it gave and the running tally of games; in game
    sets, the set it was dealt in."""
    played = match.state.get("deals", [])
    tally = [TallyRow.from_dict(row) for row in match.tally]
    in_sets = match.format["type"] == "partidas"
    total_a = total_b = 0
    before = (0, 0)  # the partidas won before the deal
    rows = []
    for deal, result, row in zip(deals, played, tally, strict=False):
        games_a, games_b = result["games"]
        total_a, total_b = total_a + games_a, total_b + games_b
        points = deal.data.get("points") or ["", ""]
        rows.append({
            "date": place.date, "event": place.event, "round": place.round, "table": place.table,
            "a": match.a.display_name, "b": match.b.display_name, "deal": deal.number,
            "game_set": sum(before) + 1 if in_sets else "", "scored": row.scored,
            "dealer": seat_text(result["dealer"]), "trump": deal.get_trump_display(),
            "points_a": points[0], "points_b": points[1], "flag": deal.data.get("flag", ""),
            "revoke": deal.data.get("revoke", ""), "games_a": games_a, "games_b": games_b,
            "total_a": total_a, "total_b": total_b,
        })
        before = row.partidas
    return rows


def active_deals_by_match(match_ids: list[int]) -> dict[int, list[Deal]]:
    by_match: dict[int, list[Deal]] = {}
    for deal in Deal.objects.filter(match_id__in=match_ids, active=True).order_by("match", "number"):
        by_match.setdefault(deal.match_id, []).append(deal)
    return by_match


CHUNK = 200  # matches read at a time (and a progress step)


def tournament_deals(tournament: Tournament, fmt: str, progress: Progress = no_progress) -> bytes:
    # with their tallies, which say each deal's game set and bonus
    played = [p for p in selectors.pairings(tournament).defer(None) if p.match_id]
    rows: list[dict] = []
    for start in range(0, len(played), CHUNK):
        chunk = played[start:start + CHUNK]
        deals = active_deals_by_match([p.match_id for p in chunk])
        for pairing in chunk:
            place = Place(round=presenters.round_title(pairing.round),
                          table=pairing.table.number if pairing.table_id else "")
            rows.extend(deal_rows(pairing.match, deals.get(pairing.match_id, []), place))
        progress(90 * (start + len(chunk)) // len(played))
    return file_content(DEAL_COLUMNS, rows, fmt, _("Deals"), exclude=TOURNAMENT_LEAVES_OUT)


# A club season: every match of the club between two dates, friendlies included -------------

def season_matches(club: Club, start: datetime.date, end: datetime.date) -> QuerySet[Match]:
    return (Match.objects.filter(club=club, created_at__date__gte=start, created_at__date__lte=end)
            .select_related("a__player_1", "a__player_2", "b__player_1", "b__player_2",
                            "pairing__round__tournament", "pairing__table")
            .order_by("created_at", "id"))


def season_place(match: Match) -> Place:
    date = timezone.localtime(match.created_at).date().isoformat()
    pairing = getattr(match, "pairing", None)
    if pairing is None:
        return Place(date=date, event=_("Friendly"))
    return Place(date=date, event=pairing.round.tournament.name, round=presenters.round_title(pairing.round),
                 table=pairing.table.number if pairing.table_id else "")


def match_result_row(match: Match, place: Place) -> dict:
    if match.finished:
        status = _("finished")
        winner = {"A": match.a.display_name, "B": match.b.display_name}.get(match.winner, "")
    else:
        status, winner = _("playing"), ""
    sets = match.state["partidas"] if match.format["type"] == "partidas" else ("", "")
    return {"date": place.date, "event": place.event, "round": place.round, "table": place.table,
            "a": match.a.display_name, "b": match.b.display_name, "sets_a": sets[0],
            "sets_b": sets[1], "games_a": match.games_a,
            "games_b": match.games_b, "points_a": match.state["points"][0],
            "points_b": match.state["points"][1], "winner": winner, "status": status}


def season_title(name: str, start: datetime.date, end: datetime.date) -> str:
    return f"{name} {start:%Y-%m-%d} {end:%Y-%m-%d}"


def season_results(club: Club, start: datetime.date, end: datetime.date, fmt: str,
                   progress: Progress = no_progress) -> bytes:
    rows = [match_result_row(m, season_place(m)) for m in season_matches(club, start, end)]
    progress(50)
    return file_content(RESULT_COLUMNS, rows, fmt, _("Results"))


def season_deals(club: Club, start: datetime.date, end: datetime.date, fmt: str,
                 progress: Progress = no_progress) -> bytes:
    matches = list(season_matches(club, start, end))
    rows: list[dict] = []
    for begin in range(0, len(matches), CHUNK):
        chunk = matches[begin:begin + CHUNK]
        deals = active_deals_by_match([m.pk for m in chunk])
        for match in chunk:
            rows.extend(deal_rows(match, deals.get(match.pk, []), season_place(match)))
        progress(90 * (begin + len(chunk)) // len(matches))
    return file_content(DEAL_COLUMNS, rows, fmt, _("Deals"))


def season_standing_rows(matches: Iterable[Match]) -> list[dict]:
    """Each partnership's finished matches of the season: most wins first, then games."""
    table: dict[int, dict] = {}
    for match in matches:
        if not match.finished:
            continue
        for side, mine, theirs, partnership in (("A", match.games_a, match.games_b, match.a),
                                                ("B", match.games_b, match.games_a, match.b)):
            row = table.setdefault(partnership.pk, {
                "partnership": partnership.display_name, "played": 0, "won": 0, "drawn": 0,
                "lost": 0, "games_won": 0, "games_lost": 0})
            row["played"] += 1
            outcome = ("won" if match.winner == side
                       else "lost" if match.winner in ("A", "B") else "drawn")
            row[outcome] += 1
            row["games_won"] += mine
            row["games_lost"] += theirs
    rows = sorted(table.values(), key=lambda r: (-r["won"], -r["drawn"],
                                                 r["games_lost"] - r["games_won"], r["partnership"]))
    for rank, row in enumerate(rows, start=1):
        row["rank"], row["difference"] = rank, row["games_won"] - row["games_lost"]
    return rows


def season_standings(club: Club, start: datetime.date, end: datetime.date, fmt: str,
                     progress: Progress = no_progress) -> bytes:
    rows = season_standing_rows(season_matches(club, start, end))
    progress(50)
    return file_content(SEASON_STANDINGS_COLUMNS, rows, fmt, _("Standings"))

