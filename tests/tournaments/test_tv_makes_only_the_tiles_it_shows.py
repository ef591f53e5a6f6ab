"""A TV screen makes the tiles of its own page of tables, not of every table in play: at a
thousand tables, 16 a page, the others cost nothing to the screen shown."""

from unittest import mock

from scoring import tv
from tests.tournaments.public_helpers import HTMX, swiss
from tests.tournaments.test_public_tv_tables import screen, tables


def test_a_page_of_the_tables_makes_its_own_tiles_alone(client, club):
    tournament = swiss(club, size=40, rounds=2)  # 20 tables in play: 16, then 4
    with mock.patch("scoring.tv.tile_of", wraps=tv.tile_of) as made:
        second = screen(client, tournament, "?page=2", **HTMX)
    assert tables(second) == list(range(17, 21)) and "page 2 of 2" in second
    assert made.call_count == 4


def test_a_screen_without_tables_makes_no_tile(client, club):
    tournament = swiss(club, size=40, rounds=2)
    with mock.patch("scoring.tv.tile_of", wraps=tv.tile_of) as made:
        overview = screen(client, tournament, "?i=0", **HTMX)
    assert 'data-screen="overview"' in overview and "1/7" in overview  # two pages of tables
    assert made.call_count == 0
