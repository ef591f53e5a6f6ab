"""/t/<slug>/rounds/<n>/ of a round of more than OVERVIEW_LINES tables carries a box to find
one's table (static/js/site.js filters the list); hidden until the script shows it, so that
without the script the page is the plain list. A shorter round has no box."""

import pytest

from tests.tournaments.public_helpers import swiss
from tournaments.views.public import OVERVIEW_LINES

pytestmark = pytest.mark.django_db

BOX = '<div class="find-table" data-find hidden>'


def round_page(client, tournament) -> str:
    response = client.get(f"/t/{tournament.slug}/rounds/1/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_long_round_s_page_has_a_box_to_find_one_s_table(client, club):
    html = round_page(client, swiss(club, size=2 * (OVERVIEW_LINES + 1), rounds=2))
    assert html.count(BOX) == 1
    assert '<label for="find-table">Find your table</label>' in html
    assert 'type="search" id="find-table"' in html
    assert html.index(BOX) < html.index('id="t-live"')  # outside what the poll replaces


def test_a_round_of_few_tables_has_none(client, club):
    assert "data-find" not in round_page(client, swiss(club, size=2 * OVERVIEW_LINES, rounds=2))
