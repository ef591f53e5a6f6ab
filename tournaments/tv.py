"""The tournament TV's tables: its ETag (one query) and its live matches, and those that just
ended, as tiles of the grid that scoring/tv.py lays out, 16 a page; a big knockout's bracket
shared among screens (formats/bracket_screens.py), and what sizes a bracket screen's text."""

import math
from dataclasses import replace
from datetime import datetime

from django.utils.translation import gettext as _

from scoring import tv
from tournaments import formats, presenters, selectors
from tournaments.double_bracket import RoundView
from tournaments.formats import bracket_screens
from tournaments.formats import double_elimination as de
from tournaments.models import Tournament
from tournaments.presenters import Bracket, Column, Line
from tournaments.services import double

MOST_ROWS = 8  # a screen of a knockout's bracket (formats/bracket_screens.MOST_MATCHES)
MOST_COLUMNS = 8  # a 32-partnership double elimination's losers' bracket
WIDEST = 4  # rounds a screen of a double elimination's bracket, read at 1280x720
RESULTS = 3  # a round's results on the first screen: a row of them, read at 1280x720


def tv_etag(slug: str, now: datetime) -> str | None:
    """One query: what `selectors.live_etag` says and, while a table may be highlighted (a
    score changed since `tv.fresh_since(now)`), the second it is: the highlights end with no
    change of scores, and the TV sees them end at its next poll. Likewise, while a match of the
    club ended within `tv.FINAL_SECONDS` (its final score is on the TV), the ETag changes every
    `tv.FINAL_STEP` seconds, so the score leaves at most that late."""
    found = selectors.live_version(slug, tv.fresh_since(now), tv.ended_since(now))
    if found is None:
        return None
    etag, fresh, ended = found
    second = int(now.timestamp())
    return f"{etag}-f{second if fresh else 0}-e{second // tv.FINAL_STEP if ended else 0}"


def note_of(line: Line, current: int | None) -> str:
    """What a tile says it is played for, besides the format: a match of a round other than
    the `current` one (the TV's heading; None: the heading names no round) names its round (a
    semi-final's final score beside the final, a league's match of an earlier matchday)."""
    if line.status == "awaiting":
        return _("Awaiting confirmation")
    if line.pairing.third_place:
        return _("Third place")
    if line.pairing.round.number != current:
        return presenters.round_title(line.pairing.round)
    if line.pairing.group:
        return _("Group %(letter)s") % {"letter": line.pairing.group}
    return ""


def on_tables(lines: list[Line], now: datetime) -> list[Line]:
    """Every match in play (or ended, its result awaiting confirmation) and every match that
    ended since `tv.ended_since(now)` on a table no later match has taken since (a table is
    one tile), by table."""
    playing = [line for line in lines if line.status in ("playing", "awaiting")]
    taken = {line.table for line in playing if line.table is not None}
    since = tv.ended_since(now)
    ended = sorted((line for line in lines if line.status in ("finished", "draw")
                    and line.pairing.match and line.pairing.match.finished_at
                    and line.pairing.match.finished_at >= since),
                   key=lambda line: line.pairing.match.finished_at, reverse=True)
    last_ended = []
    for line in ended:  # the newest first: an older one on the same table gives way
        if line.table is None or line.table not in taken:
            last_ended.append(line)
            taken.add(line.table)
    return sorted(playing + last_ended, key=lambda line: (line.table is None, line.table or 0,
                                                         line.pairing.round.number, line.pairing.slot))


def of_one_round(shown: list[Line], current: presenters.RoundLines | None) -> bool:
    """Are the tiles of `shown` (on_tables) all of the `current` round? Then the tables screen
    is headed by its title; else by what it shows (tables_heading), lest the final's heading
    read as if every table had played the final (a knockout just over, its earlier rounds'
    final scores still on their tables)."""
    return current is not None and all(line.pairing.round.number == current.number
                                       for line in shown)


def tables_heading(shown: list[Line], current: presenters.RoundLines | None) -> str:
    """The tables screen's heading: the current round's title while every tile is of it; else
    "Tables", or "Latest results" when none is in play, and each tile names its round."""
    if of_one_round(shown, current):
        return current.title
    if any(line.status in ("playing", "awaiting") for line in shown):
        return _("Tables")
    return _("Latest results")


def tiles(shown: list[Line], now: datetime, current: presenters.RoundLines | None,
          page: int) -> list[tv.Tile]:
    """The tiles of the grid's page `page` of `shown` (on_tables), each in play naming who
    deals next: read from the lines alone (their matches' summaries read the dealer's seat and
    the players' names: no query)."""
    heading = current.number if of_one_round(shown, current) else None
    return [tv.tile_of(line.pairing.match, now=now, table=line.table, a=line.a, b=line.b,
                       note=note_of(line, heading),
                       with_dealer=isinstance(line.pairing.match, selectors.MatchSummary))
            for line in shown[tv.page_slice(page)]]


def latest_results(lines: list[Line]) -> list[Line]:
    """The results of the round that the first screen shows (`lines`, the round's): the
    RESULTS newest (a match that ended without a score, a walkover, the last), one row of
    them across the TV."""
    ended = [line for line in lines if line.finished and not line.is_bye]  # as RoundLines counts
    return sorted(ended, key=_finished_at, reverse=True)[:RESULTS]


def _finished_at(line: Line) -> tuple:
    finished = line.pairing.match.finished_at if line.pairing.match else None
    return (finished is not None, finished)


def grid(shown: list[Line], page: int, now: datetime, current: presenters.RoundLines | None,
         playing: int) -> tv.Grid:
    """Page `page` (see tv.page_number) of the grid of the tables `shown` (on_tables): only its
    own tiles are made (a thousand tables, 16 a page); `playing` of them are in play (or
    awaiting confirmation)."""
    return tv.grid(tiles(shown, now, current, page), page=page, total=len(shown),
                   playing=playing)


def bracket_split(bracket: Bracket) -> list[bracket_screens.Screen]:
    """The screens `bracket` (presenters.bracket) takes on the TV: one, or a part for each
    8 matches of its first round shown and a screen of the last rounds."""
    return bracket_screens.bracket_screens([_places(column) // 2 for column in bracket.columns])


def bracket_on_screen(bracket: Bracket, screen: bracket_screens.Screen) -> Bracket:
    """What `screen` shows of `bracket` (presenters.bracket): its slice of each round it shows,
    each line as the whole bracket shows it."""
    columns = []
    for part in screen.slices:
        column = bracket.columns[part.column]
        columns.append(replace(column, lines=[line for slot, line in _by_slot(column)
                                              if part.start <= slot < part.stop]))
    return replace(bracket, columns=columns,
                   third=bracket.third if screen.third_place else None,
                   third_pending=bracket.third_pending and screen.third_place)


def bracket_fit(bracket: Bracket) -> str:
    """The classes that size the text of a screen of `bracket` (bracket_on_screen) to the TV
    (static/css/tournaments.css): the third-place match takes a column of its own."""
    third = bracket.third or bracket.third_pending
    return fit([len(column.lines) for column in bracket.columns] + ([1] if third else []))


def double_split(tournament: Tournament) -> dict[str, list[bracket_screens.Screen]]:
    """The screens the winners' and the losers' bracket of a double elimination each take,
    shared by its draw as a knockout's (bracket_split), and a screen of more than WIDEST
    rounds shared by its rounds (a losers' bracket has two rounds for each of the winners'),
    read from its schedule: no query."""
    schedule = double.schedule_of(tournament)
    return {screen: [narrow for wide in bracket_screens.bracket_screens(
                         [len(slots) for slots in schedule.rounds(part)])
                     for narrow in _by_rounds(wide)]
            for screen, part in (("winners", de.WINNERS), ("losers", de.LOSERS))}


def _by_rounds(screen: bracket_screens.Screen) -> list[bracket_screens.Screen]:
    """`screen` shared evenly among screens of WIDEST rounds at most (6 rounds: 3 and 3)."""
    each = math.ceil(len(screen.slices) / math.ceil(len(screen.slices) / WIDEST))
    return [replace(screen, slices=screen.slices[start:start + each])
            for start in range(0, len(screen.slices), each)] or [screen]


def double_on_screen(rounds: list[RoundView], screen: bracket_screens.Screen) -> list[RoundView]:
    return [replace(rounds[part.column], slots=rounds[part.column].slots[part.start:part.stop])
            for part in screen.slices]


def fit(columns: list[int]) -> str:
    """The classes that size a bracket screen's text (bracket_fit; a double elimination's
    screens) from `columns`, the matches of each column. The text is sized to the tallest column and to
    the columns sharing the width; past MOST_ROWS and MOST_COLUMNS it is sized for them, and
    static/js/tv-fit.js zooms out the rest."""
    rows = min(max(columns, default=1), MOST_ROWS)
    return f"tv-bracket rows-{rows} cols-{min(len(columns) or 1, MOST_COLUMNS)}"


def _places(column: Column) -> int:
    """A round drawn has the places of its code (a slot nobody came to has no line); a round
    not drawn yet, a slot for each line."""
    if column.drawn and column.lines:
        return formats.round_places(column.lines[0].pairing.round.code)
    return 2 * len(column.lines)


def _by_slot(column: Column) -> list[tuple[int, object]]:
    if column.drawn:
        return [(line.pairing.slot, line) for line in column.lines]
    return list(enumerate(column.lines))
