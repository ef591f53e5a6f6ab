"""The conformance examples, and the case runner behind ``manage.py sueca_score``."""

import json
from pathlib import Path

import pytest

from scoring.engine import CaseError, score_case

EXAMPLES = json.loads((Path(__file__).parent / "conformance_examples.json").read_text())


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["name"] for e in EXAMPLES])
def test_the_engine_gives_the_expected_result(example):
    result = score_case(example["case"])
    expected = example["expected"]
    if expected["ok"]:
        assert result == expected
    else:
        assert (result["ok"], result["deal"]) == (False, expected["deal"])
        assert result["error"]


def test_the_readme_example_case_gives_the_readme_result():
    case = {
        "rules": {"flag": "tricks", "flag_value": 4, "flag_wins_partida": False,
                  "double_from": 91, "tie": "none", "revoke": 2,
                  "rotation": "counterclockwise"},
        "preset": "portugal",
        "format": {"type": "first_to", "target": 4},
        "first_dealer": 0,
        "deals": [{"points": [73, 47]}, {"points": [60, 60]},
                  {"points": [30, 90], "tricks": [3, 7]}, {"revoke": "A"},
                  {"points": [120, 0]}, {"points": [95, 25]}],
    }
    assert score_case(case) == {
        "ok": True, "games": [5, 3], "partidas": [1, 0], "points": [378, 222],
        "finished": True, "winner": "A",
        "next_dealer": None, "carry": 0,
        "deals": [{"dealer": 0, "games": [1, 0]}, {"dealer": 3, "games": [0, 0]},
                  {"dealer": 2, "games": [0, 1]}, {"dealer": 1, "games": [0, 2]},
                  {"dealer": 0, "games": [2, 0]}, {"dealer": 3, "games": [2, 0]}],
    }


@pytest.mark.parametrize("case", [
    {"preset": "lisboa", "deals": []},
    {"rules": {"tie": "double"}, "deals": []},
    {"rules": "carry", "deals": []},
    {"format": {"type": "knockout"}, "deals": []},
    {"first_dealer": 4, "deals": []},
])
def test_invalid_rules_give_a_result_without_a_deal_position(case):
    result = score_case(case)
    assert (result["ok"], result["deal"]) == (False, None)
    assert result["error"]


@pytest.mark.parametrize(("deal", "index"), [
    ({"points": [73, 47], "trump": "hearts"}, 1),
    ({"points": ["73", "47"]}, 1),
    ([73, 47], 1),
    ({"points": [100, 20], "flag": "A"}, 1),
])
def test_a_bad_deal_gives_a_result_naming_it(deal, index):
    result = score_case({"deals": [{"points": [73, 47]}, deal, {"points": [73, 47]}]})
    assert (result["ok"], result["deal"]) == (False, index)


def test_the_first_bad_deal_is_named():
    result = score_case({"deals": [{"points": [70, 70]}, {"points": [1, 119]}]})
    assert result["deal"] == 0


def test_a_null_two_games_from_is_invalid_rules_and_a_left_out_one_the_default():
    deals = [{"points": [91, 29]}]
    refused = score_case({"rules": {"double_from": None}, "deals": deals})
    assert (refused["ok"], refused["deal"]) == (False, None)
    assert "leave the rule out" in refused["error"]
    assert score_case({"rules": {}, "deals": deals})["games"] == [2, 0]


def test_a_preset_and_rule_overrides_combine():
    result = score_case({"preset": "brasil", "rules": {"tie": "carry"},
                         "deals": [{"points": [60, 60]}, {"points": [70, 50]}]})
    assert (result["carry"], result["games"], result["next_dealer"]) == (0, [2, 0], 2)


@pytest.mark.parametrize("case", [
    [],
    "deals",
    {},
    {"deals": {"points": [73, 47]}},
    {"deals": [], "name": "extra"},
])
def test_a_case_of_the_wrong_shape_is_malformed_input(case):
    with pytest.raises(CaseError):
        score_case(case)


def test_the_docs_example_of_a_bonus_game_gives_the_docs_result():
    result = score_case({"preset": "brasil_last_trick", "deals": [
        {"points": [62, 58], "last_trick": "B"}, {"points": [55, 65], "last_trick": "A"},
        {"points": [89, 31], "last_trick": "A"},
        {"points": [120, 0], "flag": "A", "last_trick": "A"}]})
    assert (result["games"], result["points"], result["winner"]) == ([6, 1], [356, 164], "A")
    assert [d["dealer"] for d in result["deals"]] == [0, 1, 2, 3]


@pytest.mark.parametrize("case", [
    {"rules": {"deck": "triple"}, "deals": []},
    {"rules": {"deck": "double", "maria_de_copas": 2}, "deals": []},
    {"rules": {"last_trick_bonus": -10}, "deals": []},
    {"preset": "double_pack", "first_dealer": 8, "deals": []},
])
def test_invalid_variant_rules_give_a_result_without_a_deal_position(case):
    result = score_case(case)
    assert (result["ok"], result["deal"]) == (False, None)
    assert result["error"]


@pytest.mark.parametrize(("case", "index"), [
    ({"preset": "double_pack", "deals": [{"points": [200, 40]}, {"points": [73, 47]}]}, 1),
    ({"preset": "brasil_last_trick", "deals": [{"points": [73, 47], "last_trick": "A"},
                                               {"points": [73, 47], "queen_of_hearts": "A"}]}, 1),
    ({"deals": [{"points": [73, 47], "last_trick": "A"}]}, 0),
    ({"rules": {"maria_de_copas": 4}, "deals": [{"points": [3, 117], "queen_of_hearts": "A"}]}, 0),
])
def test_a_bad_variant_deal_gives_a_result_naming_it(case, index):
    result = score_case(case)
    assert (result["ok"], result["deal"]) == (False, index)
