"""A bye counts in the standings once its round is complete (every other match of it
finished): while the round is played, the live standings are the finished rounds and the
matches of the round already played, with a line that says when the bye counts. The Swiss
pairing, drawn after the round ends, sees it. Random Swiss events with byes and withdrawals
still finish, and the standings after every move equal a replay."""

import uuid
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import engine
from tests.conftest import make_partnership
from tests.tournaments.events import (
    assert_standings_equal_a_replay,
    deal_on,
    void_last_finished_deal,
    withdraw_one,
)
from tests.tournaments.helpers import in_play, make_tournament, play
from tests.tournaments.public_helpers import swiss
from tournaments import selectors, services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db

FIRST_TO_2 = {"type": "first_to", "target": 2}


def play_round(tournament: Tournament, number: int, leave: int = 0) -> None:
    """Play round `number` to the end, side A winning, but its last `leave` matches."""
    matches = [p for p in in_play(tournament) if p.round.number == number]
    for pairing in matches[:len(matches) - leave]:
        play(pairing, "A")


def bye_of(tournament: Tournament, number: int) -> Pairing:
    return Pairing.objects.get(round__tournament=tournament, round__number=number,
                               b__isnull=True)


def row_of(tournament: Tournament, entry_id: int):
    ranked = selectors.standings(tournament, list(selectors.pairings(tournament)),
                                 selectors.entries(tournament))
    return next(s.row for s in ranked if s.entry.pk == entry_id)


def test_a_bye_of_the_round_in_play_does_not_count_yet(club):
    tournament = swiss(club, 7, FIRST_TO_2, rounds=3)
    play_round(tournament, 1)
    bye = bye_of(tournament, 2)

    row = row_of(tournament, bye.a_id)
    first = next(p for p in Pairing.objects.filter(round__tournament=tournament, round__number=1)
                 if bye.a_id in (p.a_id, p.b_id))
    won = first.winner_id == bye.a_id
    assert (row.played, row.won, row.byes, row.points) == (1, int(won), 0, 3 if won else 1)


def test_a_bye_counts_once_every_other_match_of_its_round_is_finished(club):
    tournament = swiss(club, 7, FIRST_TO_2, rounds=3)
    play_round(tournament, 1)
    bye = bye_of(tournament, 2)
    before = row_of(tournament, bye.a_id)

    play_round(tournament, 2, leave=1)
    assert row_of(tournament, bye.a_id).byes == 0
    play_round(tournament, 2)

    after = row_of(tournament, bye.a_id)
    assert (after.byes, after.points, after.played) == (1, before.points + 3, before.played)


def test_the_swiss_draws_its_next_round_with_the_bye_counted(club):
    tournament = swiss(club, 7, FIRST_TO_2, rounds=3)
    play_round(tournament, 1)
    bye = bye_of(tournament, 2)
    play_round(tournament, 2)

    third = bye_of(tournament, 3)
    assert third.a_id != bye.a_id  # who had a bye gets none again
    scores = {s.entry.pk: s.row.points for s in selectors.standings(
        tournament, [p for p in selectors.pairings(tournament) if p.round.number < 3],
        selectors.entries(tournament))}
    assert scores[bye.a_id] >= 3  # its bye's win: the pairing ranked it with it


def test_the_standings_page_says_when_the_bye_of_the_round_in_play_counts(client, club):
    tournament = swiss(club, 7, FIRST_TO_2, rounds=3)
    play_round(tournament, 1)
    bye = bye_of(tournament, 2)

    html = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert "The bye of round 2 counts when the round ends." in html
    assert "round 1 counts" not in html  # round 1 ended: its bye counts

    play_round(tournament, 2)
    html = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert "The bye of round 2" not in html
    assert "The bye of round 3 counts when the round ends." in html
    assert row_of(tournament, bye.a_id).byes == 1


def test_a_knockout_round_with_several_byes_says_so_once(client, club):
    tournament = make_tournament(club, 5, tables_count=2)
    services.tournament_start(tournament=tournament)
    html = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert "The byes of round 1 count when the round ends." in html


def byes_of_complete_rounds(tournament: Tournament) -> Counter:
    all_pairings = list(Pairing.objects.filter(round__tournament=tournament))
    in_play = {p.round_id for p in all_pairings if not p.finished}
    return Counter(p.a_id for p in all_pairings
                   if p.b_id is None and p.winner_id and p.round_id not in in_play)


DEALS = [{"points": [120, 0], "flag": "A"}, {"points": [0, 120], "flag": "B"},
         {"points": [80, 40]}, {"points": [30, 90]}]


def swiss_move(tournament: Tournament, roll: int, organiser) -> None:
    """A withdrawal, a correction, or else a deal; with nothing left in play, the end."""
    if roll < 5 and withdraw_one(tournament, roll, organiser):
        return
    if roll < 8 and void_last_finished_deal(tournament, organiser):
        return
    if playing := in_play(tournament):
        deal_on(playing, roll, DEALS)
        return
    services.tournament_finish(tournament=tournament, by=organiser)


@settings(max_examples=12, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([3, 5, 7, 9]), rounds=st.integers(2, 4),
       moves=st.lists(st.integers(0, 99), min_size=80, max_size=80))
def test_random_swiss_events_with_byes_and_withdrawals_finish_counting_byes_by_round(
        club, organiser, size, rounds, moves):
    tournament = services.tournament_create(
        club=club, name="Suíço", rules=engine.rules_from("portugal"),
        fmt=engine.format_from(FIRST_TO_2), structure="rounds", pairing="swiss",
        rounds_count=min(rounds, size - 1), tables_count=2, allow_rematches=True)
    run = uuid.uuid4().hex[:6]  # the examples share the test's database
    services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, f"P{i}a {run}", f"P{i}b {run}") for i in range(size)])
    services.tournament_start(tournament=tournament)
    for roll in [*moves, *[99] * 500]:
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        swiss_move(tournament, roll, organiser)
        counted = {s.entry.pk: s.row.byes for s in selectors.standings(
            tournament, list(selectors.pairings(tournament)), selectors.entries(tournament))}
        assert {pk: n for pk, n in counted.items() if n} == byes_of_complete_rounds(tournament)
        assert_standings_equal_a_replay(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
