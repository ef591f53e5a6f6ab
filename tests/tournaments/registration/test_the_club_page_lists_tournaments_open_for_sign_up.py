"""A club's public page lists its tournaments open for sign-up, with the sign-up link and the
closing time, as soon as sign-up opens (a kept copy of the page is not served past it) and
until it closes."""

from datetime import timedelta

from django.test import Client
from django.utils import timezone

from tests.conftest import make_match
from tests.tournaments.helpers import make_tournament
from tests.tournaments.registration.helpers import open_tournament
from tournaments.registration import services
from tournaments.registration.models import Registration


def section(page: str) -> str:
    if 'id="sign-up-heading"' not in page:
        return ""
    start = page.index('id="sign-up-heading"')
    return page[start:page.index("</section>", start)]


def test_an_open_tournament_is_listed_with_its_link_and_closing_time(club):
    closes = timezone.now() + timedelta(days=3)
    tournament = open_tournament(club, closes_at=closes)
    listed = section(Client().get(f"/c/{club.slug}/").content.decode())
    assert f'href="/t/{tournament.slug}/sign-up/"' in listed and tournament.name in listed
    assert "Sign-up closes" in listed


def test_sign_up_opened_shows_on_a_page_kept_before(club, pair_a, pair_b):
    make_match(club, pair_a, pair_b)  # the page has a version: a kept copy
    tournament = make_tournament(club, 2)
    assert section(Client().get(f"/c/{club.slug}/").content.decode()) == ""
    services.registration_update(tournament=tournament, open=True, cap=None, closes_at=None,
                                 approval=False, check_in_from=None)
    assert tournament.name in section(Client().get(f"/c/{club.slug}/").content.decode())


def test_closed_sign_up_and_started_tournaments_are_not_listed_as_open(club, pair_a, pair_b):
    make_match(club, pair_a, pair_b)
    tournament = open_tournament(club, closes_at=timezone.now() + timedelta(hours=1))
    assert tournament.name in section(Client().get(f"/c/{club.slug}/").content.decode())
    # The closing time passes (no new version of the tournament): the page follows.
    Registration.objects.filter(tournament=tournament).update(
        closes_at=timezone.now() - timedelta(minutes=1))
    assert section(Client().get(f"/c/{club.slug}/").content.decode()) == ""
