"""Every organiser page (GET) of the URL configuration: another club's organiser sees a 404.

The same walk as test_write_urls.py, over the /manage/ routes that answer GET: the page of
club A's object is a 404 to club B's organiser, and to A's organiser when one of its ids is
B's; a visitor who is not logged in is sent to log in (an invitation's link says first who
invites to which club, as its email does, and leads to log in); an organiser removed from club
A gets the 404 of every page of A. Nothing is hand-listed.
"""

import pytest

from sueca_club.models import Membership
from tests.security import urlmap
from tests.security.conftest import client_for, is_refused_as, login_url
from tests.security.world import fill, object_kwargs, value

MANAGE_PAGES = [route for route in urlmap.routes()
                if route.route.startswith("manage/") and route.accepts_get]
# The organiser's own home: it lists the clubs of whoever is logged in, and no one else's.
OWN_HOME = "manage/"
# An invitation's emailed link, which its invitee may open before having an account.
INVITATION = "manage/invitations/<str:token>/"


def test_the_walk_finds_the_organiser_pages():
    assert len(MANAGE_PAGES) >= 15, [route.route for route in MANAGE_PAGES]


@pytest.mark.parametrize("route", MANAGE_PAGES, ids=str)
def test_an_organiser_page_is_a_404_to_an_organiser_of_another_club(route, world):
    a, b = world.a, world.b
    url = route.url(fill(route, a, world))
    response = client_for().get(url)
    if route.route == INVITATION:
        assert_leads_to_log_in(response, url)
    else:
        assert is_refused_as(response, "login"), f"{url}: anonymous got {response.status_code}"
    owner = client_for(a.owner)
    response = owner.get(url, follow=True)  # an old address sends on to the page (308)
    assert response.status_code == 200, f"{url}: its own organiser got {response.status_code}"
    if route.route == OWN_HOME:
        body = client_for(b.owner).get(url).content.decode()
        assert a.club.name not in body and b.club.name in body
        return
    response = client_for(b.owner).get(url)
    assert response.status_code == 404, f"{url}: another club's organiser got {response.status_code}"
    for name in object_kwargs(route):
        mixed = route.url(fill(route, a, world, **{name: value(name, route, b, world)}))
        response = owner.get(mixed)
        assert response.status_code == 404, f"{mixed}: with another club's <{name}>, " \
                                             f"{response.status_code}"


def assert_leads_to_log_in(response, url: str) -> None:
    """A page for a visitor: the way to log in and come back, and no form but the footer's
    (the language)."""
    html = response.content.decode()
    assert response.status_code == 200, f"{url}: anonymous got {response.status_code}"
    assert f'href="{login_url()}?next=' in html
    assert html.count("<form") == 1 and 'action="/i18n/setlang/"' in html


def test_a_removed_organiser_gets_a_404_on_every_page_of_the_club(world):
    a, b = world.a, world.b
    helper = Membership.objects.create(club=a.club, user=b.owner)
    removed = client_for(b.owner)
    assert removed.get(f"/manage/{a.club.slug}/").status_code == 200
    client_for(a.owner).post(f"/manage/{a.club.slug}/organisers/{helper.pk}/remove/")
    for route in MANAGE_PAGES:
        if route.route != OWN_HOME:
            url = route.url(fill(route, a, world))
            assert removed.get(url).status_code == 404, f"{url}: once removed, " \
                                                      f"{removed.get(url).status_code}"
