"""The tournament TV's tables: its ETag (one query) and its live matches, and those that just
ended, as tiles of the grid that scoring/tv.py lays out, 16 a page."""

from datetime import datetime

from django.utils.translation import gettext as _

from scoring import tv
from tournaments import selectors
from tournaments.presenters import Line


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


def note_of(line: Line) -> str:
    if line.status == "awaiting":
        return _("Awaiting confirmation")
    if line.pairing.third_place:
        return _("Third place")
    if line.pairing.group:
        return _("Group %(letter)s") % {"letter": line.pairing.group}
    return ""


def tiles(lines: list[Line], now: datetime) -> list[tv.Tile]:
    """Every match in play (or ended, its result awaiting confirmation) and every match that
    ended since `tv.ended_since(now)` on a table no later match has taken since (a table is
    one tile), by table: read from the lines alone (no query)."""
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
    shown = sorted(playing + last_ended, key=lambda line: (line.table is None, line.table or 0,
                                                      line.pairing.round.number, line.pairing.slot))
    return [tv.tile_of(line.pairing.match, now=now, table=line.table, a=line.a, b=line.b,
                       note=note_of(line)) for line in shown]


def grid(every: list[tv.Tile], page: int, playing: int) -> tv.Grid:
    """Page `page` (see tv.page_number) of the grid of `every` tile; `playing` of them are in
    play (or awaiting confirmation)."""
    return tv.grid(every[tv.page_slice(page)], page=page, total=len(every), playing=playing)
