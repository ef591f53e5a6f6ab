"""Public live pages: a match's scoreboard, a club's matches, the café TV. No login."""

from django.db.models import Count, Max, Min, OuterRef, Subquery, Sum
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring import presenters, selectors, tv
from scoring.models import Match
from sueca_club.live import live_page, recent_version
from sueca_club.models import Club
from sueca_club.zones import club_zone_activate


@require_safe
def scoreboard(request, pk: int):
    stamp = selectors.recent_scoreboard_stamp(pk)
    if stamp is None:
        raise Http404(_("No such match."))

    def context():
        match = selectors.matches_with_teams().select_related(
            "pairing__round__tournament").get(pk=pk)
        club_zone_activate(match.club)
        pairing = getattr(match, "pairing", None)  # a tournament's match: the way back to it
        return {"match": match, "board": selectors.board(match), "tally": selectors.tally(match),
                "tournament": pairing and pairing.round.tournament,
                "round_title": presenters.round_title(match)}
    return live_page(request, stamp, "scoring/scoreboard.html",
                     "scoring/_scoreboard_live.html", context)


def _club_etag(slug: str) -> str | None:
    """One query: the newest change among the club's matches, and how many there are."""
    stamp = (Match.objects.filter(club__slug=slug)
             .aggregate(changed=Max("updated_at"), count=Count("id")))
    return _matches_stamp(slug, stamp["count"], stamp["changed"])


def _matches_stamp(slug: str, count: int, changed) -> str | None:
    return f"c{slug}-{count}-{changed.timestamp():.6f}" if count else None


CLUB_LIVE = 20  # the club page's live matches, those that changed last; `in_play` has them all
IN_PLAY_PER_PAGE = 50


def _club_page_etag(slug: str) -> str | None:
    """One query, the club page's whole version: its matches' (_club_etag) and what changes its
    tournaments' lists (tournaments_public's club_tournaments): any tournament's new version,
    one more, and a sign-up's closing time passed. The tournaments are named through the
    club's relation: `scoring` imports nothing of `tournaments`."""
    tournaments = (Club._meta.get_field("tournaments").related_model.objects
                   .filter(club=OuterRef("pk")).order_by().values("club"))
    matches = Match.objects.filter(club=OuterRef("pk")).order_by().values("club")

    def of(rows, **aggregate):
        return Subquery(rows.annotate(**aggregate).values(*aggregate))

    row = Club.objects.filter(slug=slug).values(
        matches_count=of(matches, n=Count("pk")), changed=of(matches, m=Max("updated_at")),
        tournaments_count=of(tournaments, n=Count("pk")),
        versions=of(tournaments, v=Sum("version")),
        closes=of(tournaments.filter(registration__open=True,
                                     registration__closes_at__gt=timezone.now()),
                  c=Min("registration__closes_at"))).first()
    if row is None or not (matches_stamp := _matches_stamp(slug, row["matches_count"] or 0,
                                                           row["changed"])):
        return None
    closes = row["closes"].timestamp() if row["closes"] else 0
    return (f'{matches_stamp}-t{row["tournaments_count"] or 0}-{row["versions"] or 0}'
            f'-{closes:.0f}')


@require_safe
def club(request, slug: str):
    """A club's page. Its poll (htmx) asks for the matches alone; the whole page also lists
    the club's tournaments, and its version says so."""
    etag = (recent_version(f"club:{slug}", lambda: _club_etag(slug)) if request.htmx
            else _club_page_etag(slug))

    def context():
        club = club_of(slug)
        live, more_live = selectors.first_live(club=club, count=CLUB_LIVE)
        return {"club": club, "live": live, "more_live": more_live,
                "recent": selectors.recent_matches(club=club)}

    return live_page(request, etag, "scoring/club.html", "scoring/_club_live.html", context)


@require_safe
def in_play(request, slug: str | None = None):
    """Every match in play, the club's (`slug`) or everywhere, IN_PLAY_PER_PAGE a page by table:
    where the club page's and the home page's live lists lead when they stop short. An
    unchanged poll is a 304 for one query."""
    stamp = selectors.recent_live_stamp(club_slug=slug)
    page = tv.page_number(_int(request.GET.get("page"), default=1), stamp.live, IN_PLAY_PER_PAGE)

    def context():
        club = None if slug is None else club_of(slug)
        matches = selectors.in_play(club=club, page=tv.page_slice(page, IN_PLAY_PER_PAGE))
        return {"club": club, "matches": matches, "listing": {
            "page": page, "pages": tv.pages_for(stamp.live, IN_PLAY_PER_PAGE), "total": stamp.live,
            "playing": stamp.live}}

    return live_page(request, f"{stamp.etag}-p{page}", "scoring/in_play.html",
                     "scoring/_in_play_live.html", context, shared_query=f"page={page}")


@require_safe
def club_tv(request, slug: str):
    """The café TV: every live table of the club at once, 16 a page, and the matches that
    ended in the last tv.FINAL_SECONDS with their final score; with more, the TV moves on to
    the next page (?page=2) by itself. An unchanged poll is a 304 for one query."""
    now = timezone.now()
    ended_since = tv.ended_since(now)
    stamp = recent_version(f"club-tv:{slug}", lambda: selectors.tv_stamp(
        slug, tv.fresh_since(now), ended_since))
    shown = stamp.shown if stamp else 0
    page = tv.page_number(_int(request.GET.get("page"), default=1), shown)
    etag = stamp and f"{stamp.etag}-p{page}"

    def context():
        club = club_of(slug)
        matches = (selectors.in_play(club=club, page=tv.page_slice(page), ended_since=ended_since)
                   if shown else [])
        tiles = [tv.tile_of(match, now=now, table=match.table_number, a=match.a.display_name,
                            b=match.b.display_name, note=_tournament_of(match), with_dealer=True)
                 for match in matches]
        playing = matches[0].playing if matches else stamp.live if stamp else 0
        return {"club": club, "grid": tv.grid(tiles, page=page, total=shown, playing=playing)}

    return live_page(request, etag, "scoring/tv.html", "scoring/_tv_live.html", context)


def club_of(slug: str) -> Club:
    """The page's club, its zone switched on (sueca_club/zones.py)."""
    club = get_object_or_404(Club, slug=slug)
    club_zone_activate(club)
    return club


def _tournament_of(match: Match) -> str | None:
    """A tournament's match is named by its tournament (a friendly by its format: None)."""
    name = match.tournament_name
    return name and presenters.shortened(name, tv.NOTE_CHARS)


def _int(value, default: int) -> int:
    try:
        return max(int(value), 0)
    except (TypeError, ValueError):
        return default
