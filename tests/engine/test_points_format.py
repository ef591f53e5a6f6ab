"""The points format (Sueca de pontos): only card points count, to a target."""

from tests.engine.helpers import play, revoke, won

TO_200 = {"type": "points", "target": 200}


def test_deals_award_no_games():
    state = play(won(95), won(120, flag="A"), fmt=TO_200)
    assert state.games == (0, 0)
    assert [d.games for d in state.deals] == [(0, 0), (0, 0)]


def test_a_120_deal_is_just_120_points():
    state = play(won(120, flag="A"), fmt=TO_200)
    assert (state.points, state.deals[0].kind) == ((120, 0), "points")


def test_the_match_ends_when_a_side_reaches_the_target():
    state = play(won(100), won(100), fmt=TO_200)
    assert (state.points, state.finished, state.winner) == ((200, 40), True, "A")


def test_the_match_goes_on_while_the_totals_are_equal():
    fmt = {"type": "points", "target": 120}
    state = play(won(60), won(60), fmt=fmt)
    assert (state.points, state.finished) == ((120, 120), False)
    state = play(won(60), won(60), won(50), fmt=fmt)
    assert (state.finished, state.winner) == (True, "B")


def test_the_default_target_is_500():
    assert not play(*[won(120)] * 4, fmt={"type": "points"}).finished
    assert play(*[won(120)] * 5, fmt={"type": "points"}).finished


def test_a_revoke_gives_the_innocent_side_120_points():
    state = play(revoke("B"), fmt=TO_200)
    assert (state.points, state.deals[0].points, state.games) == ((120, 0), (120, 0), (0, 0))


def test_there_are_no_partidas_and_no_carry():
    state = play(won(60), won(100), won(100), preset="carry_ties", fmt=TO_200)
    assert (state.partidas, state.carry, state.finished) == ((0, 0), 0, True)
