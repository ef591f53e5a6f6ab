"""The tournament TV names the partnership with a Swiss round's bye, on its overview and under
its tables (the bye has no table, so the tables alone never name it); a knockout's byes are its
bracket's."""

import pytest
from django.utils.html import escape

from tests.conftest import forget_kept_pages, make_club
from tests.tournaments.public_helpers import HTMX, knockout_of_13, swiss
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def tv(client, tournament, i) -> str:
    forget_kept_pages()
    return client.get(f"/t/{tournament.slug}/tv/?i={i}", headers=HTMX).content.decode()


def test_the_tv_names_who_has_the_swiss_bye_on_its_overview_and_under_its_tables(client, club):
    tournament = swiss(club, size=5, rounds=3)
    bye = Pairing.objects.get(round__tournament=tournament, b__isnull=True)
    named = f'<p class="sits-out">Bye: {escape(bye.a.partnership.display_name)}</p>'
    overview, tables = tv(client, tournament, 0), tv(client, tournament, 1)
    assert 'data-screen="overview"' in overview and named in overview
    assert 'data-screen="round"' in tables and 'class="tv-tile' in tables and named in tables


def test_a_knockout_s_byes_are_not_named_under_its_tables(client, organiser):
    tournament = knockout_of_13(make_club("taca", organiser))
    for i in (0, 1):
        assert "Bye: " not in tv(client, tournament, i)
