"""A corrected semi-final (the organiser confirms that later matches change) re-teams the
final, on PostgreSQL, while the final's referee records its first deal: the correction's step
read the final as not begun, and the deal commits before the step locks the final's match.
The step sees the deal under the lock, voids it (audited) and re-teams the final. Before, it
trusted what it had read, and the final refused the new partnerships ("This match has
started"): the correction's step failed for good and the bracket kept the old winner."""

import threading

import pytest

from scoring import engine
from scoring import services as scoring
from scoring.models import AuditEntry, Match
from sueca_club.models import OutboxStep
from tests.concurrency import needs_postgres, postgres_only  # noqa: F401
from tests.tournaments.helpers import record, semi_finals_played
from tournaments.services import results

pytestmark = [*postgres_only, pytest.mark.usefixtures("needs_postgres")]


def test_a_final_begun_while_a_semi_final_is_corrected_is_reset_and_re_teamed(club, organiser,
                                                                             monkeypatch):
    _, semi, final = semi_finals_played(club)
    apply_later_changes = results._apply_later_changes

    def with_a_deal_meanwhile(*args, **kwargs):  # the later pairings have been read
        def referee():
            from django.db import connection
            try:
                record(Match.objects.get(pk=final.match_id), {"points": [70, 50]})
            finally:
                connection.close()
        thread = threading.Thread(target=referee)
        thread.start()
        thread.join()
        return apply_later_changes(*args, **kwargs)
    monkeypatch.setattr(results, "_apply_later_changes", with_a_deal_meanwhile)

    scoring.deal_correct(deal=Match.objects.get(pk=semi.match_id).deals.get(active=True),
                         replacement=engine.deal_from({"points": [0, 120], "flag": "B"}),
                         reason="the flag was B's", user=organiser, allow_reset=True)

    assert not OutboxStep.objects.filter(status=OutboxStep.Status.FAILED).exists()
    final.refresh_from_db()
    semi.refresh_from_db()
    assert semi.winner_id == semi.b_id
    assert final.a_id == semi.b_id and final.match.a_id == semi.b.partnership_id
    assert final.match.state["deals"] == [] and final.match.deals.filter(active=True).count() == 0
    assert AuditEntry.objects.filter(match=final.match, action=AuditEntry.Action.RESET).exists()
