"""What follows a result runs after its write commits, on whichever process comes first, so a
table may act on the bracket before the step that brings it up to date has run. The step
follows the match as it is by then, and a later match begun on the stale bracket starts over
(audited): the step never fails for good, leaving the bracket telling another story than its
matches. The write itself was refused if it reset matches already under way without the
organiser's word (the result guards)."""

import contextlib

from scoring import services as scoring
from scoring.models import AuditEntry, Match
from sueca_club import outbox
from sueca_club.models import OutboxStep
from tests.tournaments.helpers import record, semi_finals_played
from tournaments.models import Pairing


@contextlib.contextmanager
def held_steps(monkeypatch):
    """Inside, the steps a write records wait (its process has not run them yet)."""
    with monkeypatch.context() as held:
        held.setattr(outbox, "dispatch", lambda step_id, name: None)
        yield


def assert_done(step: OutboxStep) -> None:
    step.refresh_from_db()
    assert (step.status, step.error) == (OutboxStep.Status.DONE, "")
    assert not OutboxStep.objects.filter(status=OutboxStep.Status.FAILED).exists()


def test_a_semi_final_ended_again_before_its_correction_is_followed(club, organiser,
                                                                    monkeypatch):
    """The organiser voids the deal that ended a semi-final, confirming that the final under
    way is reset, and the referee ends the semi-final again, for the other side, before the
    correction's step has run."""
    _, semi, final = semi_finals_played(club)
    record(final.match, {"points": [70, 50]})  # under way
    with held_steps(monkeypatch):
        scoring.deal_void(deal=Match.objects.get(pk=semi.match_id).deals.get(active=True),
                          reason="not a flag", user=organiser, allow_reset=True)
    correction = OutboxStep.objects.get(name="tournaments.follow_match", args__allow_reset=True)
    record(Match.objects.get(pk=semi.match_id), {"points": [0, 120], "flag": "B"})  # ends again

    outbox.run(correction.pk)
    assert_done(correction)
    semi.refresh_from_db()
    assert semi.finished and semi.winner_id == semi.b_id
    final.refresh_from_db()
    assert final.a_id == semi.b_id and final.match.state["deals"] == []  # reset, re-teamed


def test_a_final_begun_before_a_semi_finals_undo_is_followed(club, monkeypatch):
    """A semi-final's referee undoes the deal that ended it, its checks passed before the
    final was drawn (so the undo is taken), and the final's first deal comes before the
    undo's step runs."""
    _, semi, final = semi_finals_played(club)
    monkeypatch.setattr(scoring, "REOPENING_CHECKS", [])
    monkeypatch.setattr(scoring, "RESULT_GUARDS", [])
    with held_steps(monkeypatch):
        scoring.deal_undo(match_id=semi.match_id, key="undo-the-flag")
    undo = OutboxStep.objects.get(name="tournaments.follow_match", status="pending")
    assert record(final.match, {"points": [70, 50]}).status == 201  # on the stale bracket

    outbox.run(undo.pk)
    assert_done(undo)
    semi.refresh_from_db()
    assert not semi.finished  # played on: the final is drawn again once it ends
    assert not Pairing.objects.filter(pk=final.pk).exists()
    begun = Match.objects.get(pk=final.match_id)
    assert begun.abandoned_at is not None
    assert AuditEntry.objects.filter(match=begun, action=AuditEntry.Action.RESET).exists()

    record(Match.objects.get(pk=semi.match_id), {"points": [120, 0], "flag": "A"})
    assert Pairing.objects.get(round__code="final").a_id == semi.a_id
