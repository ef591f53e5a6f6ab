import pytest

from scoring.models import RefereeLink
from tests.conftest import make_match


@pytest.fixture
def table(match):
    """A tournament table's link: it moves on from match to match."""
    return RefereeLink.objects.create(club=match.club, match=match, table_number=3)


@pytest.fixture
def move_on(table, club, pair_a, pair_b):
    """Move the table on to a new match (the same partnerships, the other way round)."""
    def next_match():
        table.match = make_match(club, pair_b, pair_a)
        table.save()
        return table.match
    return next_match
