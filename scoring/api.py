"""JSON API v1: public reads with ETags; referee writes by token, idempotent by key."""

import json

from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe

from scoring import engine, selectors, services
from scoring.forms.deal import ApiDealForm
from scoring.models import Match
from scoring.views.referee import referee_link
from sueca_club.live import conditional, shared_copy
from sueca_club.models import MAX_ID

MAX_KEY_LENGTH = 64
NO_MATCH = gettext_lazy("There is no match at this table right now.")
NO_LINK = gettext_lazy("This referee link does not exist. Scan the QR code on the table again.")
NO_KEY = gettext_lazy("Send an Idempotency-Key header (a UUID made once per deal).")
BAD_KEY = gettext_lazy("The Idempotency-Key header must be at most 64 printable ASCII "
                       "characters (a UUID made once per deal).")
BAD_IF_MATCH = gettext_lazy('If-Match must be the ETag of the match as this API sent it, '
                            '"m<id>-<version>" in double quotes, or be left out.')
TOO_LARGE = gettext_lazy("The body is too large: a referee's write is one small JSON object.")


class NoMatchHere(services.ScoringRefused):
    status = 409


def error(message, status: int) -> JsonResponse:
    return JsonResponse({"error": str(message)}, status=status)


def match_response(request, match: Match) -> JsonResponse:
    """The match as JSON, with the ETag of the version it shows (`conditional` adds the rest)."""
    response = JsonResponse(selectors.match_payload(match))
    response["ETag"] = match.etag
    return response


@csrf_exempt  # a POST is answered 405 in JSON (RefusalsMiddleware), not a CSRF page
@require_safe
def match_detail(request, pk: int):
    """The public read: every phone following the match gets the body built once per version
    (and at most once in LIVE_REBUILD_SECONDS), so a poll costs the version's query."""
    version = selectors.recent_match_version(pk)
    if version is None:
        return error(_("No such match."), 404)
    return shared_copy(request, f"api:match:{pk}", Match.etag_for(pk, version),
                       lambda: match_response(request,
                                              selectors.matches_with_teams().get(pk=pk)).content,
                       content_type="application/json")


def _link_or_error(token, *, with_match: bool = True):
    """The token's link, or the JSON error that says why not. A read gets the link with its
    match (a 409 when the table has none); a write asks for the link alone, reads the match
    itself under its row lock, and may be a retry for a match the table has moved on from."""
    try:
        link = referee_link(token, with_match=with_match)
    except Http404:
        return None, error(NO_LINK, 404)
    if link.revoked:
        return link, error(services.REVOKE_MESSAGE, 403)
    if with_match and link.match_id is None:
        return link, error(NO_MATCH, 409)
    return link, None


@never_cache
@csrf_exempt  # as match_detail
@require_safe
def referee_detail(request, token):
    link, refused = _link_or_error(token)
    if refused:
        return refused
    return conditional(request, link.match.etag, lambda: match_response(request, link.match))


def _key(request) -> str:
    key = request.headers.get("Idempotency-Key", "").strip()
    if not key:
        raise services.ScoringRefused(NO_KEY)
    # Printable ASCII only: a NUL would make PostgreSQL refuse the query (a 500).
    if len(key) > MAX_KEY_LENGTH or not (key.isascii() and key.isprintable()):
        raise services.ScoringRefused(BAD_KEY)
    return key


def _if_match(request) -> tuple[int, int] | None:
    """`If-Match: "m<id>-<version>"`: the match and the version of it the phone has seen. The
    write refuses a score the phone has not seen, and a deal made for a match the table has
    moved on from is never recorded on the next (as with the body's `match`). Any other tag
    is refused rather than ignored: the phone would lose the check without knowing."""
    header = request.headers.get("If-Match", "").strip()
    if header in ("", "*"):
        return None
    seen = Match.parse_etag(header)
    if seen is None:
        raise services.ScoringRefused(BAD_IF_MATCH)
    return seen


def _referee_write(request, token, write):
    """A referee's write by token: `write(link, key)` gives its answer."""
    link, refused = _link_or_error(token, with_match=False)
    if refused:
        return refused
    try:
        answer = write(link, _key(request))
    except services.ScoringRefused as refusal:
        return error(refusal.message, refusal.status)
    return HttpResponse(answer.body, status=answer.status, content_type="application/json")


def _answered_earlier(link, key: str, made_for: int | None, action: str,
                      current: int | None = None, **request):
    """When the phone made this write (asking `request`: services.ASKED) for a match the table
    has moved on from: the first answer to it, or a refusal, and never the write on the
    table's new match (a phone that was offline, or whose answer was lost). None when the
    write is for the match it applies to (`current`: the table's match now, unless said
    otherwise)."""
    current = current or link.match_id
    if made_for is not None and made_for != current:
        return services.earlier_answer(match_id=made_for, key=key, link=link, action=action,
                                       **request)
    if current is None:  # a retry of a write done before the table's match went
        answered = services.kept_answer(key=key, link=link, action=action, **request)
        if answered is None:
            raise NoMatchHere(NO_MATCH)
        return answered
    return None


def _body(request) -> bytes:
    """The request's body, refused when it is over the size Django reads
    (DATA_UPLOAD_MAX_MEMORY_SIZE): saying so, not that it is no JSON."""
    try:
        return request.body
    except RequestDataTooBig as exc:
        raise services.ScoringRefused(TOO_LARGE) from exc


def _json_object(request, entries: tuple[str, ...], malformed, unknown) -> dict:
    """The JSON object a write's body is: refused (`malformed`) when it is not one, or
    (`unknown`, naming the key) when it has an entry the write does not read, since a misspelt
    key must never be ignored (as a deal's is not: ApiDealForm.from_body)."""
    try:
        body = json.loads(_body(request))
    except (ValueError, RecursionError) as exc:  # bad bytes, cut short, deep nesting
        raise services.ScoringRefused(malformed) from exc
    if not isinstance(body, dict):
        raise services.ScoringRefused(malformed)
    for key in body:
        if key not in entries:
            raise services.ScoringRefused(unknown % {"key": key})
    return body


def _match_named(value) -> int | None:
    """The `match` field of an undo: the id of the match the phone made it for, or None."""
    if value is not None and (type(value) is not int or not 1 <= value <= MAX_ID):
        raise services.ScoringRefused(_("match must be the id of a match."))
    return value


def _rules_at(link) -> engine.Rules | None:
    """The rules of the table's match, that a deal sent to it is read with (None: no match)."""
    return None if link.match is None else engine.rules_from(overrides=link.match.rules)


@csrf_exempt
@require_POST
def referee_deal(request, token):
    def write(link, key):
        form = ApiDealForm.from_body(_body(request), _rules_at(link))
        if not form.is_valid():
            raise services.ScoringRefused(form.refusal())
        seen = _if_match(request)
        made_for = form.cleaned_data["match"] or (seen and seen[0])
        return _answered_earlier(link, key, made_for, "deal", deal=form.deal,
                                 trump=form.trump) or services.deal_record(
            match_id=link.match_id, deal=form.deal, key=key, link=link, trump=form.trump,
            read=link.match,
            opponent_confirmed=form.cleaned_data["confirmed"],
            expected_version=seen[1] if seen and seen[0] == link.match_id else None)
    return _referee_write(request, token, write)


UNDO_BODY = gettext_lazy('The body of an undo is empty, or {"match": <id>}: the match it was '
                         'made for.')


def _undo_for(request) -> int | None:
    """The match an undo was made for, when its body names one: `{"match": <id>}`. An undo
    needs no body; one cut short or misspelt is refused, not read as none (docs/api.md)."""
    if not _body(request):
        return None
    body = _json_object(request, ("match",), UNDO_BODY, _("Unknown entry %(key)s in an undo."))
    return _match_named(body.get("match"))


@csrf_exempt
@require_POST
def referee_undo(request, token):
    def write(link, key):
        seen = _if_match(request)
        made_for = _undo_for(request) or (seen and seen[0])
        target = services.undo_target(link)  # the deal that ended a match can be undone too
        if made_for is not None and made_for == link.match_id != target:
            # the table's match has no deal (left): a retry gets its first answer
            answered = services.kept_answer(key=key, link=link, action="undo", match_id=made_for)
            if answered is None:
                raise services.ScoringRefused(str(services.NOTHING_TO_UNDO))
            return answered
        return (_answered_earlier(link, key, made_for, "undo", current=target)
                or services.deal_undo(match_id=target, key=key, link=link, read=link.match,
                                      expected_version=seen[1] if seen and seen[0] == target
                                      else None))
    return _referee_write(request, token, write)


FIRST_DEALER_BODY = gettext_lazy('The body must be {"seat": <seat>}: the seat of the player who '
                                 'deals first, from 0 (A\'s first player) in the order of play.')


@csrf_exempt
@require_POST
def referee_first_dealer(request, token):
    """Who dealt first, until the match is over (services.first_dealer_set): `{"seat": n}`, and
    the match the phone chose it for, `"match": <id>`, if it says. Idempotent by itself: the
    same seat again changes nothing, so it needs no key. With an Idempotency-Key (the phone's
    offline queue sends one, as with its deals) a retry gets its first answer back, even after
    the first deal (services.first_dealer_record)."""
    if request.headers.get("Idempotency-Key", "").strip():
        return _referee_write(request, token, lambda link, key: _first_dealer_keyed(
            request, link, key))
    link, refused = _link_or_error(token, with_match=False)
    if refused:
        return refused
    try:
        body = _first_dealer_body(request)
        named = _match_named(body.get("match"))
        if link.match_id is None:
            raise NoMatchHere(NO_MATCH)
        if named not in (None, link.match_id):
            raise NoMatchHere(services.not_here(link=link, match_id=named, action="dealer"))
        match = services.first_dealer_set(match_id=link.match_id, seat=body["seat"], link=link)
    except services.ScoringRefused as refusal:
        return error(refusal.message, refusal.status)
    return match_response(request, match)


def _first_dealer_body(request) -> dict:
    body = _json_object(request, ("seat", "match"), FIRST_DEALER_BODY,
                        _("Unknown entry %(key)s in the choice of who deals first."))
    if type(body.get("seat")) is not int:
        raise services.ScoringRefused(FIRST_DEALER_BODY)
    return body


def _first_dealer_keyed(request, link, key: str) -> services.Answer:
    """The choice sent with a key: a retry for a match the table has moved on from gets its
    first answer back, or is refused; it is never made on the table's next match."""
    body = _first_dealer_body(request)
    return _answered_earlier(link, key, _match_named(body.get("match")), "dealer",
                             seat=body["seat"]) or \
        services.first_dealer_record(match_id=link.match_id, seat=body["seat"], key=key,
                                     link=link)
