"""Every table finishing at once on PostgreSQL: the next round is drawn exactly once."""

import pytest

from tests.concurrency import needs_postgres, postgres_only, run_together  # noqa: F401
from tests.tournaments.helpers import WIN, make_tournament, record
from tournaments import services
from tournaments.models import Pairing, Round

pytestmark = [*postgres_only, pytest.mark.usefixtures("needs_postgres")]


def test_the_last_matches_of_a_round_finishing_together_advance_it_once(club):
    tournament = make_tournament(club, 16, tables_count=8)
    services.tournament_start(tournament=tournament)
    matches = [p.match for p in Pairing.objects.filter(round__number=1).select_related("match")]
    assert len(matches) == 8
    results = run_together(8, lambda i: record(matches[i], WIN["A"]))
    assert all(r.status == 201 for r in results), results
    assert list(Round.objects.filter(tournament=tournament).values_list("number", "code")) == [
        (1, "round_of_16"), (2, "quarter_final")]
    quarter = Pairing.objects.filter(round__number=2)
    assert quarter.count() == 4 and quarter.exclude(match=None).count() == 4
