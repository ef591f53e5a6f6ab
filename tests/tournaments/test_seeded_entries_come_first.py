"""The tournament page lists the seeded partnerships first, seed 1 at the top, then the
unseeded in the order they were entered, on SQLite as on PostgreSQL (which put a missing
seed at opposite ends)."""

import re

import pytest

from tests.tournaments.helpers import make_tournament
from tournaments import selectors, services

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(club):
    """Five partnerships, the fourth and second entered seeded 1 and 2."""
    tournament = make_tournament(club, 5, draw="seeded", tables_count=2)
    entries = list(tournament.entries.order_by("id"))
    services.entry_update(entry=entries[3], seed=1)
    services.entry_update(entry=entries[1], seed=2)
    return tournament


def test_the_entries_list_seed_1_and_2_above_the_unseeded(organiser_client, tournament):
    html = organiser_client.get(
        f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/").content.decode()
    listed = re.findall(r'<li class="card entry">\s*<div><strong>Player (\d)a', html)
    assert listed == ["3", "1", "0", "2", "4"]


def test_every_reader_of_the_entries_puts_the_seeded_first(tournament):
    order = [3, 1, 0, 2, 4]
    names = [f"Player {i}a & Player {i}b" for i in order]
    assert [e.partnership.display_name for e in selectors.entries(tournament)] == names
    assert [e.display_name for e in selectors.entry_summaries(tournament)] == names
    assert [str(e) for e in tournament.entries.all()] == names
