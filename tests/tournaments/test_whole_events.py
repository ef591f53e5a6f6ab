"""Random events played to the end through the same services the referees and organisers use:
every structure and format, odd field sizes, random results, withdrawals and no-shows at
random moments, corrections of finished matches, walkovers and withdrawals taken back. Every
event reaches its end, no deal is ever refused because of a draw, nothing raises, and the
standings equal a replay of the deals through the engine."""

import contextlib
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import engine
from tests.conftest import make_partnership
from tests.tournaments.events import (
    assert_nothing_left_in_play,
    assert_standings_equal_a_replay,
    deal_on,
    reinstate_one,
    void_last_finished_deal,
    walkover_taken_back,
    withdraw_one,
)
from tournaments import services
from tournaments.models import Entry, Pairing, Tournament
from tournaments.services import TournamentRefused

pytestmark = pytest.mark.django_db

FORMATS = [{"type": "first_to", "target": 2}, {"type": "partidas", "to_win": 2, "target": 2},
           {"type": "fixed_deals", "deals": 2}]
DEALS = [{"points": [120, 0], "flag": "A"}, {"points": [0, 120], "flag": "B"},
         {"points": [80, 40]}, {"points": [30, 90]}, {"points": [60, 60]},
         {"points": [100, 20]}]


@st.composite
def events(draw):
    structure = draw(st.sampled_from(["knockout", "groups", "swiss", "round_robin"]))
    size = draw(st.integers(2 if structure in ("knockout", "swiss") else 4,
                            12 if structure != "round_robin" else 7))
    options = {"tables_count": draw(st.integers(1, 4))}
    if structure == "groups":
        groups = draw(st.integers(1, size // 4 or 1))
        options |= {"groups_count": groups, "qualifiers_per_group": 2}
    if structure == "swiss":
        options |= {"pairing": "swiss", "rounds_count": draw(st.integers(1, min(size - 1, 5)))}
    if structure == "round_robin":
        options |= {"pairing": "round_robin"}
    if structure in ("knockout", "groups"):
        options |= {"third_place": draw(st.booleans())}
    return {"structure": "rounds" if structure in ("swiss", "round_robin") else structure,
            "size": size, "fmt": draw(st.sampled_from(FORMATS)), "options": options,
            "moves": draw(st.lists(st.integers(0, 99), min_size=120, max_size=120))}


def make_event(club, event) -> Tournament:
    tournament = services.tournament_create(
        club=club, name="Torneio", rules=engine.rules_from("portugal"),
        fmt=engine.format_from(event["fmt"]), structure=event["structure"],
        **event["options"])
    run = uuid.uuid4().hex[:6]  # the examples share the test's database
    partnerships = [make_partnership(club, f"P{i}a {run}", f"P{i}b {run}")
                    for i in range(event["size"])]
    services.entries_register(tournament=tournament, partnerships=partnerships)
    services.tournament_start(tournament=tournament)
    return tournament


def in_play(tournament) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=tournament, finished=False)
                .exclude(match=None).select_related("match").order_by("round__number", "slot"))


def move(tournament: Tournament, roll: int, organiser) -> None:
    """One thing that happens in the room: mostly a deal, sometimes a no-show, a withdrawal
    or a correction (or one of the first two taken back), and the organiser's way out when a
    round cannot be drawn."""
    tournament.refresh_from_db()
    playing = in_play(tournament)
    waiting = list(Pairing.objects.filter(round__tournament=tournament, finished=False)
                   .select_related("round", "match"))
    if roll < 4 and waiting:
        pairing = waiting[roll % len(waiting)]
        if pairing.b_id is not None:
            refused_or_done(lambda: services.pairing_walkover(
                pairing=pairing, present="AB-"[roll % 3], by=organiser))
        return
    if roll < 6 and withdraw_one(tournament, roll, organiser):
        return
    if roll < 9 and void_last_finished_deal(tournament, organiser):
        return
    if roll < 10 and walkover_taken_back(tournament, roll, organiser):
        return
    if roll < 11 and reinstate_one(tournament, roll, organiser):
        return
    if playing:
        deal_on(playing, roll, DEALS)
        return
    if tournament.draw_problem:
        services.rematch_allow(tournament=tournament, by=organiser)
        return
    if not waiting and tournament.status == Tournament.Status.RUNNING:
        try:  # automatic drawing found nothing more to play: the organiser ends it
            services.round_draw_next(tournament=tournament, by=organiser)
        except TournamentRefused:
            services.tournament_finish(tournament=tournament, by=organiser)


def refused_or_done(action) -> None:
    """An organiser's action the services may refuse (a walkover to a withdrawn side)."""
    with contextlib.suppress(TournamentRefused):
        action()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(event=events())
def test_every_random_event_reaches_its_end_and_its_standings_equal_a_replay(club, organiser,
                                                                            event):
    tournament = make_event(club, event)
    for roll in event["moves"]:
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        move(tournament, roll, organiser)
    for _ in range(2000):  # the dice ran out: play it out without surprises
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        move(tournament, 99, organiser)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED, event
    withdrawn = set(Entry.objects.filter(tournament=tournament, withdrawn=True)
                    .values_list("pk", flat=True))
    if tournament.champion_id:
        assert tournament.champion_id not in withdrawn or tournament.structure == "rounds"
    assert_standings_equal_a_replay(tournament)
    assert_nothing_left_in_play(tournament)
