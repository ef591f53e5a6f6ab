"""A referee's deal post answers with the whole tally from the match row (scoring.Match.tally,
kept with the state): it neither reads nor replays the match's earlier deals, so its cost does
not grow with them."""

import json
import uuid

from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import engine, services
from tests.conftest import make_match

ENDLESS = {"type": "fixed_deals", "deals": 1000}


def post(client, link, points: int):
    return client.post(f"/api/v1/referee/{link.token}/deals",
                       data=json.dumps({"points": [points, 120 - points]}),
                       content_type="application/json",
                       headers={"Idempotency-Key": str(uuid.uuid4())})


def played(club, a, b, deals: int):
    match = make_match(club, a, b, preset="carry_ties", fmt=ENDLESS)
    for number in range(deals):
        services.deal_record(match_id=match.pk, key=f"k{number}",
                             deal=engine.deal_from({"points": [30 + number % 60, 90 - number % 60]}))
    return match


def test_a_post_costs_the_same_queries_after_one_deal_as_after_forty(client, club, pair_a, pair_b):
    counts = []
    for deals in (1, 40):
        match = played(club, pair_a, pair_b, deals)
        with CaptureQueriesContext(connection) as queries:
            response = post(client, match.referee_links.get(), 70)
        assert response.status_code == 201
        assert len(response.json()["tally"]) == deals + 1
        assert not [q for q in queries.captured_queries if 'FROM "scoring_deal"' in q["sql"]]
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_answer_s_tally_is_the_replay_of_the_deals(client, club, pair_a, pair_b):
    match = played(club, pair_a, pair_b, 12)
    post(client, match.referee_links.get(), 60)  # a 60-60: its game waits for the next deal
    body = post(client, match.referee_links.get(), 95).json()
    deals = [(number, engine.deal_from(data)) for number, data in
             match.deals.filter(active=True).order_by("number").values_list("number", "data")]
    rules, fmt = services.rules_and_format(match)
    _state, rows = engine.replay_tally(rules, fmt, match.first_dealer, deals)
    assert [row["running"] for row in body["tally"]] == [row["running"] for row in rows]
    assert [row["kind"] for row in body["tally"]][-2:] == ["tie", "carry"]


def test_a_post_reads_the_match_s_row_once_and_under_its_lock_only_its_version(
        client, club, pair_a, pair_b):
    """The link's read takes the match with it, and the deal is worked out on that read
    before the lock (services.deal_record): under the lock only the match's version is read,
    to check that it still stands, not its state or tally again. On PostgreSQL the deal is
    written in one statement that checks the version itself (services._deal_alone): nothing
    is read but the link."""
    match = played(club, pair_a, pair_b, 3)
    link = match.referee_links.get()
    with CaptureQueriesContext(connection) as queries:
        assert post(client, link, 70).status_code == 201
    selects = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    for column in ("format", "state", "tally", "created_by_id", "finished_at"):
        assert sum(f'"scoring_match"."{column}"' in sql for sql in selects) == 1, column
    locked = [sql for sql in selects if '"scoring_match"."version"' in sql
              and "scoring_refereelink" not in sql]
    if connection.vendor == "postgresql":
        # in the test's transaction, the statement is in a savepoint
        assert locked == [] and len([q for q in queries.captured_queries
                                     if "SAVEPOINT" not in q["sql"]]) == 2
        return
    [locked] = locked
    assert '"scoring_match"."state"' not in locked and '"scoring_match"."tally"' not in locked
