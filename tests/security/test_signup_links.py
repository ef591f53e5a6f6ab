"""The writes of a partnership's private link and of the check-in poster refuse every token
but their own: a made-up one, another tournament's, a referee's card. Found from the URL
configuration (urlmap), so a new write there is covered the day it is added."""

import pytest

from tests.security import urlmap
from tests.security.conftest import client_for
from tests.security.test_write_urls import WRITES, check_refused, succeeded
from tests.security.world import UNKNOWN_TOKEN, fill, value


def test_the_walk_finds_the_private_link_and_door_writes():
    assert len(WRITES.get(urlmap.SIGNUP_LINK, [])) == 3
    assert len(WRITES.get(urlmap.DOOR_POSTER, [])) == 2  # by sign-up, and by entry
    assert "t/<slug:slug>/sign-up/" in {r.route for r in WRITES[urlmap.PUBLIC]}


@pytest.mark.parametrize("route", WRITES.get(urlmap.SIGNUP_LINK, []), ids=str)
def test_a_private_link_write_works_only_with_its_own_token(route, world):
    a, b = world.a, world.b
    for who, token in (("a made-up token", UNKNOWN_TOKEN), ("a referee's card", a.token),
                       ("another tournament's sign-up", value("token", route, b, world))):
        url = route.url(fill(route, a, world, token=token))
        check_refused(who, route, lambda url=url: client_for().post(url, {}), {404})
    organiser = client_for(b.owner)  # a login is no credential here
    url = route.url(fill(route, a, world, token=UNKNOWN_TOKEN))
    check_refused("another club's organiser", route, lambda: organiser.post(url, {}), {404})
    response = client_for().post(route.url(fill(route, a, world)), {})
    assert succeeded(response), f"{route}: the link's own token got {response.status_code}"


@pytest.mark.parametrize("route", WRITES.get(urlmap.DOOR_POSTER, []), ids=str)
def test_a_door_check_in_needs_the_tournaments_own_poster_and_one_of_its_partnerships(
        route, world):
    a, b = world.a, world.b
    for who, override in (
            ("a made-up poster", {"door_token": UNKNOWN_TOKEN}),
            ("another tournament's poster", {"door_token": value("door_token", route, b, world)}),
            ("a referee's card as the poster", {"door_token": a.token}),
            ("another tournament's partnership", {"signup_id": b.signup.pk,
                                                  "entry_id": value("entry_id", route, b,
                                                                    world)})):
        url = route.url(fill(route, a, world, **override))
        check_refused(who, route, lambda url=url: client_for().post(url, {}), {404})
    response = client_for().post(route.url(fill(route, a, world)), {})
    assert succeeded(response), f"{route}: the poster's own token got {response.status_code}"
