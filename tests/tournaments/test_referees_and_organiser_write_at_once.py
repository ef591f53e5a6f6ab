"""A Saturday on PostgreSQL, everyone at once: each table's referee posts deals to whatever
match is at the table while the organiser withdraws partnerships and voids deals, and the
next rounds are drawn after the results that end the rounds. Nobody gets a 500 or a deadlock,
every 201 is a deal kept, what follows each write is done at its first try, and the event
still plays to its end with standings equal to a replay."""

import random
import time
from collections import Counter

import pytest

from scoring.models import Deal
from scoring.services import ScoringRefused
from sueca_club.models import OutboxStep
from tests.concurrency import needs_postgres, postgres_only, run_together  # noqa: F401
from tests.tournaments.events import (
    assert_nothing_left_in_play,
    assert_standings_equal_a_replay,
    void_last_finished_deal,
    withdraw_one,
)
from tests.tournaments.helpers import make_tournament, play_to_the_end, post_deal
from tournaments import services
from tournaments.models import Table, Tournament
from tournaments.services import TournamentRefused

pytestmark = [*postgres_only, pytest.mark.usefixtures("needs_postgres")]

DEALS = [{"points": [70, 50]}, {"points": [50, 70]}, {"points": [91, 29]},
         {"points": [120, 0], "flag": "A"}, {"points": [0, 120], "flag": "B"}]
POSTS = 30  # by each referee


def referee(token: str, seed: int) -> list[int]:
    roll, statuses = random.Random(seed), []
    for n in range(POSTS):
        statuses.append(post_deal(token, f"{seed}-{n}", roll.choice(DEALS)).status_code)
        if statuses[-1] == 409:  # the table waits for its next match
            time.sleep(0.03)
    return statuses


def organiser_at_work(tournament_id: int, organiser, seed: int) -> int:
    roll, changes = random.Random(seed), 0
    for _ in range(4):
        time.sleep(roll.uniform(0.01, 0.15))
        tournament = Tournament.objects.get(pk=tournament_id)
        try:  # refused in words once the event has ended, as it would be on the page
            changes += withdraw_one(tournament, roll.randrange(99), organiser)
            changes += void_last_finished_deal(tournament, organiser)
        except (TournamentRefused, ScoringRefused):
            pass
    return changes


STRUCTURES = {"knockout": {}, "double": {},
              "groups": {"groups_count": 2, "qualifiers_per_group": 2},
              "rounds": {"rounds_count": 3, "pairing": "swiss"}}


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("structure", list(STRUCTURES))
def test_an_event_survives_referees_and_its_organiser_writing_at_once(club, organiser, seed,
                                                                      structure):
    fmt = {"type": "fixed_deals", "deals": 4} if structure == "rounds" else None
    tournament = make_tournament(club, 8, structure, fmt, tables_count=4,
                                 **STRUCTURES[structure])
    services.tournament_start(tournament=tournament)
    tokens = list(Table.objects.filter(tournament=tournament).values_list("link__token",
                                                                           flat=True))

    def work(i):
        if i < len(tokens):
            return referee(tokens[i], seed * 100 + i)
        return organiser_at_work(tournament.pk, organiser, seed)

    *referees, organiser_did = run_together(len(tokens) + 1, work)
    for answer in [*referees, organiser_did]:
        assert not isinstance(answer, Exception), repr(answer)
    statuses = Counter(status for answers in referees for status in answers)
    # 409: no match at the table, or its match ended or was abandoned (a withdrawal)
    assert set(statuses) <= {201, 409}, statuses
    assert Deal.objects.filter(via_link__token__in=tokens).count() == statuses[201]
    # what followed each write was done at its first try (not left to a retry to mend)
    assert not OutboxStep.objects.exclude(error="").values_list("name", "args", "error")

    play_to_the_end(tournament)
    assert_nothing_left_in_play(tournament)
    assert_standings_equal_a_replay(tournament)
