"""Redis, the cache, goes away: the site answers without it (sueca_club/cache.py), and uses
it again when it is back. The cache is reached through a proxy that the test cuts, so the
Redis that other tests use is never touched."""

import pytest
import redis
from django.core.cache import cache
from django.test import Client, override_settings

from sueca_club.env import cache_from_url
from tests.conftest import PASSWORD, forget_kept_pages
from tests.faults.proxy import PgProxy
from tests.tournaments.public_helpers import HTMX, knockout_of_13, play_matches

pytestmark = pytest.mark.faults
REDIS = ("127.0.0.1", 6379)
DATABASE = 14  # a database of its own on the shared Redis, emptied after


@pytest.fixture
def proxy():
    try:
        redis.Redis(*REDIS, socket_connect_timeout=1).ping()
    except redis.RedisError:
        pytest.skip("needs Redis on 127.0.0.1:6379")
    proxy = PgProxy(REDIS)
    with override_settings(CACHES={
            "default": cache_from_url(f"redis://127.0.0.1:{proxy.port}/{DATABASE}")}):
        yield proxy
        proxy.up()
        cache.clear()
    proxy.close()


@pytest.fixture
def tournament(club):
    tournament = knockout_of_13(club)
    play_matches(tournament, 1)
    return tournament


def kept_standings(tournament) -> str:
    """The cache key of the standings page's shared copy (gzipped: sueca_club/live.py)."""
    return f"live:/t/{tournament.slug}/standings/:tournaments/public/standings.html:en.gz"


def visit(tournament, match) -> dict[str, int]:
    """What a spectator, a TV and an organiser logging in get."""
    slug, anyone = tournament.slug, Client()
    poll = anyone.get(f"/t/{slug}/standings/", headers=HTMX)
    return {
        "standings": anyone.get(f"/t/{slug}/standings/").status_code,
        "poll": poll.status_code,
        "unchanged poll": anyone.get(f"/t/{slug}/standings/", headers={
            **HTMX, "If-None-Match": poll["ETag"]}).status_code,
        "overview": anyone.get(f"/t/{slug}/").status_code,
        "api": anyone.get(f"/api/v1/tournaments/{slug}").status_code,
        "scoreboard": anyone.get(f"/m/{match.pk}/").status_code,
        "wrong password": Client().post("/accounts/login/",
                                        {"username": "ana", "password": "nope"}).status_code,
        "login": Client().post("/accounts/login/",
                               {"username": "ana", "password": PASSWORD}).status_code,
    }


EXPECTED = {"standings": 200, "poll": 200, "unchanged poll": 304, "overview": 200, "api": 200,
            "scoreboard": 200, "wrong password": 200, "login": 302}


def test_the_site_answers_while_redis_refuses_and_uses_it_again_when_back(
        proxy, tournament, match):
    assert visit(tournament, match) == EXPECTED
    assert cache.get(kept_standings(tournament))

    proxy.down("refuse")
    assert visit(tournament, match) == EXPECTED

    proxy.up()
    forget_kept_pages()  # as a new worker: the pages it makes go to Redis again
    assert visit(tournament, match) == EXPECTED
    if not cache.get(kept_standings(tournament)):
        # on a loaded machine the first write through the proxy may pass the 1 s socket
        # timeout (sueca_club/env.py) and be let go: the next visit keeps the page
        forget_kept_pages()
        assert visit(tournament, match) == EXPECTED
    assert cache.get(kept_standings(tournament))


def test_a_redis_that_stops_answering_slows_a_page_but_never_hangs_it(proxy, tournament):
    proxy.down("blackhole")  # each cache call waits for the socket timeout, then gives up
    response = Client().get(f"/t/{tournament.slug}/standings/", headers=HTMX)
    assert response.status_code == 200 and "data-poll" in response.content.decode()
