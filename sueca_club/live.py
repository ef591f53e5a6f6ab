"""Live pages: the whole page, or only its fragment for an htmx poll, with an ETag and 304s."""

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils import translation

from sueca_club import cache

# Without these a visitor is anonymous with nothing to be told: every such visitor gets the
# same page (no live page carries a CSRF token: tests/site/test_shared_live_pages.py).
PERSONAL_COOKIES = (settings.SESSION_COOKIE_NAME, CookieStorage.cookie_name)


def live_page(request, etag: str | None, template: str, fragment: str, context):
    """Render a live page, or only its fragment for an htmx poll; 304 when nothing changed.

    `context` is a callable so that an unchanged poll costs nothing but the ETag's query.
    The ETag also names what else changes the page: fragment or page, language and, for a
    whole page, who is logged in (the header differs; a fragment is the same for everyone),
    so a revalidation never brings back another version. What every visitor sees alike (a
    fragment, or the page of a visitor without a session) is rendered once per version.
    """
    htmx = bool(request.htmx)
    shared = htmx or not any(name in request.COOKIES for name in PERSONAL_COOKIES)
    language = translation.get_language()
    name = fragment if htmx else template
    if etag is not None:
        who = "f" if htmx else f"p-u{0 if shared else _user_id(request)}"
        etag = f'"{etag}-{language}-{who}"'
        if etag in request.META.get("HTTP_IF_NONE_MATCH", ""):
            return _revalidated(HttpResponseNotModified(), etag)
    if shared and etag is not None and not request.GET:
        # A page that used a CSRF token is personal after all: it is not kept.
        response = HttpResponse(cached(
            f"live:{request.path}:{name}:{language}", etag,
            lambda: render(request, name, context()).content,
            keep=lambda _: not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")))
    else:
        response = render(request, name, context())
    return _revalidated(response, etag)


def _revalidated(response, etag: str | None):
    """What a 200 and a 304 both carry (RFC 9110): the ETag, ask again every time, and what
    else the page depends on."""
    if etag is not None:
        response["ETag"] = etag
    response["Cache-Control"] = "no-cache"  # the response is new: nothing to merge with
    response["Vary"] = "HX-Request, Cookie"
    return response


def _user_id(request) -> int:
    return request.user.pk if request.user.is_authenticated else 0


# A kept copy never goes stale (a new version makes a new one); this only lets the cache
# forget the pages of last season's matches, which nobody reads any more.
KEPT_SECONDS = 24 * 3600


def cached(key: str, version: str, make, *, keep=lambda value: True):
    """`make()` once per version. The cache keeps only the newest copy under `key`, and only
    a value that `keep` accepts."""
    kept = cache.get(key)
    if kept is not None and kept[0] == version:
        return kept[1]
    value = make()
    if keep(value):
        cache.set(key, (version, value), KEPT_SECONDS)
    return value
