"""The walker reads a view's methods from its decorators; here it is checked by trying.

Every route it reads as taking no write answers 405 to a POST, from someone who could
otherwise see it, so no write can hide behind a misread; and a HEAD as it answers a GET
(uptime monitors and link checkers ask with HEAD), without a body.
"""

import pytest

from tests.security import urlmap
from tests.security.conftest import client_for
from tests.security.world import fill

READ_ONLY = urlmap.read_only_routes()


@pytest.mark.parametrize("route", READ_ONLY, ids=lambda route: route.route or "/")
def test_a_route_read_as_read_only_refuses_a_post(route, world):
    extra = {"uidb64": "MQ"} if "uidb64" in route.kwargs else {}
    url = route.url(fill(route, world.a, world, **extra))
    response = client_for(world.a.owner).post(url, {})  # club A's organiser sees every page
    assert response.status_code == 405, f"{url}: a POST got {response.status_code}"


@pytest.mark.parametrize("route", [r for r in READ_ONLY if r.accepts_get],
                         ids=lambda route: route.route or "/")
def test_a_route_that_answers_get_answers_head_the_same(route, world):
    extra = {"uidb64": "MQ"} if "uidb64" in route.kwargs else {}
    url = route.url(fill(route, world.a, world, **extra))
    client = client_for(world.a.owner)
    get, head = client.get(url), client.head(url)
    assert head.status_code == get.status_code != 405, f"{url}: HEAD {head.status_code}"
    assert (b"".join(head.streaming_content) if head.streaming else head.content) == b""
