"""A web process keeps the shared copies it read or made (sueca_club/live.py, _local_copies):
a request for the version it holds costs no cache read, any other version is read from the
cache as before, and what it holds is bounded by LOCAL_COPY_BYTES."""

import gzip

import pytest
from django.test import RequestFactory

from sueca_club import live


@pytest.fixture
def cache_reads(monkeypatch):
    reads = []
    real = live.cache.get
    monkeypatch.setattr(live.cache, "get", lambda key, *a, **kw: reads.append(key) or real(
        key, *a, **kw))
    return reads


def answer(version: str, body: bytes, key="live:/x/"):
    return live.shared_copy(RequestFactory().get("/x/"), key, f'"{version}"', lambda: body)


def test_the_version_held_here_is_served_without_a_cache_read(db, cache_reads):
    assert answer("v1", b"one").content == b"one"
    cache_reads.clear()
    assert answer("v1", b"never made").content == b"one"
    assert cache_reads == []


def test_another_version_is_read_from_the_cache_and_made_there(db, cache_reads):
    answer("v1", b"one")
    cache_reads.clear()
    assert answer("v2", b"two").content == b"two"
    assert cache_reads == ["live:/x/.gz"]  # kept gzipped (test_shared_copies_go_gzipped.py)
    version, packed, _ = live.cache.get("live:/x/.gz")
    assert (version, gzip.decompress(packed)) == ('"v2"', b"two")


def test_a_copy_another_process_made_is_kept_here_once_read(db, cache_reads):
    live.cache.set("live:/x/.gz", ('"v3"', gzip.compress(b"three"), 0.0))
    assert answer("v3", b"not made").content == b"three"
    cache_reads.clear()
    assert answer("v3", b"not made").content == b"three" and cache_reads == []


def test_what_a_process_holds_is_bounded(db, monkeypatch):
    one = len(live._pack(b"123456"))
    monkeypatch.setattr(live, "LOCAL_COPY_BYTES", one + 1)
    answer("v1", b"123456", key="a")
    answer("v1", b"123456", key="b")  # two would be past the bound: the first is forgotten
    assert list(live._local_copies) == ["b.gz"]


def test_only_bytes_are_held_here(db):
    """A page context or a model read back from here would be one object for every request."""
    live.cached("tournament-page:x", "v1", lambda: {"a": 1})
    assert "tournament-page:x" not in live._local_copies
