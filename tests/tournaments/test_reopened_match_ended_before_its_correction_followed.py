"""The organiser voids the deal that ended a semi-final, confirming that the final under way is
reset, and the table's referee ends the semi-final again before the correction's own step has
run (they run after the commit, on whichever process comes first). The referee's step, which
may reset nothing, leaves the final to the correction's step instead of failing for good;
that one follows the semi-final as it is now."""

from scoring import services as scoring
from scoring.models import Match
from sueca_club import outbox
from sueca_club.models import OutboxStep
from tests.tournaments.helpers import record, semi_finals_played


def test_the_referees_step_leaves_the_reset_to_the_organisers_correction(club, organiser,
                                                                        monkeypatch):
    _, semi, final = semi_finals_played(club)
    record(final.match, {"points": [70, 50]})  # under way

    with monkeypatch.context() as held:  # the correction's step waits on its process
        held.setattr(outbox, "dispatch", lambda step_id, name: None)
        scoring.deal_void(deal=Match.objects.get(pk=semi.match_id).deals.get(active=True),
                          reason="not a flag", user=organiser, allow_reset=True)
    correction = OutboxStep.objects.get(name="tournaments.follow_match", args__allow_reset=True)
    record(Match.objects.get(pk=semi.match_id), {"points": [0, 120], "flag": "B"})  # ends again

    assert not OutboxStep.objects.filter(status=OutboxStep.Status.FAILED).exists()
    outbox.run(correction.pk)
    correction.refresh_from_db()
    assert correction.status == OutboxStep.Status.DONE
    semi.refresh_from_db()
    assert semi.finished and semi.winner_id == semi.b_id
    final.refresh_from_db()
    assert final.a_id == semi.b_id and final.match.state["deals"] == []  # reset, re-teamed
