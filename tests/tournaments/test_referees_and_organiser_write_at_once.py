"""A Saturday on PostgreSQL, everyone at once: each table's referee posts deals (and now and
then undoes the last one) to whatever match is at the table, while the organiser withdraws
partnerships, gives walkovers, voids deals and confirms results (in a league: opens matchdays,
postpones matches and plays them now), and the next rounds are drawn after the results that
end the rounds. Nobody gets a 500 or a deadlock, every 201 is a deal kept, what follows each
write is done at its first try, and the event still plays to its end with standings equal to
a replay."""

import contextlib
import datetime
import random
import time
import traceback
from collections import Counter

import pytest
from django.test import Client

from scoring import services as scoring
from scoring.models import Deal, Match
from scoring.services import ScoringRefused
from sueca_club.models import OutboxStep
from tests.concurrency import needs_postgres, postgres_only, run_together  # noqa: F401
from tests.tournaments.events import (
    assert_nobody_at_two_tables,
    assert_nothing_left_in_play,
    assert_standings_equal_a_replay,
    league_move,
    void_last_finished_deal,
    withdraw_one,
)
from tests.tournaments.helpers import in_play, make_tournament, play, post_deal
from tournaments import services
from tournaments.models import Table, Tournament
from tournaments.services import TournamentRefused

pytestmark = [*postgres_only, pytest.mark.usefixtures("needs_postgres")]

DEALS = [{"points": [70, 50]}, {"points": [50, 70]}, {"points": [91, 29]},
         {"points": [120, 0], "flag": "A"}, {"points": [0, 120], "flag": "B"}]
POSTS = 30  # by each referee


def referee(token: str, seed: int) -> list[tuple[str, int]]:
    roll, answers = random.Random(seed), []
    for n in range(POSTS):
        if roll.random() < 0.15:
            answer = ("undo", post_undo(token, f"{seed}-{n}").status_code)
        else:
            answer = ("deal", post_deal(token, f"{seed}-{n}", roll.choice(DEALS)).status_code)
        answers.append(answer)
        if answer[1] == 409:  # the table waits for its next match
            time.sleep(0.03)
    return answers


def post_undo(token: str, key: str):
    return Client().post(f"/api/v1/referee/{token}/undo", headers={"Idempotency-Key": key})


def give_a_walkover(tournament: Tournament, roll: int, organiser) -> bool:
    """A partnership did not come: its opponent wins a match not begun."""
    waiting = [p for p in in_play(tournament) if not p.match.state["deals"]]
    if not waiting:
        return False
    services.pairing_walkover(pairing=waiting[roll % len(waiting)], present="AB"[roll % 2],
                              by=organiser)
    return True


def confirm_results(tournament: Tournament, organiser) -> int:
    awaiting = Match.objects.filter(pairing__round__tournament=tournament, finished=True,
                                    confirm_result=True, result_confirmed_at=None)
    for match in awaiting:
        scoring.result_confirm(match_id=match.pk, user=organiser)
    return len(awaiting)


def organiser_at_work(tournament_id: int, organiser, seed: int, league: bool) -> str:
    roll = random.Random(seed)
    moves = [lambda t: withdraw_one(t, roll.randrange(99), organiser),
             lambda t: give_a_walkover(t, roll.randrange(99), organiser),
             lambda t: void_last_finished_deal(t, organiser)]
    if league:  # matchdays opened, matches postponed and played now, withdrawals, corrections
        moves = [lambda t: league_move(t, roll.randrange(21), organiser, DEALS)]
    for _ in range(8):
        time.sleep(roll.uniform(0.01, 0.1))
        # refused in words (the event has ended, the match has begun), as on the page
        with contextlib.suppress(TournamentRefused, ScoringRefused):
            roll.choice([*moves, lambda t: confirm_results(t, organiser)])(
                Tournament.objects.get(pk=tournament_id))
    return "done"


def play_on_to_the_end(tournament: Tournament, organiser) -> None:
    for _ in range(500):
        confirm_results(tournament, organiser)
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            return
        if tournament.structure == Tournament.Structure.LEAGUE:
            league_move(tournament, 99, organiser, DEALS)  # a deal, else a matchday opened
            continue
        playing = [p for p in in_play(tournament) if not p.match.finished]
        assert playing, "nothing to play and the tournament is not finished"
        play(playing[0], "A")
    raise AssertionError("the tournament did not finish")


STRUCTURES = {"knockout": {}, "double": {},
              "groups": {"groups_count": 2, "qualifiers_per_group": 2},
              "rounds": {"rounds_count": 3, "pairing": "swiss"},
              "league": {"legs": 1, "starts_on": datetime.date(2026, 10, 5)}}
FORMATS = {"rounds": {"type": "fixed_deals", "deals": 4}, "league": {"type": "first_to",
                                                                     "target": 2}}


@pytest.mark.parametrize("seed", range(2))  # seed 1: the losing side confirms each result
@pytest.mark.parametrize("structure", list(STRUCTURES))
def test_an_event_survives_referees_and_its_organiser_writing_at_once(club, organiser, seed,
                                                                      structure):
    tournament = make_tournament(club, 8, structure, FORMATS.get(structure), tables_count=4,
                                 confirmation="result" if seed else "",
                                 **STRUCTURES[structure])
    services.tournament_start(tournament=tournament)
    tokens = list(Table.objects.filter(tournament=tournament).values_list("link__token",
                                                                           flat=True))

    def work(i):
        if i < len(tokens):
            return referee(tokens[i], seed * 100 + i)
        return organiser_at_work(tournament.pk, organiser, seed, structure == "league")

    *referees, organiser_done = run_together(len(tokens) + 1, work)
    for answer in [*referees, organiser_done]:
        assert not isinstance(answer, Exception), "".join(traceback.format_exception(answer))
    statuses = Counter(answer for answers in referees for answer in answers)
    # 409: no match at the table, or its match ended or was abandoned (a withdrawal); an undo
    # is refused (400) when the match has no deal, (409) when its result was followed on
    assert set(statuses) <= {("deal", 201), ("deal", 409), ("undo", 200), ("undo", 400),
                             ("undo", 409)}, statuses
    assert Deal.objects.filter(via_link__token__in=tokens).count() == statuses["deal", 201]
    # what followed each write was done at its first try (not left to a retry to mend)
    assert not OutboxStep.objects.exclude(error="").values_list("name", "args", "error")

    assert_nobody_at_two_tables(tournament)
    play_on_to_the_end(tournament, organiser)
    assert_nothing_left_in_play(tournament)
    assert_standings_equal_a_replay(tournament)
