"""JSON API v1 for tournaments: a public read with an ETag (docs/api.md, "Tournaments")."""

from django.http import HttpResponseNotModified, JsonResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.api import error, etag_matches
from sueca_club.live import cached
from tournaments import selectors


@require_GET
def tournament_detail(request, slug: str):
    version = selectors.live_etag(slug)
    if version is None:
        return error(_("No such tournament."), 404)
    etag = f'"{version}"'
    if etag_matches(request, etag):
        return HttpResponseNotModified()
    payload = cached(f"tournament-api:{slug}", etag, lambda: _payload(slug))
    if payload is None:
        return error(_("No such tournament."), 404)
    response = JsonResponse(payload)
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True)
    return response


def _payload(slug: str) -> dict | None:
    """The whole tournament as the API shows it; built once per version (see `cached`)."""
    tournament = selectors.tournament_page(slug)
    if tournament is None:
        return None
    all_pairings = list(selectors.pairings(tournament))
    ranked = selectors.standings(tournament, all_pairings, selectors.entries(tournament))
    return selectors.tournament_payload(tournament, all_pairings, ranked)
