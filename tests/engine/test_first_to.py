"""The first_to format: first side to the target of games wins."""

from tests.engine.helpers import play, won


def test_the_first_side_to_four_games_wins():
    state = play(won(73), won(30), won(95), won(61))
    assert (state.games, state.finished, state.winner) == ((4, 1), True, "A")


def test_the_winner_counts_one_partida():
    assert play(won(0), won(0)).partidas == (0, 1)


def test_no_partida_is_counted_before_the_end():
    state = play(won(95), won(95, tricks=(7, 3)), fmt={"type": "first_to", "target": 5})
    assert (state.partidas, state.finished, state.winner) == ((0, 0), False, None)


def test_games_beyond_the_target_are_kept():
    state = play(won(73), won(95), won(95))
    assert state.games == (5, 0)


def test_the_target_can_be_changed():
    state = play(won(95), won(95), won(95), fmt={"type": "first_to", "target": 6})
    assert (state.games, state.finished) == ((6, 0), True)


def test_a_flag_wins_a_match_to_four_at_once():
    state = play(won(120, flag="A"))
    assert (state.finished, state.winner) == (True, "A")


def test_a_flag_does_not_win_a_longer_match_by_default():
    state = play(won(120, flag="A"), fmt={"type": "first_to", "target": 10})
    assert (state.games, state.finished) == ((4, 0), False)


def test_a_flag_can_win_the_partida_outright():
    state = play(won(73), won(0, flag="B"), flag_wins_partida=True,
                 fmt={"type": "first_to", "target": 10})
    assert (state.games, state.finished, state.winner) == ((1, 4), True, "B")


def test_a_finished_match_keeps_the_games_of_its_last_partida():
    assert play(won(0), won(0)).partida_games == (0, 4)
