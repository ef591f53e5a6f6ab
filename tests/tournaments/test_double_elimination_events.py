"""Double eliminations played to the end through the same services the referees and organisers
use: random field sizes and results, no-shows, withdrawals mid-event, corrections of
finished matches after the fact. Every event finishes, and its champion and placings equal
a replay of the stored results through the pure engine (formats.double_elimination)."""

import contextlib
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import engine
from scoring import services as scoring
from scoring.models import Deal
from tests.conftest import make_partnership
from tests.tournaments.events import assert_nothing_left_in_play, still_playing
from tests.tournaments.helpers import in_play, play, play_to_the_end
from tournaments import selectors, services
from tournaments.formats import double_elimination as de
from tournaments.models import Pairing, Round, Tournament
from tournaments.services import LaterMatchesStarted, TournamentRefused, double

pytestmark = pytest.mark.django_db

FORMATS = [{"type": "first_to", "target": 1}, {"type": "first_to", "target": 2},
           {"type": "fixed_deals", "deals": 1}]
DEALS = [{"points": [120, 0], "flag": "A"}, {"points": [0, 120], "flag": "B"},
         {"points": [80, 40]}, {"points": [30, 90]}, {"points": [60, 60]}]


def make_event(club, size: int, fmt=None, **options) -> Tournament:
    tournament = services.tournament_create(
        club=club, name="Dupla", rules=engine.rules_from("portugal"),
        fmt=engine.format_from(fmt or FORMATS[0]), structure="double", **options)
    run = uuid.uuid4().hex[:6]  # hypothesis's examples share the test's database
    services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, f"P{i}a {run}", f"P{i}b {run}") for i in range(size)])
    services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def stored_results(tournament: Tournament) -> dict[str, de.Outcome]:
    return {double.slot_of(p): double.outcome(p) for p in selectors.pairings(tournament)
            if p.finished}


def assert_equals_a_pure_replay(tournament: Tournament) -> None:
    """Every stored result applies as stored, and the pure engine crowns the same champion
    with the same placings as the site shows."""
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    schedule = de.double_elimination_schedule(tournament.bracket_order,
                                              reset=tournament.bracket_reset)
    withdrawn = frozenset(tournament.entries.filter(withdrawn=True).values_list("pk", flat=True))
    begun = {double.slot_of(p): (p.a_id, p.b_id) for p in selectors.pairings(tournament)}
    pure = de.advance(schedule, stored_results(tournament), withdrawn, begun)
    assert pure.finished and pure.ignored == ()
    assert tournament.champion_id == pure.champion
    assert double.state(tournament, list(selectors.pairings(tournament)),
                        selectors.entries(tournament)).placings == (
        pure.placings)
    for pairing in selectors.pairings(tournament):
        held = pure.slots[double.slot_of(pairing)]
        assert (held.a, held.b) == (pairing.a_id, pairing.b_id)
    assert tournament.champion_id not in withdrawn or tournament.champion_id is None


@st.composite
def events(draw):
    return {"size": draw(st.integers(2, 24)), "fmt": draw(st.sampled_from(FORMATS)),
            "options": {"tables_count": draw(st.integers(1, 6)),
                        "bracket_reset": draw(st.booleans()),
                        "draw": draw(st.sampled_from(["random", "seeded"]))},
            "moves": draw(st.lists(st.integers(0, 99), min_size=150, max_size=150))}


def move(tournament: Tournament, roll: int, organiser) -> None:
    """Mostly a deal; sometimes a no-show, a withdrawal or a correction of a finished match."""
    waiting = list(Pairing.objects.filter(round__tournament=tournament, finished=False)
                   .select_related("round", "match"))
    if roll < 4 and waiting:
        with contextlib.suppress(TournamentRefused):  # a walkover to a withdrawn side
            services.pairing_walkover(pairing=waiting[roll % len(waiting)],
                                      present="AB-"[roll % 3], by=organiser)
        return
    active = still_playing(tournament)
    if roll < 6 and active:
        services.entry_withdraw(entry=active[roll % len(active)], by=organiser)
        return
    if roll < 9:
        finished = list(Deal.objects.filter(match__pairing__round__tournament=tournament,
                                            match__finished=True, active=True)
                        .order_by("-id")[roll % 3:roll % 3 + 1])
        if finished:
            scoring.deal_void(deal=finished[0], reason="wrong", user=organiser,
                              allow_reset=True)
            return
    playing = in_play(tournament)
    assert playing, "nothing to play and the double elimination is not finished"
    answer = scoring.deal_record(match_id=playing[roll % len(playing)].match_id,
                                 deal=engine.deal_from(DEALS[roll % len(DEALS)]),
                                 key=str(uuid.uuid4()))
    assert answer.status == 201


@settings(max_examples=15, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(event=events())
def test_every_random_double_elimination_finishes_as_a_pure_replay_says(club, organiser, event):
    tournament = make_event(club, event["size"], event["fmt"], **event["options"])
    for roll in [*event["moves"], *[95] * 2000]:  # then play it out: flags, nothing else
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        move(tournament, roll, organiser)
    assert_equals_a_pure_replay(tournament)
    assert_nothing_left_in_play(tournament)


@pytest.mark.parametrize("size", [2, 3, 12, 64])
def test_fixed_sizes_play_to_a_champion(club, size):
    tournament = make_event(club, size, tables_count=8)
    play_to_the_end(tournament, choose=lambda pairing: "AB"[pairing.pk % 2], limit=400)
    assert_equals_a_pure_replay(tournament)
    assert {p.round.stage for p in selectors.pairings(tournament)} == {Round.Stage.DOUBLE}


def pairing_at(tournament: Tournament, slot_id: str) -> Pairing:
    return next(p for p in selectors.pairings(tournament) if double.slot_of(p) == slot_id)


def play_slot(tournament: Tournament, slot_id: str, side: str) -> None:
    play(pairing_at(tournament, slot_id), side)


def play_until_grand_final(tournament: Tournament) -> None:
    for _ in range(50):
        playing = [p for p in in_play(tournament) if not p.round.code.startswith("GF")]
        if not playing:
            return
        play(playing[0], "A")


def test_the_losers_bracket_winner_taking_the_grand_final_forces_the_reset(club):
    tournament = make_event(club, 4)
    play_until_grand_final(tournament)
    gf1 = pairing_at(tournament, "GF1")
    play(gf1, "B")  # the losers' bracket winner
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    gf2 = pairing_at(tournament, "GF2")
    assert (gf2.a_id, gf2.b_id) == (gf1.a_id, gf1.b_id)
    assert gf2.round.code == "GF2"
    play(gf2, "B")
    tournament.refresh_from_db()
    assert tournament.champion_id == gf1.b_id
    assert_equals_a_pure_replay(tournament)


def test_the_winners_bracket_winner_taking_the_grand_final_ends_it(club):
    tournament = make_event(club, 4)
    play_until_grand_final(tournament)
    gf1 = pairing_at(tournament, "GF1")
    play(gf1, "A")
    tournament.refresh_from_db()
    assert tournament.champion_id == gf1.a_id
    assert not tournament.rounds.filter(code="GF2").exists()


def test_without_a_reset_the_grand_final_winner_is_champion(club):
    tournament = make_event(club, 5, bracket_reset=False)
    play_until_grand_final(tournament)
    gf1 = pairing_at(tournament, "GF1")
    play(gf1, "B")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == gf1.b_id
    assert_equals_a_pure_replay(tournament)


def test_a_correction_that_changes_a_started_later_match_is_refused_without_allow_reset(
        club, organiser):
    tournament = make_event(club, 4)
    play_slot(tournament, "W1-1", "A")
    play_slot(tournament, "W1-2", "A")
    later = pairing_at(tournament, "W2-1")
    scoring.deal_record(match_id=later.match_id, deal=engine.deal_from(DEALS[2]),
                        key=str(uuid.uuid4()))
    first = pairing_at(tournament, "W1-1")
    last_deal = first.match.deals.filter(active=True).order_by("-number").first()
    with pytest.raises(LaterMatchesStarted):
        scoring.deal_correct(deal=last_deal, replacement=engine.deal_from(DEALS[1]),
                             reason="wrong", user=organiser, allow_reset=False)
    assert pairing_at(tournament, "W2-1").a_id == first.winner_id


def test_a_correction_with_allow_reset_puts_the_new_winner_on_and_crowns_again(
        club, organiser):
    tournament = make_event(club, 2)
    final = pairing_at(tournament, "W1-1")
    play(final, "A")
    play_slot(tournament, "GF1", "A")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    deal = final.match.deals.filter(active=True).order_by("-number").first()
    scoring.deal_void(deal=deal, reason="wrong", user=organiser, allow_reset=True)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert not tournament.rounds.filter(code="GF1").exists()
    play(pairing_at(tournament, "W1-1"), "B")
    gf1 = pairing_at(tournament, "GF1")
    assert gf1.a_id == final.b_id
    play(gf1, "A")
    tournament.refresh_from_db()
    assert tournament.champion_id == final.b_id
    assert_equals_a_pure_replay(tournament)


def test_a_withdrawn_partnership_hands_its_later_matches_over(club, organiser):
    tournament = make_event(club, 4)
    play_slot(tournament, "W1-1", "A")
    winner = pairing_at(tournament, "W1-1").winner
    services.entry_withdraw(entry=winner, by=organiser)
    play_slot(tournament, "W1-2", "A")
    w2 = pairing_at(tournament, "W2-1")
    assert w2.finished and w2.walkover and w2.winner_id != winner.pk
    play_to_the_end(tournament)
    assert_equals_a_pure_replay(tournament)


def test_more_than_64_partnerships_are_refused_at_the_start(club):
    tournament = services.tournament_create(
        club=club, name="Grande", rules=engine.rules_from("portugal"),
        fmt=engine.format_from(FORMATS[0]), structure="double")
    services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, f"Q{i}a", f"Q{i}b") for i in range(65)])
    with pytest.raises(TournamentRefused, match="at most 64"):
        services.tournament_start(tournament=tournament)
