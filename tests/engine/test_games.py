"""From one deal's card points to games."""

import pytest

from tests.engine.helpers import play, won


def _games(deal, **rules) -> tuple[int, int]:
    return play(deal, fmt={"type": "first_to", "target": 20}, **rules).deals[0].games


@pytest.mark.parametrize("points", [61, 75, 90])
def test_61_to_90_points_win_one_game(points):
    assert _games(won(points)) == (1, 0)


@pytest.mark.parametrize("points", [91, 100, 118])
def test_91_to_119_points_win_two_games(points):
    assert _games(won(points)) == (2, 0)


def test_the_side_with_more_points_gets_the_games():
    assert _games(won(30)) == (0, 1)


def test_doubling_can_start_at_90():
    assert _games(won(90), double_from=90) == (2, 0)
    assert _games(won(89), double_from=90) == (1, 0)


def test_doubling_can_start_at_61():
    assert _games(won(61), double_from=61) == (2, 0)


def test_doubling_from_120_still_pays_two_for_120():
    assert _games(won(118), double_from=120) == (1, 0)
    assert _games(won(120), double_from=120) == (2, 0)


def test_120_points_without_ten_tricks_win_two_games():
    assert _games(won(120)) == (2, 0)
    assert _games(won(120, tricks=(9, 1))) == (2, 0)


def test_a_flag_wins_four_games():
    assert _games(won(120, flag="A")) == (4, 0)
    assert _games(won(0, flag="B")) == (0, 4)


def test_ten_tricks_is_a_flag():
    state = play(won(120, tricks=(10, 0)), fmt={"type": "first_to", "target": 20})
    assert (state.deals[0].kind, state.deals[0].games) == ("flag", (4, 0))


def test_a_flag_claimed_with_ten_tricks_agrees():
    assert _games(won(0, flag="B", tricks=(0, 10))) == (0, 4)


def test_a_flag_can_be_worth_other_than_four():
    assert _games(won(120, flag="A"), flag_value=3) == (3, 0)


def test_by_the_points_flag_rule_any_120_is_a_flag():
    assert _games(won(120), flag="points") == (4, 0)
    assert _games(won(120, tricks=(5, 5)), flag="points") == (4, 0)


def test_by_the_points_flag_rule_less_than_120_is_no_flag():
    assert _games(won(118), flag="points") == (2, 0)


def test_a_deal_counts_its_card_points():
    state = play(won(73), won(30))
    assert state.points == (103, 137)
    assert [d.points for d in state.deals] == [(73, 47), (30, 90)]


def test_each_deal_records_how_it_was_scored():
    state = play(won(73), won(60), won(120, flag="A"), fmt={"type": "first_to", "target": 20})
    assert [d.kind for d in state.deals] == ["points", "tie", "flag"]
