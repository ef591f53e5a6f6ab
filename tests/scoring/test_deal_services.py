"""The services that write deals: replay as state, versions, audit, constraints."""

import uuid

import pytest
from django.db import IntegrityError

from scoring import engine, services
from scoring.models import AuditEntry, Deal
from tests.conftest import make_match


def record(match, deal, key=None, **kwargs):
    return services.deal_record(match_id=match.pk, deal=engine.deal_from(deal),
                                key=key or str(uuid.uuid4()), **kwargs)


def test_the_stored_state_is_the_engines_replay_of_the_active_deals(match):
    for deal in ({"points": [73, 47]}, {"points": [60, 60]}, {"revoke": "B"}):
        record(match, deal)
    match.refresh_from_db()
    expected = services.replay(match, [engine.deal_from(d.data) for d in services.active_deals(match)])
    assert match.state["games"] == list(expected.games) == [3, 0]
    assert (match.games_a, match.games_b) == (3, 0)


def test_every_write_bumps_the_version(match):
    start = match.version
    record(match, {"points": [73, 47]})
    services.deal_undo(match_id=match.pk, key="u")
    match.refresh_from_db()
    assert match.version == start + 2


def test_a_finished_match_records_its_winner_and_time(match):
    record(match, {"points": [0, 120], "flag": "B"})
    match.refresh_from_db()
    assert match.finished and match.winner == "B" and match.finished_at is not None


def test_recording_is_audited_with_the_score_before_and_after(match, referee_link):
    record(match, {"points": [95, 25]}, link=referee_link)
    entry = AuditEntry.objects.get()
    assert entry.action == "recorded" and entry.via_link == referee_link
    assert entry.before["games"] == [0, 0]
    assert entry.after == {"deal": {"points": [95, 25]}, "games": [2, 0], "partidas": [0, 0]}


def test_a_correction_replaces_the_deal_and_replays_the_match(match, organiser):
    record(match, {"points": [73, 47]})
    record(match, {"points": [30, 90]})
    first = Deal.objects.get(number=1)
    new = services.deal_correct(deal=first, replacement=engine.deal_from({"points": [100, 20]}),
                                reason="typed the wrong side", user=organiser)
    match.refresh_from_db()
    assert match.state["games"] == [2, 1]
    assert new.replaces == first and new.number == 1
    assert not Deal.objects.get(pk=first.pk).active
    entry = AuditEntry.objects.get(action="corrected")
    assert entry.reason == "typed the wrong side" and entry.user == organiser
    assert entry.before["deal"] == {"points": [73, 47]}
    assert entry.after["deal"] == {"points": [100, 20]}


def test_a_correction_that_breaks_a_later_deal_changes_nothing(match, organiser):
    record(match, {"points": [73, 47]})
    record(match, {"points": [30, 90]})
    version = match.__class__.objects.get(pk=match.pk).version
    with pytest.raises(services.ScoringRefused, match="That would make deal 2 wrong. "):
        services.deal_correct(deal=Deal.objects.get(number=1),
                              replacement=engine.deal_from({"points": [120, 0], "flag": "A"}),
                              reason="flag", user=organiser)
    match.refresh_from_db()
    assert match.version == version
    assert Deal.objects.filter(active=True).count() == 2
    assert not AuditEntry.objects.filter(action="corrected").exists()


def test_voiding_a_deal_reopens_a_finished_match(match, organiser):
    record(match, {"points": [0, 120], "flag": "B"})
    services.deal_void(deal=Deal.objects.get(), reason="wrong table", user=organiser)
    match.refresh_from_db()
    assert not match.finished and match.winner == "" and match.finished_at is None
    assert match.state["next_dealer"] == 0


def test_an_undone_deal_cannot_be_corrected(match, organiser):
    record(match, {"points": [73, 47]})
    services.deal_undo(match_id=match.pk, key="u")
    with pytest.raises(services.ScoringRefused):
        services.deal_void(deal=Deal.objects.get(), reason="x", user=organiser)


def test_the_database_refuses_two_active_deals_in_one_position(match):
    record(match, {"points": [73, 47]})
    with pytest.raises(IntegrityError):
        Deal.objects.create(match=match, number=1, data={"points": [60, 60]})


def test_the_database_refuses_a_reused_idempotency_key(match):
    from scoring.models import RefereeRequest

    RefereeRequest.objects.create(match=match, key="k", action="deal", status=201, body={})
    with pytest.raises(IntegrityError):
        RefereeRequest.objects.create(match=match, key="k", action="deal", status=201, body={})


def test_rules_are_a_copy_made_when_the_match_starts(club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, preset="carry_ties")
    club.default_preset = "strict_revoke"
    club.save()
    record(match, {"points": [60, 60]})
    match.refresh_from_db()
    assert match.rules["tie"] == "carry" and match.state["carry"] == 1
