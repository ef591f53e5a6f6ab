"""The card-point table of RULES.md, derived from card values."""

import pytest

from scoring.engine import possible_points
from scoring.engine.cards import DEAL_POINTS, DECK_SIZE


def _span(low: int, high: int, *excluded: int) -> frozenset[int]:
    return frozenset(range(low, high + 1)) - set(excluded)


# The table of RULES.md, "Card-point arithmetic", as written there.
RULES_MD_TABLE = {
    0: _span(0, 0),
    1: _span(0, 44, 1, 38, 39),
    2: _span(0, 84, 1, 79, 80, 81, 82, 83),
    3: _span(0, 100, 1),
    4: _span(0, 112, 1),
    5: _span(0, 120, 1, 119),
    6: _span(8, 120, 119),
    7: _span(20, 120, 119),
    8: _span(36, 120, 37, 38, 39, 40, 41, 119),
    9: _span(76, 120, 81, 82, 119),
    10: _span(120, 120),
}


@pytest.mark.parametrize("tricks", range(11))
def test_derived_points_match_the_rules_table(tricks):
    assert possible_points(tricks) == RULES_MD_TABLE[tricks]


def test_the_deck_has_forty_cards_worth_120_points():
    assert (DECK_SIZE, DEAL_POINTS) == (40, 120)


def test_a_side_can_hold_all_120_points_with_five_tricks():
    assert 120 in possible_points(5)


def test_a_side_can_take_five_tricks_for_nothing():
    assert 0 in possible_points(5)


def test_one_sides_points_fit_the_other_sides_tricks():
    for tricks in range(11):
        mirrored = {120 - p for p in possible_points(10 - tricks)}
        assert possible_points(tricks) == mirrored


def test_every_score_but_1_and_119_is_possible():
    reachable = frozenset().union(*(possible_points(t) for t in range(11)))
    assert reachable == _span(0, 120, 1, 119)


@pytest.mark.parametrize("tricks", [-1, 11])
def test_tricks_outside_a_deal_are_a_programming_error(tricks):
    with pytest.raises(ValueError):
        possible_points(tricks)
