"""Public live pages: a match's scoreboard, a club's matches, the café TV. No login."""

from django.db.models import Count, Max
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring import selectors, tv
from scoring.models import Match
from sueca_club.live import live_page, recent_version
from sueca_club.models import Club


@require_GET
def scoreboard(request, pk: int):
    version = selectors.recent_match_version(pk)
    if version is None:
        raise Http404(_("No such match."))

    def context():
        match = selectors.matches_with_teams().get(pk=pk)
        return {"match": match, "board": selectors.board(match), "tally": selectors.tally(match)}

    return live_page(request, Match.version_tag(pk, version), "scoring/scoreboard.html",
                     "scoring/_scoreboard_live.html", context)


def _club_etag(slug: str) -> str | None:
    """One query: the newest change among the club's matches, and how many there are."""
    stamp = (Match.objects.filter(club__slug=slug)
             .aggregate(changed=Max("updated_at"), count=Count("id")))
    if stamp["count"] == 0:
        return None
    return f'c{slug}-{stamp["count"]}-{stamp["changed"].timestamp():.6f}'


@require_GET
def club(request, slug: str):
    def context():
        club = get_object_or_404(Club, slug=slug)
        return {"club": club, "live": selectors.live_matches(club=club),
                "recent": selectors.recent_matches(club=club)}

    return live_page(request, recent_version(f"club:{slug}", lambda: _club_etag(slug)),
                     "scoring/club.html",
                     "scoring/_club_live.html", context)


@require_GET
def club_tv(request, slug: str):
    """The café TV: every live table of the club at once, 16 a page; with more, the TV moves
    on to the next page (?page=2) by itself. An unchanged poll is a 304 for one query."""
    now = timezone.now()
    stamp = recent_version(f"club-tv:{slug}", lambda: selectors.tv_stamp(slug, tv.fresh_since(now)))
    live = stamp.live if stamp else 0
    page = tv.page_number(_int(request.GET.get("page"), default=1), live)
    etag = stamp and f"{stamp.etag}-p{page}"

    def context():
        club = get_object_or_404(Club, slug=slug)
        matches = selectors.tv_matches(club=club, page=tv.page_slice(page)) if live else []
        tiles = [tv.tile_of(match, now=now, table=_table_of(match), a=match.a.display_name,
                            b=match.b.display_name, with_dealer=True) for match in matches]
        return {"club": club, "grid": tv.grid(tiles, page=page, total=live)}

    return live_page(request, etag, "scoring/tv.html", "scoring/_tv_live.html", context)


def _table_of(match: Match) -> int | None:
    pairing = getattr(match, "pairing", None)  # a tournament's match: read with the match
    return pairing.table.number if pairing is not None and pairing.table_id else None


def _int(value, default: int) -> int:
    try:
        return max(int(value), 0)
    except (TypeError, ValueError):
        return default
