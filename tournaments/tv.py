"""The tournament TV's tables: its ETag (one query) and its live matches as tiles of the grid
that scoring/tv.py lays out, 16 a page."""

from datetime import datetime

from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _

from scoring import tv
from tournaments.models import Tournament
from tournaments.presenters import Line


def tv_etag(slug: str, now: datetime) -> str | None:
    """One query: what `selectors.live_etag` says (the tournament's version and those of all
    its matches), plus the tables highlighted for a deal since `tv.fresh_since(now)`."""
    match = "rounds__pairings__match"
    row = (Tournament.objects.filter(slug=slug)
           .annotate(matches=Sum(f"{match}__version"),
                     fresh=Count(match, filter=Q(**{f"{match}__finished": False,
                                                    f"{match}__updated_at__gte":
                                                        tv.fresh_since(now)})))
           .values_list("pk", "version", "matches", "fresh").first())
    return row and f"t{row[0]}-{row[1]}-{row[2] or 0}-f{row[3]}"


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
