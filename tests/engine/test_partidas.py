"""The partidas format: partidas of first to target games, the match to to_win partidas."""

from tests.engine.helpers import play, won

BEST_OF_THREE = {"type": "partidas", "to_win": 2, "target": 4}


def test_the_defaults_are_best_of_three_partidas_to_four():
    state = play(won(95), won(95), fmt={"type": "partidas"})
    assert (state.partidas, state.finished) == ((1, 0), False)


def test_partida_games_restart_while_match_games_add_up():
    state = play(won(95), won(95), won(25), won(25), won(73), fmt=BEST_OF_THREE)
    assert state.partidas == (1, 1)
    assert state.games == (5, 4)
    assert state.partida_games == (1, 0)


def test_the_match_ends_when_a_side_has_won_enough_partidas():
    state = play(won(95), won(95), won(0), won(0), won(100), won(100), fmt=BEST_OF_THREE)
    assert (state.partidas, state.finished, state.winner) == ((2, 1), True, "A")
    assert state.next_dealer is None


def test_first_to_three_partidas():
    deals = [won(120, flag="A")] * 3
    state = play(*deals, fmt={"type": "partidas", "to_win": 3})
    assert (state.partidas, state.games, state.winner) == ((3, 0), (12, 0), "A")


def test_games_beyond_the_target_count_in_the_match_total():
    state = play(won(73), won(95), won(95), fmt=BEST_OF_THREE)
    assert (state.games, state.partida_games, state.partidas) == ((5, 0), (0, 0), (1, 0))


def test_a_flag_can_win_the_partida_outright():
    fmt = {"type": "partidas", "to_win": 2, "target": 6}
    state = play(won(0, flag="B"), flag_wins_partida=True, fmt=fmt)
    assert (state.partidas, state.partida_games, state.games) == ((0, 1), (0, 0), (0, 4))


def test_a_flag_does_not_end_a_longer_partida_by_default():
    fmt = {"type": "partidas", "to_win": 2, "target": 6}
    assert play(won(0, flag="B"), fmt=fmt).partidas == (0, 0)


def test_a_new_partida_does_not_reset_the_deal():
    state = play(won(95), won(95), won(70), fmt=BEST_OF_THREE)
    assert [d.dealer for d in state.deals] == [0, 3, 2]
    assert state.next_dealer == 1
