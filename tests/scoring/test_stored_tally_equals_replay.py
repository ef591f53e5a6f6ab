"""The tally kept on the match row is always the engine's replay of the active deals."""

import contextlib
import importlib
import uuid

import pytest
from django.apps import apps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import engine, selectors, services
from scoring.models import Match
from sueca_club.models import Player
from tests.conftest import make_match, make_partnership

PRESETS = ["portugal", "carry_ties", "strict_revoke", "points_flag", "brasil_last_trick"]
FORMATS = [None, {"type": "first_to", "target": 10}, {"type": "partidas", "target": 4, "to_win": 2},
           {"type": "fixed_deals", "deals": 8}, {"type": "points", "target": 500}]
sides = st.sampled_from(engine.SIDES)
CARD_POINTS = sorted(frozenset().union(*map(engine.possible_points, range(11))) - {1, 119})


@st.composite
def deals(draw) -> dict:
    """A possible deal: a revoke, a 60-60, a flag or card points; the side that took the last
    trick is given for every deal, and dropped where the rules give no bonus for it."""
    kind = draw(st.sampled_from(["revoke", "flag", "tie", "tie", *["points"] * 6]))
    if kind == "revoke":
        return {"revoke": draw(sides)}
    if kind == "flag":
        side = draw(sides)
        return {"points": [120, 0] if side == "A" else [0, 120], "flag": side, "last_trick": side}
    a = 60 if kind == "tie" else draw(st.sampled_from(CARD_POINTS))
    return {"points": [a, 120 - a], "last_trick": draw(sides)}


steps = st.lists(st.one_of(
    st.tuples(st.just("record"), deals()),
    st.tuples(st.just("record"), deals()),
    st.tuples(st.just("undo")),
    st.tuples(st.just("correct"), st.integers(0, 40), deals()),
    st.tuples(st.just("void"), st.integers(0, 40)),
), min_size=8, max_size=30)


def entered(match: Match, data: dict) -> engine.Deal:
    if not engine.rules_from(overrides=match.rules).last_trick_bonus:
        data = {key: value for key, value in data.items() if key != "last_trick"}
    return engine.deal_from(data)


def replayed(match: Match) -> tuple[engine.MatchState, list[dict]]:
    deals = [(deal.number, engine.deal_from(deal.data)) for deal in services.active_deals(match)]
    return engine.replay_tally(engine.rules_from(overrides=match.rules),
                               engine.format_from(match.format), match.first_dealer, deals)


def take(match: Match, step: tuple, organiser) -> None:
    action, *args = step
    active = services.active_deals(match)
    if action == "record":
        services.deal_record(match_id=match.pk, deal=entered(match, args[0]),
                             key=str(uuid.uuid4()))
    elif action == "undo":
        services.deal_undo(match_id=match.pk, key=str(uuid.uuid4()))
    elif action == "correct" and active:
        services.deal_correct(deal=active[args[0] % len(active)],
                              replacement=entered(match, args[1]), reason="typo", user=organiser)
    elif action == "void" and active:
        services.deal_void(deal=active[args[0] % len(active)], reason="not played",
                           user=organiser)


@pytest.fixture
def pairs(club):
    return make_partnership(club, "Ana Silva", "Bruno Costa"), make_partnership(
        club, "Carla Dias", "Duarte Lima")


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), fmt=st.sampled_from(FORMATS),
       first_dealer=st.integers(0, 3), steps=steps)
def test_the_stored_tally_is_the_replay_after_every_write(club, organiser, pairs, preset, fmt,
                                                          first_dealer, steps):
    match = make_match(club, *pairs, preset=preset, fmt=fmt, first_dealer=first_dealer)
    for step in steps:
        # Refused: a finished match, nothing to undo, a correction that breaks a later deal.
        with contextlib.suppress(services.ScoringRefused):
            take(match, step, organiser)
        match.refresh_from_db()
        state, tally = replayed(match)
        assert match.tally == tally
        assert match.state == state.stored()


def test_the_tally_names_each_dealer_as_the_players_are_named_now(club, organiser, pairs):
    match = make_match(club, *pairs, first_dealer=1)
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [73, 47]}), key="k")
    Player.objects.filter(name="Carla Dias").update(name="Carla Dias Moreira")
    [row] = selectors.tally(selectors.matches_with_teams().get(pk=match.pk))
    assert row.dealer == "Carla Dias Moreira"
    assert row.as_dict() == {"number": 1, "dealer": "Carla Dias Moreira", "points": [73, 47],
                             "games": [1, 0], "kind": "points", "carried": 0, "running": [1, 0],
                             "revoke": None, "bonus": [0, 0], "partidas": [0, 0],
                             "partida_games": [1, 0]}


def test_the_migration_fills_each_matchs_tally_with_the_replay(club, organiser, pairs):
    match = make_match(club, *pairs, preset="carry_ties", fmt={"type": "first_to", "target": 10})
    empty = make_match(club, *pairs)
    for data in ({"points": [60, 60]}, {"points": [73, 47]}, {"points": [60, 60]},
                 {"revoke": "B"}, {"points": [30, 90]}):
        services.deal_record(match_id=match.pk, deal=engine.deal_from(data),
                             key=str(uuid.uuid4()))
    services.deal_void(deal=services.active_deals(match)[2], reason="not played", user=organiser)
    match.refresh_from_db()
    stored = match.tally
    Match.objects.update(tally=[])
    importlib.import_module("scoring.migrations.0007_match_tally").fill_tallies(apps, None)
    match.refresh_from_db()
    empty.refresh_from_db()
    assert match.tally == stored == replayed(match)[1]
    assert [(row["number"], row["kind"]) for row in match.tally] == [
        (1, "tie"), (2, "carry"), (4, "revoke"), (5, "points")]
    assert empty.tally == []
