"""A referee's deal post answers with the whole tally from the match row (scoring.Match.tally,
kept with the state): it neither reads nor replays the match's earlier deals, so its cost does
not grow with them."""

import json
import uuid

from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import engine, services
from scoring.models import Match
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


def test_a_post_reads_the_match_s_row_once_and_writes_it_only_while_it_has_that_version(
        client, club, pair_a, pair_b):
    """The link's read takes the match with it, and the deal is worked out on that read
    before any lock (services.deal_record); then nothing more is read: the match's row is
    written only while it still has the version the deal was worked out on
    (services._deal_alone). On PostgreSQL in one statement with the deal's rows; on SQLite
    first in the writer's turn, then the deal's three rows."""
    match = played(club, pair_a, pair_b, 3)
    link, version = match.referee_links.get(), Match.objects.get(pk=match.pk).version
    with CaptureQueriesContext(connection) as queries:
        assert post(client, link, 70).status_code == 201
    # in the test's transaction, the writes are in a savepoint
    sent = [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]
    selects = [sql for sql in sent if sql.startswith("SELECT")]
    for column in ("format", "state", "tally", "created_by_id", "finished_at"):
        assert sum(f'"scoring_match"."{column}"' in sql for sql in selects) == 1, column
    assert len(selects) == 1 and "scoring_refereelink" in selects[0]
    assert len(sent) == (2 if connection.vendor == "postgresql" else 5)
    assert f'"scoring_match"."version" = {version} AND "scoring_match"."abandoned_at" IS NULL' \
        in sent[1]
    if connection.vendor == "sqlite":
        assert sent[1].startswith('UPDATE "scoring_match"')
