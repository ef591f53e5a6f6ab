"""Dealing order: seats 0..3 clockwise, A at 0 and 2, B at 1 and 3."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import (
    RulesError,
    first_dealer_for,
    format_from,
    leader,
    new_match,
    next_dealer,
    rules_from,
    side_of,
)
from tests.engine.helpers import play, revoke, won

PORTUGAL = rules_from("portugal")
BRASIL = rules_from("brasil")


def test_partners_sit_opposite():
    assert [side_of(seat) for seat in range(4)] == ["A", "B", "A", "B"]


def test_in_portugal_the_deal_passes_to_the_dealers_right():
    assert [next_dealer(d, PORTUGAL) for d in range(4)] == [3, 0, 1, 2]


def test_in_brazil_the_deal_passes_to_the_dealers_left():
    assert [next_dealer(d, BRASIL) for d in range(4)] == [1, 2, 3, 0]


def test_in_portugal_the_dealers_right_hand_neighbour_leads():
    assert [leader(d, PORTUGAL) for d in range(4)] == [3, 0, 1, 2]


def test_in_brazil_the_dealers_left_hand_neighbour_leads():
    assert [leader(d, BRASIL) for d in range(4)] == [1, 2, 3, 0]


def test_the_leader_is_an_opponent_of_the_dealer():
    for rules in (PORTUGAL, BRASIL):
        assert all(side_of(leader(d, rules)) != side_of(d) for d in range(4))


def test_deals_record_who_dealt_them():
    assert [d.dealer for d in play(won(70), won(50), won(70), first_dealer=1).deals] == [1, 0, 3]


def test_ties_and_revokes_move_the_deal_on():
    state = play(won(60), revoke("A"), won(60), revoke("B"), fmt={"type": "first_to",
                                                                  "target": 10})
    assert [d.dealer for d in state.deals] == [0, 3, 2, 1]
    assert state.next_dealer == 0


def test_clockwise_deals_go_round_the_other_way():
    state = play(won(70), won(50), preset="brasil", first_dealer=3)
    assert [d.dealer for d in state.deals] == [3, 0]
    assert state.next_dealer == 1


@pytest.mark.parametrize("seat", [-1, 4, True, "0", 1.0, None])
def test_the_first_dealer_must_be_a_seat(seat):
    with pytest.raises(RulesError, match="seat from 0 to 3"):
        new_match(PORTUGAL, format_from(None), seat)


def test_nobody_deals_once_the_match_is_finished():
    assert play(won(0), won(0)).next_dealer is None


@given(preset=st.sampled_from(["portugal", "brasil"]), first=st.integers(0, 3),
       outcomes=st.lists(st.sampled_from(["won", "tie", "revoke"]), max_size=30))
def test_who_deals_now_tells_who_dealt_first(preset, first, outcomes):
    """A table that says who deals now, after any deals (ties, revokes and new partidas
    included), names the first dealer the match is replayed from."""
    deal = {"won": won(70), "tie": won(60), "revoke": revoke("A")}
    state = play(*(deal[o] for o in outcomes), preset=preset, first_dealer=first,
                 fmt={"type": "partidas", "target": 4, "to_win": 99})
    assert first_dealer_for(state.next_dealer, len(state.deals), rules_from(preset)) == first


def test_with_the_double_pack_it_counts_eight_seats():
    double = rules_from(overrides={"deck": "double"})
    assert [first_dealer_for(5, n, double) for n in range(3)] == [5, 6, 7]  # (d + 7) % 8
