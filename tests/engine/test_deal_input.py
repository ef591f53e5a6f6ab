"""Reading a deal in the conformance shape, strictly."""

import pytest

from scoring.engine import Deal, DealError, deal_from


@pytest.mark.parametrize("data", [
    {"points": [73, 47]},
    {"points": [120, 0], "flag": "A"},
    {"points": [30, 90], "tricks": [3, 7]},
    {"points": [0, 120], "flag": "B", "tricks": [0, 10]},
    {"revoke": "B"},
])
def test_a_deal_round_trips_through_its_dict(data):
    assert deal_from(data).as_dict() == data


def test_lists_become_tuples():
    assert deal_from({"points": [73, 47], "tricks": [6, 4]}) == Deal(points=(73, 47),
                                                                      tricks=(6, 4))


def test_null_optional_entries_count_as_absent():
    assert deal_from({"points": [73, 47], "flag": None, "tricks": None}) == Deal(points=(73, 47))


@pytest.mark.parametrize("data", [
    {"points": [73, 47], "revoke": "A"},
    {},
    {"flag": "A"},
    {"tricks": [5, 5]},
    {"revoke": "A", "flag": "B"},
    {"revoke": "A", "tricks": [5, 5]},
    [73, 47],
    "73-47",
    None,
])
def test_a_deal_is_either_card_points_or_a_revoke(data):
    with pytest.raises(DealError, match="either card points or a revoke"):
        deal_from(data)


def test_unknown_entries_are_refused():
    with pytest.raises(DealError, match="Unknown entry trump in a deal"):
        deal_from({"points": [73, 47], "trump": "hearts"})


@pytest.mark.parametrize("points", [[73], [73, 47, 0], [73.0, 47], ["73", "47"], [True, 119],
                                    73, "73,47"])
def test_card_points_must_be_two_whole_numbers(points):
    with pytest.raises(DealError, match="Card points are two whole numbers"):
        deal_from({"points": points})


@pytest.mark.parametrize("tricks", [[10], [5, 5, 0], [5.0, 5], [True, 9]])
def test_tricks_must_be_two_whole_numbers(tricks):
    with pytest.raises(DealError, match="Tricks are two whole numbers"):
        deal_from({"points": [73, 47], "tricks": tricks})


@pytest.mark.parametrize("data", [
    {"points": [120, 0], "flag": "a"},
    {"points": [120, 0], "flag": 0},
    {"points": [120, 0], "flag": True},
    {"revoke": "C"},
    {"revoke": ["A"]},
])
def test_a_side_is_a_or_b(data):
    with pytest.raises(DealError, match="A side is A or B"):
        deal_from(data)


def test_shape_errors_have_no_position_of_their_own():
    with pytest.raises(DealError) as caught:
        deal_from({"revoke": "C"})
    assert caught.value.index is None
