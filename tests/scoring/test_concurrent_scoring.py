"""Two phones at once on PostgreSQL: no lost and no doubled deal, the state equals a replay."""

import uuid

import pytest

from scoring import engine, services
from scoring.models import Deal, Match
from tests.concurrency import needs_postgres, postgres_only, run_together  # noqa: F401
from tests.conftest import make_match

pytestmark = [*postgres_only, pytest.mark.usefixtures("needs_postgres")]


def long_match(club, pair_a, pair_b) -> Match:
    return make_match(club, pair_a, pair_b, fmt={"type": "fixed_deals", "deals": 40})


def test_simultaneous_different_deals_are_all_recorded_in_some_order(club, pair_a, pair_b):
    match = long_match(club, pair_a, pair_b)
    deals = [{"points": [61 + i, 59 - i]} for i in range(8)]
    results = run_together(8, lambda i: services.deal_record(
        match_id=match.pk, deal=engine.deal_from(deals[i]), key=f"phone-{i}"))
    assert all(isinstance(r, services.Answer) and r.status == 201 for r in results)
    stored = list(Deal.objects.filter(match=match, active=True).order_by("number"))
    assert [d.number for d in stored] == list(range(1, 9))
    assert sorted(d.data["points"][0] for d in stored) == [61 + i for i in range(8)]
    match.refresh_from_db()
    assert match.state == services.replay(
        match, [engine.deal_from(d.data) for d in stored]).stored()


def test_the_same_key_sent_by_many_retries_at_once_records_one_deal(club, pair_a, pair_b):
    match = long_match(club, pair_a, pair_b)
    results = run_together(8, lambda i: services.deal_record(
        match_id=match.pk, deal=engine.deal_from({"points": [70, 50]}), key="one-deal"))
    assert Deal.objects.filter(match=match).count() == 1
    assert len({r.body for r in results}) == 1


def test_two_phones_on_the_same_score_one_wins_the_other_is_told(club, pair_a, pair_b):
    match = long_match(club, pair_a, pair_b)
    seen = match.version
    results = run_together(2, lambda i: services.deal_record(
        match_id=match.pk, deal=engine.deal_from({"points": [70, 50]}), key=str(uuid.uuid4()),
        expected_version=seen))
    assert sum(isinstance(r, services.Answer) for r in results) == 1
    assert sum(isinstance(r, services.StaleScore) for r in results) == 1
    assert Deal.objects.filter(match=match).count() == 1
