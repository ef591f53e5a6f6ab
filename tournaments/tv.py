"""The tournament TV's tables: its ETag (one query) and its live matches as tiles of the grid
that scoring/tv.py lays out, 16 a page."""

from datetime import datetime

from django.utils.translation import gettext as _

from scoring import tv
from tournaments import selectors
from tournaments.presenters import Line


def tv_etag(slug: str, now: datetime) -> str | None:
    """One query: what `selectors.live_etag` says and, while a table may be highlighted (a
    score changed since `tv.fresh_since(now)`), the second it is: the highlights end with no
    change of scores, and the TV sees them end at its next poll."""
    found = selectors.live_version(slug, tv.fresh_since(now))
    if found is None:
        return None
    etag, fresh = found
    return f"{etag}-f{int(now.timestamp()) if fresh else 0}"


def note_of(line: Line) -> str:
    if line.status == "awaiting":
        return _("Awaiting confirmation")
    if line.pairing.third_place:
        return _("Third place")
    if line.pairing.group:
        return _("Group %(letter)s") % {"letter": line.pairing.group}
    return ""


def tiles(lines: list[Line], now: datetime) -> list[tv.Tile]:
    """Every match in play (or ended, its result awaiting confirmation), by table: read from
    the lines alone (no query)."""
    playing = sorted((line for line in lines if line.status in ("playing", "awaiting")),
                     key=lambda line: (line.table is None, line.table or 0, line.pairing.slot))
    return [tv.tile_of(line.pairing.match, now=now, table=line.table, a=line.a, b=line.b,
                       note=note_of(line)) for line in playing]


def grid(lines: list[Line], now: datetime, page: int) -> tv.Grid:
    """Page `page` of the grid (see tv.page_number) of the matches in play among `lines`."""
    every = tiles(lines, now)
    return tv.grid(every[tv.page_slice(page)], page=page, total=len(every))
