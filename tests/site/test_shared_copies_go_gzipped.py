"""A shared live copy is kept gzipped, compressed once per version (sueca_club/live.py,
shared_copy): a browser gets it as it is, with a weak ETag its polls send back for a 304; a
client that does not accept gzip gets the same page unpacked, with the strong ETag. Nothing
personal is compressed."""

import gzip

import pytest
from django.test import Client

from sueca_club import live
from tests.conftest import PASSWORD, forget_kept_pages
from tests.site.test_shared_live_pages import tournament  # noqa: F401 (its TV's ETag is still)
from tests.tournaments.public_helpers import HTMX

BROWSER = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.fixture
def paths(tournament):  # noqa: F811
    forget_kept_pages()
    slug = tournament.slug
    return [f"/t/{slug}/standings/", f"/t/{slug}/rounds/1/", f"/t/{slug}/tv/",
            f"/api/v1/tournaments/{slug}"]


def test_a_browser_gets_the_page_gzipped_with_a_weak_etag_and_others_get_it_unpacked(paths):
    for path in paths:
        packed = Client().get(path, headers={**HTMX, **BROWSER})
        plain = Client().get(path, headers=HTMX)
        assert packed.status_code == plain.status_code == 200, path
        assert packed["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain, path
        assert gzip.decompress(packed.content) == plain.content, path
        assert packed["ETag"] == f"W/{plain['ETag']}", path
        assert "Accept-Encoding" in packed["Vary"] and "Accept-Encoding" in plain["Vary"], path
        assert int(packed["Content-Length"]) == len(packed.content) < len(plain.content), path


def test_a_browsers_poll_with_the_weak_etag_is_a_304_without_a_cache_read(paths, monkeypatch):
    reads = []
    monkeypatch.setattr(live.cache, "get", lambda key, *a, **kw: reads.append(key))
    for path in paths:
        etag = Client().get(path, headers={**HTMX, **BROWSER})["ETag"]
        reads.clear()
        poll = Client().get(path, headers={**HTMX, **BROWSER, "If-None-Match": etag})
        assert (poll.status_code, poll["ETag"], reads) == (304, etag, []), path
        # the strong ETag, from before the browser accepted gzip, names the same page
        strong = Client().get(path, headers={**HTMX, **BROWSER, "If-None-Match": etag[2:]})
        assert strong.status_code == 304, path


def test_each_version_is_compressed_once(paths, monkeypatch):
    packs = []
    real = live._pack
    monkeypatch.setattr(live, "_pack", lambda body: packs.append(body) or real(body))
    for path in paths:
        packs.clear()
        for headers in (BROWSER, {}, BROWSER, {}):
            assert Client().get(path, headers={**HTMX, **headers}).status_code == 200, path
        assert len(packs) == 1, path


def test_a_personal_page_is_not_compressed(paths, organiser):
    """A logged-in organiser's whole page names them and carries a CSRF token: never kept,
    never compressed here beside what a visitor sent (BREACH)."""
    client = Client()
    assert client.login(username=organiser.username, password=PASSWORD)
    for path in paths[:3]:
        page = client.get(path, headers=BROWSER)
        assert page.status_code == 200 and "Content-Encoding" not in page, path
