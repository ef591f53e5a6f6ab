"""Live pages: the whole page, or only its fragment for an htmx poll, with an ETag and 304s.

`conditional` answers every conditional GET of the site (live pages, the organiser's board,
the JSON API)."""

import gzip
import re
import time

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_vary_headers

from sueca_club import cache

# Without these a visitor is anonymous with nothing to be told: every such visitor gets the
# same page (no live page carries a CSRF token: tests/site/test_shared_live_pages.py).
PERSONAL_COOKIES = (settings.SESSION_COOKIE_NAME, CookieStorage.cookie_name)


def live_page(request, etag: str | None, template: str, fragment: str, context, *,
              private: bool = False, shared_query: str = ""):
    """Render a live page, or only its fragment for an htmx poll; 304 when nothing changed.

    `context` is a callable so that an unchanged poll costs nothing but the ETag's query.
    The ETag also names what else changes the page: fragment or page, language and, for a
    whole page, who is logged in (the header differs; a fragment is the same for everyone),
    so a revalidation never brings back another version. What every visitor sees alike (a
    fragment, or the page of a visitor without a session) is rendered once per version,
    unless the page is `private` (the organiser's board): that one is never kept, here or
    by a shared cache on the way. A page is kept for its address without a query, or with
    exactly `shared_query` (the TV's `i=3`, what it shows without a query too): any other
    query is built for its request.
    """
    htmx = _polled(request)
    shared = htmx or not any(name in request.COOKIES for name in PERSONAL_COOKIES)
    language = translation.get_language()
    name = fragment if htmx else template
    if etag is not None:
        who = "f" if htmx else f"p-u{0 if shared else _user_id(request)}"
        etag = f'"{etag}-{language}-{who}"'

    kept_query = request.META.get("QUERY_STRING", "") in ("", shared_query)
    if shared and not private and etag is not None and kept_query:
        # A page that used a CSRF token is personal after all: it is not kept.
        where = f"{request.path}?{shared_query}" if shared_query else request.path
        return shared_copy(request, f"live:{where}:{name}:{language}", etag,
                           lambda: render(request, name, context()).content,
                           keep=lambda _: not request.META.get("CSRF_COOKIE_NEEDS_UPDATE"),
                           vary=("HX-Request", "Cookie"))
    return conditional(request, etag, lambda: render(request, name, context()),
                       vary=("HX-Request", "Cookie"), private=private)


# What `recent_version` read in this process: {key: (when, value)}. Forgotten whole when it
# grows past RECENT_VERSIONS (addresses nobody polls twice must not fill a worker's memory).
_recent_versions: dict[str, tuple[float, object]] = {}
RECENT_VERSIONS = 10_000


def recent_version(key: str, read):
    """What `read()` (a public live page's version query) gave for `key` in this process less
    than LIVE_REBUILD_SECONDS ago, else `read()` now. The thousands of phones polling one
    tournament then cost each worker one query a second, not one a poll: an unchanged poll
    is a 304 without the database. As with `recent_copy`, a change shows within that window
    more than at once, and a poll still brings it (polls are five seconds apart). Never for
    what a referee or an organiser reads back after a write of their own."""
    window = settings.LIVE_REBUILD_SECONDS
    if window <= 0:
        return read()
    now = time.time()
    kept = _recent_versions.get(key)
    if kept is not None and 0 <= now - kept[0] < window:
        return kept[1]
    value = read()
    if len(_recent_versions) >= RECENT_VERSIONS:
        _recent_versions.clear()
    _recent_versions[key] = (now, value)
    return value


def shared_copy(request, key: str, etag: str, make, *, content_type="text/html; charset=utf-8",
                keep=lambda value: True, vary: tuple[str, ...] = ()):
    """What everyone gets alike, answered conditionally from the copy kept under `key`:
    `make()` (the body's bytes) runs once per version, by one process at a time
    (_claim_making), and not at all while the copy of an older version is younger than
    LIVE_REBUILD_SECONDS (that copy goes out with its own ETag). One cache read at most, none
    for a 304 or when this process holds the copy of `etag` itself.

    The copy is kept gzipped, compressed once per version: a browser, which accepts gzip, gets
    it as it is (a 1,024-partnership standings fragment is 350 KB, 22 KB gzipped, on a phone's
    connection and out of the cache alike), anything else gets it unpacked. What everyone gets
    alike holds no secret (no CSRF token, nobody's session), so compressing it beside what a
    visitor sent (BREACH) gives nothing away. Its ETag is then weak, as the two encodings are
    the same page but not the same bytes (RFC 9110 8.8.1)."""
    key = f"{key}.gz"  # not a copy kept unpacked before: one name, one encoding
    kept = _UNREAD if _names(request, etag) else _kept_copy(key, etag)
    recent = recent_copy(kept, etag)
    making = (recent is None and settings.LIVE_REBUILD_SECONDS > 0
              and _of_another_version(kept, etag))
    if making and not _claim_making(key):
        recent, making = kept[:2], False  # another process makes the new one: the older meanwhile
    accepts_gzip = _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", ""))

    def answer():
        packed = recent[1] if recent else cached(key, etag, lambda: _pack(make()), keep=keep,
                                                 kept=kept)
        return _answer(packed, content_type, as_it_is=accepts_gzip)

    version = recent[0] if recent else etag
    try:
        return conditional(request, f"W/{version}" if accepts_gzip else version, answer,
                           vary=(*vary, "Accept-Encoding"))
    finally:
        if making:
            cache.delete_many([f"{key}:making"])


# How long a process that makes a page's new copy holds the others off (they serve the older
# copy meanwhile): a copy is made in well under a second, and one whose process died on the
# way is made by another after this.
MAKING_SECONDS = 5


def _of_another_version(kept, version: str) -> bool:
    return isinstance(kept, tuple) and len(kept) > 2 and kept[0] != version


def _claim_making(key: str) -> bool:
    """May this process make the new copy of `key`? Not while another makes it: when a copy
    goes out of date, the workers polled for it in the same moment would each make it (three
    workers, three times the work, and every other request waiting behind them), where one is
    enough; the others serve the older copy until it is made, as within LIVE_REBUILD_SECONDS
    (without that window, every change is made at once: tests read their own writes)."""
    return cache.claim(f"{key}:making", MAKING_SECONDS)


_ACCEPTS_GZIP = re.compile(r"\bgzip\b")  # as Django's GZipMiddleware reads Accept-Encoding


def _pack(body: bytes) -> bytes:
    return gzip.compress(body, mtime=0, compresslevel=6)


def _answer(packed: bytes, content_type: str, *, as_it_is) -> HttpResponse:
    if not as_it_is:
        return HttpResponse(gzip.decompress(packed), content_type=content_type)
    response = HttpResponse(packed, content_type=content_type)
    response["Content-Encoding"] = "gzip"
    return response


def _names(request, etag: str) -> bool:
    """Does the client's If-None-Match already name `etag`, weak or not (so a 304 costs no
    cache read)?"""
    return etag in request.META.get("HTTP_IF_NONE_MATCH", "")


# An unchanged poll is most of what a live page answers, and its 304 should cost little more
# than the middleware (`make bench`: each poll's 304 against a view that does nothing). These
# read the request's headers where the WSGI server put them: django-htmx's `request.htmx` and
# `request.headers` would each first copy them all, and Django's conditional answer parses
# If-None-Match for a list, where a poll sends back exactly the one ETag it was given.

def _polled(request) -> bool:
    """Is this an htmx request (a live page's poll)? What `request.htmx` says."""
    return request.META.get("HTTP_HX_REQUEST") == "true"


def _unchanged(request, etag: str) -> bool:
    """The poll sent back exactly `etag`, with no other precondition: a 304 whatever else."""
    meta = request.META
    return (meta.get("HTTP_IF_NONE_MATCH") == etag and "HTTP_IF_MATCH" not in meta
            and "HTTP_IF_UNMODIFIED_SINCE" not in meta)


_UNREAD = object()  # a kept copy not read from the cache yet


def recent_copy(kept, version: str) -> tuple[str, bytes] | None:
    """The kept copy (as `cached` keeps it) when it is of an older version made less than
    LIVE_REBUILD_SECONDS ago: served, with its own ETag, in place of a rebuild. However many
    deals are saved, a shared live page is then rebuilt at most once in that time; a poll
    (every five seconds) still brings the newest version."""
    if (isinstance(kept, tuple) and kept[0] != version and len(kept) > 2
            and time.time() - kept[2] < settings.LIVE_REBUILD_SECONDS):
        return kept[0], kept[1]
    return None


def conditional(request, etag: str | None, make, *, vary: tuple[str, ...] = (),
                private: bool = False):
    """A 304 when the client's If-None-Match names `etag`, else `make()`; Django compares them
    (weak or strong, a comma list, `*`). `make` does not run for a 304, which reads only
    headers, never the session or the user: an unchanged poll costs what `etag` cost.

    A 304 carries what the 200 would (RFC 9110): the ETag (the one `make` set itself, naming
    what it read, or else `etag`), Cache-Control (no-cache: ask again every time; private: no
    shared cache keeps it) and Vary (what else the answer depends on). Anything else `make`
    answers (a 404) goes as it is.
    """
    if etag is not None and _unchanged(request, etag):
        response = HttpResponseNotModified()
    else:
        response = (etag is not None and get_conditional_response(request, etag=etag)) or make()
    if response.status_code != 304 and not 200 <= response.status_code < 300:
        return response
    if etag is not None:
        response.headers.setdefault("ETag", etag)
    response["Cache-Control"] = "no-cache, private" if private else "no-cache"
    if vary:  # none would write an empty Vary, to which LocaleMiddleware adds ", Accept-Language"
        patch_vary_headers(response, vary)
    return response


def _user_id(request) -> int:
    return request.user.pk if request.user.is_authenticated else 0


# A kept copy never goes stale (a new version makes a new one); this only lets the cache
# forget the pages of last season's matches, which nobody reads any more.
KEPT_SECONDS = 24 * 3600


def cached(key: str, version: str, make, *, keep=lambda value: True, kept=_UNREAD):
    """`make()` once per version. The cache keeps only the newest copy under `key` (with when
    it was made, for `recent_copy`), and only a value that `keep` accepts. `kept`: what the
    caller already read under `key`."""
    if kept is _UNREAD:
        kept = _kept_copy(key, version)
    if kept is not None and kept[0] == version:
        return kept[1]
    value = make()
    if keep(value):
        copy = (version, value, time.time())
        cache.set(key, copy, KEPT_SECONDS)
        _keep_here(key, copy)
    return value


# The shared copies of pages and API bodies (gzipped bytes) that this process last read or
# made, {key: (version, body, made)}: a request for the version held here costs no cache read
# (a 1,024-partnership round is 14 KB a read). Only ever served for exactly its own version,
# so never staler than the cache's; forgotten whole past LOCAL_COPY_BYTES.
_local_copies: dict[str, tuple] = {}
LOCAL_COPY_BYTES = 16 * 1024 * 1024


def _kept_copy(key: str, version: str):
    """The copy kept under `key`: this process's own when it is of `version`, else the
    cache's (kept here too when it is of `version`)."""
    local = _local_copies.get(key)
    if local is not None and local[0] == version:
        return local
    kept = cache.get(key)
    if isinstance(kept, tuple) and kept[0] == version:
        _keep_here(key, kept)
    return kept


def _keep_here(key: str, copy: tuple) -> None:
    """Bytes only: another value read back from here would be one object shared by every
    request, where the cache gives each its own."""
    if not isinstance(copy[1], bytes):
        return
    held = sum(len(body) for _, body, _ in _local_copies.values())
    if held + len(copy[1]) > LOCAL_COPY_BYTES:
        _local_copies.clear()
    _local_copies[key] = copy
