"""A partnership withdraws while its table's referee sends the match's first deal, on
PostgreSQL, in both orders. A match that never had a deal is deleted with its table's link, so
the two writes meet on the match's row: whichever locks it first goes first, and the other
sees what it did. Before, the withdrawal deleted a match under a deal just written (a foreign
key error, the organiser's 500), or the deal waited for a match that was gone (the referee's
500); and the tournament's first deal, making its live scores row, deadlocked with any
tournament write that then waited for that match (the tournament was locked for a key update,
which the new row's foreign key check waits for)."""

import pytest

from scoring import services as scoring
from scoring.models import Match, RefereeLink
from tests.concurrency import (  # noqa: F401
    in_thread,
    needs_postgres,
    paused_after,
    postgres_only,
    until_waiting_on_a_lock,
)
from tests.tournaments.helpers import in_play, make_tournament, post_deal
from tournaments import services
from tournaments.models import Pairing

pytestmark = [*postgres_only, pytest.mark.usefixtures("needs_postgres")]


@pytest.fixture
def first_table(club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    pairing = in_play(tournament)[0]
    return pairing, RefereeLink.objects.get(match=pairing.match).token


def withdraw(pairing: Pairing):
    return lambda: services.entry_withdraw(entry=pairing.a)


def test_a_first_deal_written_first_stands_and_its_match_is_abandoned(monkeypatch,
                                                                       first_table):
    pairing, token = first_table
    inside, release = paused_after(monkeypatch, scoring, "_state_saved")  # the deal is written
    referee, answer = in_thread(lambda: post_deal(token, "first-deal"))
    assert inside.wait(10)
    organiser, withdrawn = in_thread(withdraw(pairing))
    try:
        until_waiting_on_a_lock()
    finally:
        release.set()
        referee.join()
        organiser.join()
    assert answer[0].status_code == 201
    assert withdrawn == [None]
    match = Match.objects.get(pk=pairing.match_id)
    assert match.abandoned_at is not None and match.deals.count() == 1
    pairing.refresh_from_db()
    assert pairing.finished and pairing.walkover == "B" and pairing.match_id is None


def test_a_first_deal_sent_during_the_withdrawal_is_refused_in_words(monkeypatch,
                                                                       first_table):
    pairing, token = first_table
    inside, release = paused_after(monkeypatch, scoring, "matches_abandon")
    organiser, withdrawn = in_thread(withdraw(pairing))
    assert inside.wait(10)
    referee, answer = in_thread(lambda: post_deal(token, "late-deal"))
    try:
        until_waiting_on_a_lock()
    finally:
        release.set()
        organiser.join()
        referee.join()
    assert withdrawn == [None]
    assert answer[0].status_code == 409
    assert "abandoned" in answer[0].json()["error"]
    assert not Match.objects.filter(pk=pairing.match_id).exists()
    assert post_deal(token, "late-deal").status_code == 409  # its retry: no match here now
