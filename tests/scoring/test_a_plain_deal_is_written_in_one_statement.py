"""On PostgreSQL a deal in the middle of a match (nothing follows it but its live pages) is
written in one statement of its own: the match's new state when it still has the version the
post read, with the deal, its audit entry, the key's answer and the tournament's live scores
bump, or nothing at all. No transaction is begun and no lock asked first: a post is the link's
read and that statement. Whatever it cannot write that way (the match moved on while it
waited, the deal ends the match) is written under the match's lock, as before."""

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scoring import engine, services
from scoring.models import AuditEntry, Deal, Match, RefereeRequest
from sueca_club.models import OutboxStep
from tests.concurrency import (  # noqa: F401
    in_thread,
    key_held,
    needs_postgres,
    postgres_only,
    until_waiting_on_a_lock,
)
from tests.tournaments.helpers import make_tournament
from tournaments.models import LiveScores
from tournaments.services import tournament_start

pytestmark = [*postgres_only, pytest.mark.usefixtures("needs_postgres")]
DEAL, FLAG = {"points": [70, 50]}, {"points": [120, 0], "flag": "A"}


def post(token: str, key: str, deal: dict = DEAL, **headers):
    return Client().post(f"/api/v1/referee/{token}/deals", data=json.dumps(deal),
                         content_type="application/json",
                         headers={"Idempotency-Key": key, **headers})


def assert_stored_as_replayed(match: Match) -> None:
    match.refresh_from_db()
    deals = list(match.deals.filter(active=True).order_by("number"))
    assert match.state == services.replay(match, [engine.deal_from(d.data) for d in deals]
                                          ).stored()
    assert [row["number"] for row in match.tally] == [d.number for d in deals]
    assert list(AuditEntry.objects.filter(match=match, action=AuditEntry.Action.RECORDED)
                .order_by("id").values_list("deal_id", flat=True)) == [d.pk for d in deals]


def test_a_tournament_deal_is_the_link_s_read_and_one_statement(club):
    tournament = make_tournament(club, 4, structure="rounds", tables_count=2, rounds_count=3)
    tournament_start(tournament=tournament)
    table = tournament.tables.select_related("link__match").order_by("number").first()
    with CaptureQueriesContext(connection) as queries:
        posted = post(table.link.token, "one-statement")
    assert posted.status_code == 201, posted.content
    read, written = (q["sql"] for q in queries.captured_queries)
    assert "scoring_refereelink" in read and read.startswith("SELECT")
    assert written.startswith("WITH guard AS (UPDATE")
    for table_name in ("scoring_deal", "scoring_auditentry", "scoring_refereerequest",
                       LiveScores._meta.db_table):
        assert table_name in written
    match = table.link.match
    assert LiveScores.objects.get(tournament=tournament).version == 1
    assert RefereeRequest.objects.get(link=table.link, key="one-statement").body == \
        posted.content.decode()
    assert posted.json()["version"] == match.version + 1
    assert_stored_as_replayed(match)


def test_a_deal_that_ends_the_match_is_written_under_its_lock(match, referee_link):
    with CaptureQueriesContext(connection) as queries:
        assert post(referee_link.token, "flag", FLAG).status_code == 201
    assert any("FOR NO KEY UPDATE" in q["sql"] for q in queries.captured_queries)
    assert OutboxStep.objects.filter(args__match_id=match.pk).exists()  # what follows a result
    assert_stored_as_replayed(match)


def test_a_deal_that_waited_for_another_is_worked_out_again_on_what_that_one_left(
        match, referee_link):
    """Both read the match at one version. The first holds the match's row (its statement
    waits on its key); the second's statement waits for that row, finds it at a new version,
    writes nothing, and is written under the lock as the next deal."""
    with key_held(match=match, link=referee_link, key="first"):
        first, first_answer = in_thread(lambda: post(referee_link.token, "first"))
        until_waiting_on_a_lock()
        second, second_answer = in_thread(
            lambda: post(referee_link.token, "second", {"points": [30, 90]}))
        until_waiting_on_a_lock(count=2)
    first.join(10)
    second.join(10)
    assert (first_answer[0].status_code, second_answer[0].status_code) == (201, 201)
    assert [row["games"] for row in second_answer[0].json()["tally"]] == [[1, 0], [0, 1]]
    assert list(Deal.objects.filter(match=match).order_by("number")
                .values_list("number", "data")) == [(1, DEAL), (2, {"points": [30, 90]})]
    assert_stored_as_replayed(match)


def test_one_sent_for_the_version_it_read_is_refused_when_another_came_first(
        match, referee_link):
    version = match.version
    tag = {"If-Match": f'"m{match.pk}-{version}"'}
    with key_held(match=match, link=referee_link, key="first"):
        first, _ = in_thread(lambda: post(referee_link.token, "first", **tag))
        until_waiting_on_a_lock()
        second, answer = in_thread(lambda: post(referee_link.token, "second", **tag))
        until_waiting_on_a_lock(count=2)
    first.join(10)
    second.join(10)
    assert answer[0].status_code == 409
    assert "Another deal was recorded on this match meanwhile" in answer[0].json()["error"]
    assert Deal.objects.filter(match=match).count() == 1
    assert not RefereeRequest.objects.filter(key="second").exists()


def test_a_key_sent_again_while_its_first_deal_is_written_gets_the_first_answer(
        match, referee_link):
    """The retry's statement waits on the first's key; when that one is written, the key's
    unique constraint refuses the retry's rows whole, and it answers what the first did."""
    with key_held(match=match, link=referee_link, key="twice"):
        first, first_answer = in_thread(lambda: post(referee_link.token, "twice"))
        until_waiting_on_a_lock()
        retry, retry_answer = in_thread(lambda: post(referee_link.token, "twice"))
        until_waiting_on_a_lock(count=2)
    first.join(10)
    retry.join(10)
    assert first_answer[0].status_code == retry_answer[0].status_code == 201
    assert first_answer[0].content == retry_answer[0].content
    assert Deal.objects.filter(match=match).count() == 1
    assert_stored_as_replayed(match)
