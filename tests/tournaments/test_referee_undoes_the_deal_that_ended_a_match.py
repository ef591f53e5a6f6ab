"""A referee takes back the deal that ended a match, from the table's phone, until the table's
next match has its first deal: the match reopens on its table, and the table's next match,
untouched, goes back to waiting. Once a later round was drawn from the result, begun or not,
the result is the organiser's to change."""

import json
import uuid

import pytest

from scoring import services as scoring_services
from scoring.models import Match
from tests.tournaments.helpers import make_tournament, record
from tournaments import services
from tournaments.models import Pairing, Round

FLAG = {"points": [120, 0], "flag": "A"}


def post(client, token, path, body=None):
    return client.post(f"/api/v1/referee/{token}/{path}", data=json.dumps(body or {}),
                       content_type="application/json",
                       headers={"Idempotency-Key": str(uuid.uuid4())})


@pytest.fixture
def one_table(club):
    """Four partnerships, one table: the two semi-finals are played one after the other."""
    tournament = make_tournament(club, 4, tables_count=1)
    services.tournament_start(tournament=tournament)
    return tournament, tournament.tables.select_related("link").get()


def test_the_deal_that_ended_a_match_is_undone_and_the_match_is_back_on_its_table(client,
                                                                                  one_table):
    tournament, table = one_table
    first = table.link.match
    assert post(client, table.link.token, "deals", FLAG).json()["finished"]
    table.link.refresh_from_db()
    second = table.link.match
    assert second.pk != first.pk  # the next semi-final was placed on the table

    undone = post(client, table.link.token, "undo")
    assert undone.status_code == 200 and undone.json()["id"] == first.pk
    assert not undone.json()["finished"] and undone.json()["games"] == [0, 0]
    table.link.refresh_from_db()
    assert table.link.match_id == first.pk
    assert not Match.objects.filter(pk=second.pk).exists()  # it had no deal: back to waiting
    waiting = Pairing.objects.get(round__number=1, match=None)
    assert not waiting.finished and waiting.table is None
    assert not Pairing.objects.get(match=first).finished


def test_once_the_next_match_has_a_deal_undo_takes_back_that_deal(client, one_table):
    tournament, table = one_table
    first = table.link.match
    post(client, table.link.token, "deals", FLAG)
    table.link.refresh_from_db()
    second = table.link.match
    post(client, table.link.token, "deals", {"points": [70, 50]})
    undone = post(client, table.link.token, "undo")
    assert undone.json()["id"] == second.pk
    first.refresh_from_db()
    assert first.finished


DRAWN_FROM = "The next round was drawn from this result: ask the organiser to correct it."


@pytest.fixture
def final_drawn(client, club):
    """Both semi-finals played from their tables' phones, the final drawn and not begun."""
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    one, two = tournament.tables.select_related("link").order_by("number")
    post(client, one.link.token, "deals", FLAG)
    post(client, two.link.token, "deals", FLAG)
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    assert final.match_id is not None and not final.match.state["deals"]
    two.link.refresh_from_db()
    return tournament, Match.objects.get(pairing__round__number=1, pairing__table=two), two, final


def test_the_undo_page_says_a_result_the_next_round_was_drawn_from_is_the_organisers(
        client, final_drawn):
    _tournament, _ended, table, _final = final_drawn
    screen = client.get(f"/r/{table.link.token}/undo/").content.decode()
    assert DRAWN_FROM in screen
    assert "Yes, undo it" not in screen


def test_the_undo_of_a_result_the_next_round_was_drawn_from_is_refused_and_changes_nothing(
        client, final_drawn):
    tournament, ended, table, final = final_drawn
    refused = post(client, table.link.token, "undo")
    assert refused.status_code == 409 and refused.json() == {"error": DRAWN_FROM}
    page = client.post(f"/r/{table.link.token}/undo/", {"key": str(uuid.uuid4()),
                                                        "match": ended.pk}, follow=True)
    assert DRAWN_FROM in page.content.decode()
    ended.refresh_from_db()
    assert ended.finished and ended.deals.filter(active=True).count() == 1
    assert Round.objects.get(tournament=tournament, code="final").pairings.get().pk == final.pk


def test_undo_is_refused_when_a_match_drawn_from_the_result_is_under_way(client, club):
    tournament = make_tournament(club, 4, tables_count=2, fmt={"type": "first_to", "target": 8})
    services.tournament_start(tournament=tournament)
    one, two = tournament.tables.select_related("link").order_by("number")
    for table in (one, two):
        post(client, table.link.token, "deals", FLAG)
        post(client, table.link.token, "deals", FLAG)
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    record(final.match, {"points": [70, 50]})  # the final has begun, on table one
    two.link.refresh_from_db()

    refused = post(client, two.link.token, "undo")
    assert refused.status_code == 409
    assert Pairing.objects.filter(round__number=1, finished=True).count() == 2
    final.match.refresh_from_db()
    assert final.match.deals.filter(active=True).count() == 1


def test_the_table_page_offers_and_does_the_same_undo(client, one_table):
    """The phone's page (plain HTML): the undo screen names the deal that ended the match,
    and confirming it reopens that match, not the table's next one."""
    import re

    tournament, table = one_table
    first = table.link.match
    post(client, table.link.token, "deals", FLAG)
    screen = client.get(f"/r/{table.link.token}/undo/").content.decode()
    assert "Undo deal 1" in screen
    fields = dict(re.findall(r'name="(key|match|version)" value="([^"]*)"', screen))
    assert fields["match"] == str(first.pk)
    client.post(f"/r/{table.link.token}/undo/", fields)
    first.refresh_from_db()
    table.link.refresh_from_db()
    assert not first.finished and table.link.match_id == first.pk


def test_the_result_screen_has_the_undo_button_until_the_next_match_has_a_deal(client,
                                                                               one_table):
    tournament, table = one_table
    first = table.link.match
    post(client, table.link.token, "deals", FLAG)
    undo = f'href="/r/{table.link.token}/undo/"'
    result = client.get(f"/r/{table.link.token}/", {"after": first.pk}).content.decode()
    assert "Match result" in result and undo in result
    post(client, table.link.token, "deals", {"points": [70, 50]})  # the next match begins
    result = client.get(f"/r/{table.link.token}/", {"after": first.pk}).content.decode()
    assert "Match result" in result and undo not in result


def test_the_deal_that_ended_the_tournament_is_the_organisers_to_change(client, club):
    """The final's table has no next match, and its QR card stays on the table after the
    event: its phone no longer reopens the final (the organiser corrects it, audited)."""
    tournament = make_tournament(club, 2, tables_count=1)
    services.tournament_start(tournament=tournament)
    table = tournament.tables.select_related("link").get()
    final = table.link.match
    post(client, table.link.token, "deals", FLAG)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    result = client.get(f"/r/{table.link.token}/", {"after": final.pk}).content.decode()
    assert f'href="/r/{table.link.token}/undo/"' not in result
    assert "The tournament is over: only its organiser can change this result now." in result
    assert "No more matches come to this table" in result and "data-poll" not in result
    table_page = client.get(f"/r/{table.link.token}/").content.decode()  # a reload, later
    assert f'href="/r/{table.link.token}/undo/"' not in table_page
    assert "only its organiser can change this result now" in table_page
    assert table_page.count("Thank you, referee!") == 1

    refused = post(client, table.link.token, "undo")
    assert refused.status_code == 409
    assert refused.json() == {"error": "The tournament is over: only its organiser can "
                                       "change this result now."}
    client.post(f"/r/{table.link.token}/undo/", {"key": str(uuid.uuid4()), "match": final.pk})
    final.refresh_from_db()
    tournament.refresh_from_db()
    assert final.finished and tournament.status == "finished" and tournament.champion_id


def test_the_result_screen_says_why_once_a_match_drawn_from_it_has_begun(client, club):
    tournament = make_tournament(club, 4, tables_count=2, fmt={"type": "first_to", "target": 8})
    services.tournament_start(tournament=tournament)
    one, two = tournament.tables.select_related("link").order_by("number")
    ended = two.link.match
    for table in (one, two):
        post(client, table.link.token, "deals", FLAG)
        post(client, table.link.token, "deals", FLAG)
    record(Round.objects.get(tournament=tournament, code="final").pairings.get().match,
           {"points": [70, 50]})
    result = client.get(f"/r/{two.link.token}/", {"after": ended.pk}).content.decode()
    assert f'href="/r/{two.link.token}/undo/"' not in result
    assert "Matches drawn from this result have begun: only the organiser can change" in result


def test_a_result_its_losing_side_confirmed_is_the_organisers_to_change(client, club):
    tournament = make_tournament(club, 4, tables_count=1, confirmation="result")
    services.tournament_start(tournament=tournament)
    table = tournament.tables.select_related("link").get()
    ended = table.link.match
    post(client, table.link.token, "deals", FLAG)
    ended.refresh_from_db()
    assert ended.awaiting_confirmation
    assert post(client, table.link.token, "undo").status_code == 200  # not confirmed yet
    post(client, table.link.token, "deals", FLAG)
    ended.refresh_from_db()
    scoring_services.result_confirm(match_id=ended.pk, expected_version=ended.version)
    refused = post(client, table.link.token, "undo")
    assert refused.status_code == 409
    assert "This result was confirmed" in refused.json()["error"]
