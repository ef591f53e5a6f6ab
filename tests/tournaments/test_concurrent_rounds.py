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


def test_sixteen_phones_posting_deals_and_retries_record_exactly_the_intended_deals(club):
    """Two phones per table post the same four deals (each a retry of the other) by API."""
    import json

    from django.test import Client

    from scoring import engine
    from scoring.models import Deal
    from scoring.services import replay

    tournament = make_tournament(club, 16, "knockout", fmt={"type": "fixed_deals", "deals": 4},
                                 tables_count=8)
    services.tournament_start(tournament=tournament)
    tables = list(tournament.tables.select_related("link").order_by("number"))
    plan = {t.number: [{"points": [70 + t.number, 50 - t.number]}] * 3 + [{"points": [90, 30]}]
            for t in tables}

    def phone(i):
        table = tables[i % 8]
        client = Client()
        answers = []
        for n, deal in enumerate(plan[table.number]):
            answers.append(client.post(
                f"/api/v1/referee/{table.link.token}/deals", data=json.dumps(deal),
                content_type="application/json",
                headers={"Idempotency-Key": f"table-{table.number}-deal-{n}"}).status_code)
        return answers

    results = run_together(16, phone)
    assert all(answers == [201] * 4 for answers in results), results
    round_one = Pairing.objects.filter(round__number=1).select_related("match")
    for pairing in round_one:
        deals = list(Deal.objects.filter(match=pairing.match, active=True).order_by("number"))
        table_number = pairing.table.number
        assert [d.data for d in deals] == plan[table_number]
        state = replay(pairing.match, [engine.deal_from(d.data) for d in deals])
        assert pairing.match.state["games"] == list(state.games)
        assert pairing.finished and pairing.winner_id == pairing.a_id
    assert Deal.objects.filter(match__pairing__round__number=1).count() == 8 * 4
    assert list(Round.objects.filter(tournament=tournament).values_list("number", flat=True)) == [
        1, 2]
    assert Pairing.objects.filter(round__number=2).count() == 4


def test_a_crash_between_the_last_deals_and_the_draw_is_repaired_once_by_the_sweeps(
        club, monkeypatch):
    """Every table's last deal commits, then the process dies before anything follows (no
    relay): nothing is drawn. Sweeps run at once from four processes draw the round once."""
    from sueca_club import outbox
    from sueca_club.models import OutboxStep

    tournament = make_tournament(club, 16, tables_count=8)
    services.tournament_start(tournament=tournament)
    matches = [p.match for p in Pairing.objects.filter(round__number=1).select_related("match")]
    with monkeypatch.context() as dead:
        dead.setattr(outbox, "relay", lambda: None)
        results = run_together(8, lambda i: record(matches[i], WIN["A"]))
    assert all(r.status == 201 for r in results), results
    assert tournament.rounds.count() == 1
    follows = OutboxStep.objects.filter(name="tournaments.follow_match", status="pending")
    assert follows.count() == 8
    follows.update(created_at=follows[0].created_at.replace(year=2020))

    run_together(4, lambda i: outbox.sweep())
    assert list(Round.objects.filter(tournament=tournament).values_list("number", "code")) == [
        (1, "round_of_16"), (2, "quarter_final")]
    assert not OutboxStep.objects.filter(name="tournaments.follow_match",
                                         status="pending").exists()
