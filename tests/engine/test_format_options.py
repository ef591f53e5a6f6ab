"""Match formats: defaults per type and strict parsing."""

import pytest

from scoring.engine import Format, RulesError, format_from


@pytest.mark.parametrize(("data", "expected"), [
    (None, {"type": "first_to", "target": 4}),
    ({}, {"type": "first_to", "target": 4}),
    ({"type": "first_to"}, {"type": "first_to", "target": 4}),
    ({"type": "partidas"}, {"type": "partidas", "to_win": 2, "target": 4}),
    ({"type": "fixed_deals"}, {"type": "fixed_deals", "deals": 8, "extra_deals": False}),
    ({"type": "points"}, {"type": "points", "target": 500}),
])
def test_each_format_has_the_defaults_of_rules_md(data, expected):
    assert format_from(data).as_dict() == expected


@pytest.mark.parametrize("data", [
    {"type": "first_to", "target": 6},
    {"type": "partidas", "to_win": 3, "target": 5},
    {"type": "fixed_deals", "deals": 12, "extra_deals": True},
    {"type": "points", "target": 1000},
])
def test_a_format_round_trips_through_its_dict(data):
    assert format_from(data).as_dict() == data


def test_a_format_without_type_is_first_to():
    assert format_from({"target": 7}) == Format("first_to", target=7)


def test_an_unknown_format_is_refused():
    with pytest.raises(RulesError, match="Unknown match format knockout"):
        format_from({"type": "knockout"})


def test_an_unknown_option_is_refused():
    with pytest.raises(RulesError, match="Unknown match format option rounds"):
        format_from({"type": "first_to", "rounds": 3})


@pytest.mark.parametrize(("data", "key"), [
    ({"type": "first_to", "deals": 8}, "deals"),
    ({"type": "points", "to_win": 2}, "to_win"),
    ({"type": "fixed_deals", "target": 4}, "target"),
    ({"type": "partidas", "extra_deals": True}, "extra_deals"),
])
def test_an_option_of_another_format_is_refused(data, key):
    with pytest.raises(RulesError) as caught:
        format_from(data)
    assert caught.value.params == {"name": data["type"], "key": key}


@pytest.mark.parametrize("data", [
    {"target": 0}, {"target": True}, {"target": "4"}, {"target": 4.0},
    {"type": "partidas", "to_win": 0}, {"type": "partidas", "to_win": False},
    {"type": "fixed_deals", "deals": -8}, {"type": "fixed_deals", "extra_deals": 1},
    {"type": "points", "target": -500}, {"type": None}, {"type": ["points"]},
])
def test_an_invalid_value_is_refused(data):
    with pytest.raises(RulesError):
        format_from(data)


def test_the_format_must_be_named_options():
    with pytest.raises(RulesError, match="list of named options"):
        format_from("first_to")


def test_formats_built_directly_are_checked_too():
    with pytest.raises(RulesError):
        Format("partidas", deals=8)
