"""A referee's deal is recorded and answered in its own transaction; drawing the next round
follows after the commit, so a draw that fails or crashes never refuses, fails or slows the
deal, and is repaired by running it again."""

import datetime

from django.utils import timezone

from sueca_club import outbox
from sueca_club.models import OutboxStep
from tests.tournaments.helpers import post_deal
from tournaments.models import Action, Pairing, Round
from tournaments.services import TournamentRefused, draws


def test_a_draw_that_finds_no_way_is_told_to_the_organiser_and_the_deal_is_saved(
        last_match, monkeypatch, organiser_client):
    tournament, table = last_match
    monkeypatch.setattr(draws, "draw_next_round", refuse)
    answer = post_deal(table.link.token, "the-last-deal")
    assert answer.status_code == 201 and answer.json()["finished"]
    assert Pairing.objects.filter(round__tournament=tournament, finished=True).count() == 2
    tournament.refresh_from_db()
    assert tournament.draw_problem == "No Swiss pairing is left without a rematch."
    base = f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/"
    page = organiser_client.get(base).content.decode()
    assert "The next round could not be drawn" in page and "least-bad rematch" in page
    board = organiser_client.get(base + "board/").content
    assert b"No Swiss pairing is left without a rematch." in board

    monkeypatch.undo()
    organiser_client.post(base + "rounds/rematch/")
    tournament.refresh_from_db()
    assert tournament.rounds.count() == 2 and tournament.draw_problem == ""
    assert tournament.allow_rematches
    assert Action.objects.filter(tournament=tournament, kind="rematch").exists()


def test_a_draw_that_crashes_fails_nothing_and_the_retry_draws_the_round(last_match,
                                                                          monkeypatch):
    tournament, table = last_match
    monkeypatch.setattr(draws, "draw_next_round", crash)
    answer = post_deal(table.link.token, "the-last-deal")
    assert answer.status_code == 201 and answer.json()["finished"]
    assert tournament.rounds.count() == 1
    step = OutboxStep.objects.get(name="tournaments.follow_match", status="pending",
                                  args__match_id=answer.json()["id"])
    assert (step.attempts, step.error) == (1, "the server went away")

    monkeypatch.undo()
    OutboxStep.objects.filter(pk=step.pk).update(
        run_after=timezone.now(), created_at=timezone.now() - datetime.timedelta(minutes=1))
    assert outbox.sweep() >= 1
    assert list(Round.objects.filter(tournament=tournament).values_list("number", flat=True)) == [
        1, 2]
    step.refresh_from_db()
    assert step.status == "done"
    outbox.run(step.pk)  # run again: done already, nothing more is drawn
    assert tournament.rounds.count() == 2


def refuse(*args, **kwargs):
    raise TournamentRefused("No Swiss pairing is left without a rematch.")


def crash(*args, **kwargs):
    raise ConnectionError("the server went away")
