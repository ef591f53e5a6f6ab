"""JSON API v1 for tournaments: a public read with an ETag (docs/api.md, "Tournaments")."""

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from scoring.api import error
from sueca_club.live import recent_version, shared_copy
from tournaments import double_bracket, presenters, selectors, sit_outs, standings_tables
from tournaments.models import Tournament


@csrf_exempt  # a POST is answered 405 in JSON (RefusalsMiddleware), not a CSRF page
@require_safe
def tournament_detail(request, slug: str):
    version = recent_version(f"tournament-live:{slug}", lambda: selectors.live_etag(slug))
    if version is None:
        return error(_("No such tournament."), 404)
    language = get_language()  # the rounds' titles are in the request's language
    return shared_copy(request, f"tournament-api:{slug}:{language}",
                       quote_etag(f"{version}-{language}"), lambda: _body(slug),
                       content_type="application/json")


def _body(slug: str) -> bytes:
    """The encoded JSON, kept as it is sent: a quarter of a megabyte for 256 partnerships."""
    payload = _payload(slug)
    if payload is None:  # deleted since its ETag was read
        raise Http404(_("No such tournament."))
    return json.dumps(payload, cls=DjangoJSONEncoder).encode()


def _payload(slug: str) -> dict | None:
    """The whole tournament as the API shows it; built once per version (see `cached`): its
    matches from one query of plain values, its standings kept per version of the results."""
    tournament = selectors.tournament_page(slug)
    if tournament is None:
        return None
    summaries = selectors.pairing_summaries(tournament)
    double = tournament.structure == Tournament.Structure.DOUBLE and tournament.bracket_order
    rounds: dict[int, list] = {}
    for pairing in summaries:
        rounds.setdefault(pairing.round.number, []).append(pairing)
    robin = {number: pairings for number, pairings in rounds.items()
             if sit_outs.someone_sits_out(tournament, pairings[0].round, pairings)}
    # the field, read once only where a round robin's round leaves someone out or the final
    # places name everyone; the standings read it too when they are not kept
    placed = selectors.placed_at_the_end(tournament)
    entries = (selectors.entries(tournament) if double
               else selectors.entry_summaries(tournament) if robin or placed else None)
    payload = presenters.tournament_payload(
        tournament, summaries, standings_tables.ranked_rows(tournament, summaries, entries),
        _sitting_out(tournament, robin, entries or []),
        presenters.final_placings(tournament, summaries, entries) if placed else [])
    if double:
        payload["bracket"] = double_bracket.payload(
            double_bracket.build(tournament, summaries, entries))
    return payload


def _sitting_out(tournament: Tournament, robin: dict[int, list],
                 entries: list) -> dict[int, list[str]]:
    """The names of those who sit out each round of `robin` (sit_outs), by round number."""
    field = [sit_outs.Member(e.pk, e.group, e.display_name, e.withdrawn) for e in entries]
    names = {member.pk: member.name for member in field}
    return {number: [names[pk] for pk in sit_outs.sitting_out_ids(
                tournament, pairings[0].round, pairings, field)]
            for number, pairings in robin.items()}
