"""Every write URL of the site, found in the URL configuration, refuses everyone but its owner.

A new endpoint is covered the day it is added: the routes come from urlmap.routes(), and a
route the walker cannot place or fill fails here with what to add, rather than being skipped.
Every refusal is checked twice: the answer (a login redirect, a 404, a 403) and the database,
row for row, before and after.
"""

import contextlib
import json

import pytest

from tests.security import urlmap
from tests.security.conftest import changes, client_for, is_refused_as, login_url, snapshot
from tests.security.world import (
    UNKNOWN_TOKEN,
    fill,
    object_kwargs,
    referee_form,
    referee_json,
    value,
)


def _by_audience() -> dict[str, list[urlmap.Route]]:
    found: dict[str, list[urlmap.Route]] = {}
    for route in urlmap.write_routes():
        with contextlib.suppress(urlmap.Unclassified):  # test_every_write_route_has_an_audience
            found.setdefault(urlmap.audience(route), []).append(route)
    return found


WRITES = _by_audience()


def succeeded(response) -> bool:
    """Done, or a form shown again with what to fix: anything but a refusal or a crash."""
    if response.status_code >= 500 or response.status_code in (401, 403, 404, 405):
        return False
    return not (response.status_code in (301, 302, 303)
                and response.url.startswith((login_url(), "/admin/login/")))


def check_refused(who: str, route, post, expected):
    """`post()` as `who` is refused as `expected` (None: any answer but a crash) and writes nothing."""
    before = snapshot()
    response = post()
    written = changes(before, snapshot())
    assert not written, f"{route}: {who} changed {written} (answer {response.status_code})"
    if expected is None:
        assert response.status_code < 500, f"{route}: {who} got {response.status_code}"
    else:
        assert is_refused_as(response, expected), (
            f"{route}: {who} got {response.status_code} {response.get('Location', '')}, "
            f"expected {expected}")


def test_every_write_route_has_an_audience():
    problems = []
    for route in urlmap.write_routes():
        try:
            urlmap.audience(route)
        except urlmap.Unclassified as problem:
            problems.append(str(problem))
    assert not problems, "\n".join(problems)


def test_the_exemptions_are_exactly_routes_that_exist_and_accept_a_post():
    writes = {route.route for route in urlmap.write_routes()}
    assert set(urlmap.PUBLIC_WRITES) - writes == set()
    assert set(urlmap.OWN_ACCOUNT_WRITES) - writes == set()


def test_the_walk_finds_the_writes_of_every_audience():
    """A walker that finds nothing proves nothing: the audiences it must find, with room to grow."""
    counts = {who: len(routes) for who, routes in WRITES.items()}
    assert counts.get(urlmap.ORGANISER, 0) >= 25, counts
    assert counts.get(urlmap.TOKEN, 0) >= 5, counts
    assert counts.get(urlmap.STAFF, 0) >= 10, counts


@pytest.mark.parametrize("route", WRITES.get(urlmap.ORGANISER, []), ids=str)
def test_an_organiser_write_refuses_everyone_but_the_clubs_organisers(route, world):
    a, b = world.a, world.b
    url = route.url(fill(route, a, world))
    check_refused("anonymous", route, lambda: client_for().post(url, {}), "login")
    other, owner = client_for(b.owner), client_for(a.owner)  # logging in writes last_login
    check_refused("an organiser of another club", route, lambda: other.post(url, {}), {404})
    for name in object_kwargs(route):
        mixed = route.url(fill(route, a, world, **{name: value(name, route, b, world)}))
        check_refused(f"the organiser, with another club's <{name}> in {mixed}", route,
                      lambda mixed=mixed: owner.post(mixed, {}), {404})
    response = owner.post(url, {})
    assert succeeded(response), f"{route}: the club's organiser got {response.status_code}"


@pytest.mark.parametrize("route", WRITES.get(urlmap.TOKEN, []), ids=str)
def test_a_referee_write_refuses_every_token_but_the_tables_own(route, world):
    """Each post carries a deal made for table 1's match, the way the phone sends it."""
    a = world.a
    target = a.table_match

    def post(client, token):
        url = route.url(fill(route, a, world, token=token))
        if route.route.startswith("api/"):
            body, headers = referee_json(target)
            return client.post(url, json.dumps(body), content_type="application/json", **headers)
        return client.post(url, referee_form(target))

    check_refused("a made-up token", route, lambda: post(client_for(), UNKNOWN_TOKEN), {404})
    check_refused("table 1's revoked card", route,
                  lambda: post(client_for(), a.revoked_token), {403})
    organiser = client_for(a.owner)
    check_refused("table 1's revoked card, posted by the club's own organiser", route,
                  lambda: post(organiser, a.revoked_token), {403})
    # Table 2's card is good for table 2's match (no deal yet): never for table 1's.
    check_refused("table 2's card, with a deal made for table 1", route,
                  lambda: post(client_for(), a.other_table_token), None)
    response = post(client_for(), a.token)
    assert succeeded(response), f"{route}: table 1's own card got {response.status_code}"


@pytest.mark.parametrize("route", WRITES.get(urlmap.STAFF, []), ids=str)
def test_an_admin_write_refuses_everyone_but_staff(route, world):
    url = route.url(fill(route, world.a, world))
    check_refused("anonymous", route, lambda: client_for().post(url, {}), "admin login")
    organiser = client_for(world.a.owner)
    check_refused("a club's organiser who is not staff", route,
                  lambda: organiser.post(url, {}), "admin login")
    response = client_for(world.staff).post(url, {})
    # The admin's own read-only pages check the method behind admin_view, where the walker
    # cannot read it: for staff, a 405 is the answer of a page that takes no POST at all.
    assert succeeded(response) or response.status_code == 405, (
        f"{route}: staff got {response.status_code}")


@pytest.mark.parametrize("route", WRITES.get(urlmap.EMAILED_LINK, []), ids=str)
def test_an_emailed_link_works_only_with_the_signature_it_was_sent_with(route, world):
    a = world.a
    forged = value("token", route, a, world)[:-4] + "AAAA"
    check_refused("a made-up link", route,
                  lambda: client_for().post(route.url(fill(route, a, world, token=UNKNOWN_TOKEN))),
                  {404})
    check_refused("a link with its signature changed", route,
                  lambda: client_for().post(route.url(fill(route, a, world, token=forged))), {404})
    check_refused("a referee token in its place", route,
                  lambda: client_for().post(route.url(fill(route, a, world, token=a.token))), {404})
    response = client_for().post(route.url(fill(route, a, world)))
    assert succeeded(response), f"{route}: the link as sent got {response.status_code}"


@pytest.mark.parametrize("route", WRITES.get(urlmap.OWN_ACCOUNT, []), ids=str)
def test_an_own_account_write_sends_anonymous_visitors_to_log_in(route, world):
    url = route.url(fill(route, world.a, world))
    check_refused("anonymous", route, lambda: client_for().post(url, {}), "login")
    other = client_for(world.b.owner)
    check_refused("an organiser of another club, with an empty form", route,
                  lambda: other.post(url, {}), None)


SESSION_WRITES = [route for routes in WRITES.values() for route in routes
                  if not route.csrf_exempt]


def poster(route, world):
    """Who may post to `route`: the identity that would succeed but for the CSRF token."""
    who = urlmap.audience(route)
    return {urlmap.ORGANISER: world.a.owner, urlmap.OWN_ACCOUNT: world.a.owner,
            urlmap.STAFF: world.staff}.get(who)


@pytest.mark.parametrize("route", SESSION_WRITES, ids=str)
def test_a_write_from_a_page_refuses_a_post_without_the_csrf_token(route, world):
    extra = {"uidb64": "MQ"} if "uidb64" in route.kwargs else {}
    url = route.url(fill(route, world.a, world, **extra))
    client = client_for(poster(route, world), csrf=True)
    check_refused("a forged cross-site form", route,
                  lambda: client.post(url, referee_form(world.a.table_match)), {403})


def test_only_writes_that_take_no_cookie_skip_the_csrf_check():
    """The referee API and the one-click unsubscribe authenticate by the URL, never by cookies;
    the language setter only sets the poster's own language cookie."""
    exempt = {route.route for route in urlmap.write_routes() if route.csrf_exempt}
    unexpected = {route for route in exempt if not route.startswith(tuple(urlmap.CSRF_EXEMPT))}
    assert not unexpected, f"csrf_exempt without a reason in urlmap.CSRF_EXEMPT: {unexpected}"
    for route in urlmap.write_routes():
        if route.csrf_exempt and route.route != "i18n/setlang/":
            assert urlmap.audience(route) in (urlmap.TOKEN, urlmap.EMAILED_LINK), route


def test_the_language_setter_changes_nothing_but_the_posters_language_cookie(world):
    client = client_for(world.a.owner, csrf=True)  # its login writes last_login: before the snapshot
    before = snapshot()
    response = client.post(
        "/i18n/setlang/", {"language": "en", "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == "/"  # no open redirect
    assert set(response.cookies) == {"django_language"}
    assert changes(before, snapshot()) == []
