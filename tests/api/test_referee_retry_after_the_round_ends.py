"""The deal that ends a round is answered, the answer is lost, the round is drawn and the
table moves on: the phone's retry (same key, same body, no `match` field, as in docs/api.md)
gets its first answer and is never recorded as the next match's first deal."""

import json

from scoring.models import Deal, RefereeRequest
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Pairing

FLAG = {"points": [120, 0], "flag": "A"}


def post(client, token, key):
    return client.post(f"/api/v1/referee/{token}/deals", data=json.dumps(FLAG),
                       content_type="application/json", headers={"Idempotency-Key": key})


def test_a_retry_of_the_round_ending_deal_gets_its_first_answer_not_the_next_match(client, club):
    tournament = make_tournament(club, 4, tables_count=1)  # two semi-finals on one table
    services.tournament_start(tournament=tournament)
    table = tournament.tables.select_related("link").get()
    first_match = table.link.match
    first = post(client, table.link.token, "the-last-deal")  # a flag: 4 games, the match
    assert first.status_code == 201 and first.json()["finished"]

    table.link.refresh_from_db()
    next_match = table.link.match
    assert next_match is not None and next_match.pk != first_match.pk  # the table moved on

    again = post(client, table.link.token, "the-last-deal")
    assert (again.status_code, again.content) == (201, first.content)
    assert Deal.objects.filter(match=next_match).count() == 0
    assert RefereeRequest.objects.filter(key="the-last-deal").count() == 1
    assert Pairing.objects.filter(match=first_match, finished=True).exists()


def test_a_retry_after_a_withdrawal_took_the_table_s_match_gets_its_first_answer(client, club):
    """The deal is answered, the answer is lost, a partnership of the match withdraws and the
    table has no match any more: the retry still gets its first answer, where it was told
    there is no match at the table, as if the deal had never been recorded."""
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    table = tournament.tables.select_related("link").order_by("number").first()
    pairing = Pairing.objects.get(match=table.link.match)
    deal = {"points": [70, 50]}

    def send(key):
        return client.post(f"/api/v1/referee/{table.link.token}/deals", data=json.dumps(deal),
                           content_type="application/json", headers={"Idempotency-Key": key})

    first = send("before-the-withdrawal")
    assert first.status_code == 201
    services.entry_withdraw(entry=pairing.a)
    table.link.refresh_from_db()
    assert table.link.match_id is None
    again = send("before-the-withdrawal")
    assert (again.status_code, again.content) == (201, first.content)
    assert send("a-new-deal").status_code == 409
    assert RefereeRequest.objects.filter(key="before-the-withdrawal").count() == 1
