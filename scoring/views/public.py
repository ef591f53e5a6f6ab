"""Public live pages: a match's scoreboard, a club's matches, the café TV. No login."""

from django.db.models import Count, Max
from django.shortcuts import get_object_or_404, render
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_GET

from scoring import selectors
from scoring.models import Match
from sueca_club.live import live_page
from sueca_club.models import Club


@require_GET
def scoreboard(request, pk: int):
    version = Match.objects.filter(pk=pk).values_list("version", flat=True).first()
    if version is None:
        get_object_or_404(Match, pk=pk)

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

    return live_page(request, _club_etag(slug), "scoring/club.html",
                     "scoring/_club_live.html", context)


@require_GET
def club_tv(request, slug: str):
    """The café TV: one live match at a time, large, moving on to the next every few seconds."""
    club = get_object_or_404(Club, slug=slug)
    live = selectors.live_matches(club=club)
    index = _int(request.GET.get("i"), default=0) % max(len(live), 1)
    match = live[index] if live else None
    context = {"club": club, "match": match, "board": match and selectors.board(match),
               "next": index + 1, "count": len(live), "position": index + 1}
    response = render(request, "scoring/_tv_live.html" if request.htmx else "scoring/tv.html",
                      context)
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _int(value, default: int) -> int:
    try:
        return max(int(value), 0)
    except (TypeError, ValueError):
        return default
