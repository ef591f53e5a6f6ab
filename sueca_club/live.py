"""Live pages: the whole page, or only its fragment for an htmx poll, with an ETag and 304s."""

from django.core.cache import cache
from django.http import HttpResponseNotModified
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers


def live_page(request, etag: str | None, template: str, fragment: str, context):
    """Render a live page, or only its fragment for an htmx poll; 304 when nothing changed.

    `context` is a callable so that an unchanged poll costs nothing but the ETag's query.
    The ETag also names what else changes the page: fragment or page, language and who is
    logged in (the header differs), so a revalidation never brings back another version.
    """
    if etag is not None:
        user = request.user.pk if request.user.is_authenticated else 0
        etag = f'"{etag}-{"f" if request.htmx else "p"}-{translation.get_language()}-u{user}"'
        if etag in request.headers.get("If-None-Match", ""):
            return HttpResponseNotModified()
    response = render(request, fragment if request.htmx else template, context())
    if etag is not None:
        response["ETag"] = etag
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ["HX-Request"])
    return response


def cached(key: str, version: str, make):
    """`make()` once per version. The cache keeps only the newest copy under `key`, with no
    timeout: a copy never goes stale, because a new version makes a new copy."""
    kept = cache.get(key)
    if kept is not None and kept[0] == version:
        return kept[1]
    value = make()
    cache.set(key, (version, value), None)
    return value
