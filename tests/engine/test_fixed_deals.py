"""The fixed_deals format: a set number of deals, then more games, then more points."""

import pytest

from scoring.engine import DealError
from tests.engine.helpers import play, won

EIGHT = {"type": "fixed_deals", "deals": 8}
TWO = {"type": "fixed_deals", "deals": 2}


def test_the_match_ends_after_its_deals():
    assert not play(*[won(70)] * 7, fmt=EIGHT).finished
    assert play(*[won(70)] * 8, fmt=EIGHT).finished


def test_the_side_with_more_games_wins():
    state = play(won(95), won(40), fmt=TWO)
    assert (state.games, state.winner) == ((2, 1), "A")


def test_equal_games_go_to_the_side_with_more_card_points():
    state = play(won(70), won(45), fmt=TWO)
    assert (state.games, state.points, state.winner) == ((1, 1), (115, 125), "B")


def test_equal_games_and_points_are_a_draw():
    state = play(won(70), won(50), fmt=TWO)
    assert (state.finished, state.winner, state.next_dealer) == (True, "draw", None)


def test_extra_deals_continue_one_at_a_time_until_a_side_leads():
    fmt = {"type": "fixed_deals", "deals": 2, "extra_deals": True}
    state = play(won(70), won(50), fmt=fmt)
    assert (state.finished, state.next_dealer) == (False, 2)
    state = play(won(70), won(50), won(60), fmt=fmt)
    assert not state.finished
    state = play(won(70), won(50), won(60), won(65), fmt=fmt)
    assert (state.finished, state.winner, state.deals_played) == (True, "A", 4)


def test_a_deal_after_the_last_is_refused():
    with pytest.raises(DealError) as caught:
        play(won(95), won(40), won(70), fmt=TWO)
    assert caught.value.index == 2


def test_a_flag_does_not_end_a_fixed_deals_match():
    state = play(won(120, flag="A"), flag_wins_partida=True, fmt=EIGHT)
    assert (state.games, state.finished) == ((4, 0), False)


def test_games_are_not_capped():
    state = play(*[won(120, flag="A")] * 8, fmt=EIGHT)
    assert state.games == (32, 0)


def test_there_are_no_partidas():
    state = play(*[won(95)] * 8, fmt=EIGHT)
    assert (state.partidas, state.partida_games) == ((0, 0), (0, 0))


def test_every_player_deals_equally_in_twelve_deals():
    state = play(*[won(70)] * 12, fmt={"type": "fixed_deals", "deals": 12})
    dealers = [d.dealer for d in state.deals]
    assert all(dealers.count(seat) == 3 for seat in range(4))
