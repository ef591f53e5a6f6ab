"""Card arithmetic every deal must satisfy before it scores."""

import pytest

from scoring.engine import Deal, DealError, check_deal, rules_from
from tests.engine.helpers import play, won


def _refusal(deal: Deal, **rules) -> str:
    with pytest.raises(DealError) as caught:
        play(deal, **rules)
    return str(caught.value)


def test_points_must_add_up_to_120():
    message = _refusal(Deal(points=(70, 40)))
    assert message == "Card points must add up to 120 (70 + 40 = 110)."


@pytest.mark.parametrize("points", [(119, 1), (1, 119)])
def test_no_side_can_score_1_or_119(points):
    assert "no card is worth 1" in _refusal(Deal(points=points))


def test_negative_points_are_refused():
    assert _refusal(Deal(points=(130, -10))) == "Card points cannot be negative."


def test_tricks_must_add_up_to_10():
    assert _refusal(won(70, tricks=(6, 5))) == "Tricks must add up to 10."


def test_negative_tricks_are_refused():
    assert _refusal(won(70, tricks=(11, -1))) == "Tricks cannot be negative."


@pytest.mark.parametrize(("points", "tricks", "side_points", "side_tricks"), [
    (45, (1, 9), 45, 1),
    (38, (1, 9), 38, 1),
    (80, (2, 8), 80, 2),
    (5, (6, 4), 5, 6),
    (40, (8, 2), 40, 8),
    (39, (1, 9), 39, 1),
    (110, (10, 0), 110, 10),
])
def test_points_impossible_for_the_tricks_are_refused(points, tricks, side_points, side_tricks):
    message = _refusal(won(points, tricks=tricks))
    assert message == (f"{side_points} card points are impossible with {side_tricks} "
                       "of the ten tricks.")


@pytest.mark.parametrize(("points", "tricks"), [(120, (5, 5)), (0, (5, 5)), (44, (1, 9))])
def test_possible_points_for_the_tricks_are_accepted(points, tricks):
    assert play(won(points, tricks=tricks)).deals_played == 1


def test_a_flag_needs_120_points():
    assert _refusal(won(100, flag="A")) == (
        "A flag needs 120 card points on the flag's side: A has 100.")


def test_a_flag_for_the_other_side_says_that_side_has_not_the_120_points():
    assert _refusal(won(120, flag="B")) == (
        "A flag needs 120 card points on the flag's side: B has 0.")


def test_a_flag_needs_all_ten_tricks():
    assert _refusal(won(120, flag="A", tricks=(9, 1))) == "A flag needs all ten tricks."


def test_a_flag_by_points_ignores_the_tricks():
    state = play(won(120, flag="A", tricks=(5, 5)), flag="points")
    assert state.deals[0].kind == "flag"


def test_a_refused_deal_names_its_position():
    with pytest.raises(DealError) as caught:
        play(won(70), won(70), Deal(points=(60, 61)))
    assert caught.value.index == 2


def test_a_revoke_has_no_arithmetic_to_check():
    assert check_deal(Deal(revoke="A"), rules_from()) is None
