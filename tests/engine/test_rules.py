"""Rule sets: defaults, presets and strict parsing."""

import json

import pytest

from scoring.engine import PRESETS, Rules, RulesError, rules_from


def test_the_defaults_are_those_of_rules_md():
    assert rules_from().as_dict() == {
        "flag": "tricks", "flag_value": 4, "flag_wins_partida": False, "double_from": 91,
        "tie": "none", "revoke": 2, "rotation": "counterclockwise",
    }


def test_portugal_is_the_default_preset():
    assert rules_from("portugal") == rules_from() == Rules()


def test_vila_flor_plays_the_defaults():
    assert rules_from("vila_flor") == Rules()


@pytest.mark.parametrize(("preset", "differs"), [
    ("brasil", {"rotation": "clockwise"}),
    ("carry_ties", {"tie": "carry"}),
    ("points_flag", {"flag": "points"}),
    ("strict_revoke", {"revoke": "match"}),
])
def test_each_preset_differs_from_the_defaults_as_listed(preset, differs):
    assert rules_from(preset) == Rules(**differs)


def test_there_are_eight_presets():
    assert sorted(PRESETS) == ["brasil", "brasil_last_trick", "carry_ties", "double_pack",
                               "points_flag", "portugal", "strict_revoke", "vila_flor"]


def test_overrides_apply_on_top_of_the_preset():
    rules = rules_from("brasil", {"tie": "carry", "double_from": 90})
    assert (rules.rotation, rules.tie, rules.double_from) == ("clockwise", "carry", 90)


def test_overrides_win_over_the_preset():
    assert rules_from("brasil", {"rotation": "counterclockwise"}) == Rules()


def test_rules_round_trip_through_their_dict():
    rules = Rules(flag="points", flag_value=3, flag_wins_partida=True, double_from=90,
                  tie="carry", revoke="partida", rotation="clockwise")
    assert rules_from(overrides=rules.as_dict()) == rules


@pytest.mark.parametrize(("key", "value"), [
    ("double_from", 61), ("double_from", 120), ("revoke", 1), ("revoke", 4),
    ("revoke", "partida"), ("revoke", "match"), ("flag_value", 1),
])
def test_edge_values_are_accepted(key, value):
    assert getattr(rules_from(overrides={key: value}), key) == value


def test_an_unknown_preset_is_refused():
    with pytest.raises(RulesError, match="Unknown preset lisboa"):
        rules_from("lisboa")


def test_a_preset_must_be_a_name():
    with pytest.raises(RulesError, match="Unknown preset"):
        rules_from(["portugal"])


def test_an_unknown_rule_is_refused():
    with pytest.raises(RulesError, match="Unknown rule trump"):
        rules_from(overrides={"trump": "hearts"})


def test_the_rules_must_be_named_options():
    with pytest.raises(RulesError, match="list of named options"):
        rules_from(overrides=[("tie", "carry")])


@pytest.mark.parametrize(("key", "value"), [
    ("flag", "bandeira"), ("flag", None),
    ("flag_value", 0), ("flag_value", True), ("flag_value", "4"), ("flag_value", 4.0),
    ("flag_wins_partida", 1), ("flag_wins_partida", "true"),
    ("double_from", 60), ("double_from", 121), ("double_from", True), ("double_from", 90.5),
    ("tie", "double"), ("tie", False),
    ("revoke", 0), ("revoke", -2), ("revoke", True), ("revoke", "game"), ("revoke", 2.0),
    ("rotation", "left"), ("rotation", 1),
])
def test_an_invalid_value_is_refused(key, value):
    with pytest.raises(RulesError) as caught:
        rules_from(overrides={key: value})
    assert caught.value.params == {"value": json.dumps(value)}  # shown as JSON writes it


@pytest.mark.parametrize(("preset", "default"), [("portugal", 91), ("double_pack", 181)])
def test_two_games_from_left_out_is_the_packs_default(preset, default):
    assert rules_from(preset, {"tie": "carry"}).double_from == default


@pytest.mark.parametrize("preset", ["portugal", "double_pack"])
def test_two_games_from_given_as_null_is_refused_not_read_as_the_default(preset):
    """RULES.md gives an empty double_from no meaning (no table plays without two-game deals)."""
    with pytest.raises(RulesError, match="not null: to play the pack's default, leave the rule "
                                         "out"):
        rules_from(preset, {"double_from": None})


def test_rules_built_directly_are_checked_too():
    with pytest.raises(RulesError, match="from 61 to 120"):
        Rules(double_from=50)


def test_rules_are_frozen():
    with pytest.raises(AttributeError):
        Rules().tie = "carry"
