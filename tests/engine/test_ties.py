"""60-60 ties: nothing by default, or a pending game with tie "carry"."""

from tests.engine.helpers import play, revoke, won

LONG = {"type": "first_to", "target": 20}


def test_a_tie_scores_nothing_by_default():
    state = play(won(60), won(70))
    assert state.deals[0].games == (0, 0)
    assert state.deals[1].games == (1, 0)
    assert state.carry == 0


def test_a_carried_tie_leaves_one_pending_game():
    assert play(won(60), preset="carry_ties").carry == 1


def test_the_next_winner_takes_the_pending_game():
    state = play(won(60), won(30), preset="carry_ties")
    assert state.deals[1].games == (0, 2)
    assert state.carry == 0


def test_ties_in_a_row_stack():
    state = play(won(60), won(60), won(60), won(95), preset="carry_ties", fmt=LONG)
    assert state.deals[2].games == (0, 0)
    assert state.deals[3].games == (5, 0)


def test_a_revoke_award_takes_the_pending_games():
    state = play(won(60), won(60), revoke("A"), preset="carry_ties", fmt=LONG)
    assert state.deals[2].games == (0, 4)
    assert state.carry == 0


def test_a_flag_takes_the_pending_game():
    state = play(won(60), won(120, flag="A"), preset="carry_ties", fmt=LONG)
    assert state.deals[1].games == (5, 0)


def test_only_one_pending_game_is_added_once():
    state = play(won(60), won(70), won(70), preset="carry_ties", fmt=LONG)
    assert [d.games for d in state.deals] == [(0, 0), (2, 0), (1, 0)]


def test_pending_games_lapse_when_a_partida_is_won_by_revoke():
    state = play(won(60), revoke("B"), preset="carry_ties", revoke="partida",
                 fmt={"type": "partidas", "to_win": 2})
    assert state.deals[1].games == (4, 0)
    assert (state.partidas, state.carry, state.finished) == ((1, 0), 0, False)


def test_pending_games_lapse_when_the_match_ends():
    state = play(won(70), won(60), preset="carry_ties", fmt={"type": "fixed_deals", "deals": 2})
    assert (state.finished, state.winner, state.carry) == (True, "A", 0)


def test_a_tie_counts_its_60_points_each():
    assert play(won(60)).points == (60, 60)


def test_ties_mean_nothing_in_the_points_format():
    state = play(won(60), preset="carry_ties", fmt={"type": "points"})
    assert (state.carry, state.deals[0].kind) == (0, "points")
