import pytest

from tests.tournaments.helpers import make_tournament, post_deal
from tournaments import services


@pytest.fixture
def last_match(club):
    """A Swiss of two tables whose first round has one match left: the table of that match."""
    tournament = make_tournament(club, 4, structure="rounds", tables_count=2, rounds_count=3)
    services.tournament_start(tournament=tournament)
    first, last = tournament.tables.select_related("link__match").order_by("number")
    post_deal(first.link.token, "round-1-table-1")
    return tournament, last
