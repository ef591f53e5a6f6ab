"""Revokes: the innocent side gets the penalty, the deal's card points are not counted."""

from tests.engine.helpers import play, revoke, won

LONG = {"type": "first_to", "target": 20}


def test_a_revoke_gives_the_other_side_two_games():
    assert play(revoke("A")).deals[0].games == (0, 2)
    assert play(revoke("B")).deals[0].games == (2, 0)


def test_a_revoke_can_cost_four_games():
    assert play(revoke("A"), revoke=4, fmt=LONG).deals[0].games == (0, 4)


def test_a_revoked_deal_counts_no_card_points():
    state = play(won(73), revoke("A"))
    assert state.points == (73, 47)
    assert (state.deals[1].points, state.deals[1].kind) == ((0, 0), "revoke")


def test_the_deal_moves_on_after_a_revoke():
    state = play(revoke("A"), revoke("B"))
    assert [d.dealer for d in state.deals] == [0, 3]
    assert state.next_dealer == 2


def test_a_partida_revoke_ends_a_first_to_match_for_the_innocent_side():
    state = play(won(30), won(30), revoke("B"), revoke="partida")
    assert state.deals[2].games == (4, 0)
    assert (state.games, state.finished, state.winner, state.partidas) == (
        (4, 2), True, "A", (1, 0))


def test_a_match_revoke_ends_a_first_to_match_for_the_innocent_side():
    state = play(won(73), revoke("A"), preset="strict_revoke")
    assert state.deals[1].games == (0, 4)
    assert (state.finished, state.winner, state.partidas) == (True, "B", (0, 1))


def test_a_partida_revoke_wins_the_current_partida():
    state = play(won(95), revoke("B"), revoke="partida", fmt={"type": "partidas", "to_win": 2})
    assert state.deals[1].games == (2, 0)
    assert (state.partidas, state.partida_games, state.finished) == ((1, 0), (0, 0), False)


def test_a_partida_revoke_wins_the_match_when_it_was_the_last_partida_needed():
    fmt = {"type": "partidas", "to_win": 2}
    state = play(won(95), won(95), revoke("B"), revoke="partida", fmt=fmt)
    assert (state.partidas, state.finished, state.winner) == ((2, 0), True, "A")


def test_a_match_revoke_credits_every_partida_still_needed():
    fmt = {"type": "partidas", "to_win": 3}
    state = play(won(5), won(5), won(95), revoke("B"), revoke="match", fmt=fmt)
    assert state.partidas == (3, 1)
    assert (state.finished, state.winner) == (True, "A")


def test_a_partida_revoke_ends_a_fixed_deals_match_for_the_innocent_side():
    fmt = {"type": "fixed_deals", "deals": 8}
    state = play(won(30), won(30), revoke("B"), revoke="partida", fmt=fmt)
    assert state.deals[2].games == (0, 0)
    assert (state.games, state.finished, state.winner) == ((0, 2), True, "A")


def test_a_match_revoke_ends_a_fixed_deals_match_for_the_innocent_side():
    state = play(revoke("A"), preset="strict_revoke", fmt={"type": "fixed_deals"})
    assert (state.finished, state.winner, state.partidas) == (True, "B", (0, 0))


def test_a_revoke_in_the_points_format_gives_120_card_points():
    state = play(won(73), revoke("A"), preset="strict_revoke", fmt={"type": "points"})
    assert state.points == (73, 167)
    assert (state.games, state.finished) == ((0, 0), False)
