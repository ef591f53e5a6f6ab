"""Invariants that hold for every rule set, format and sequence of valid deals."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import (
    SIDES,
    Deal,
    DealError,
    Format,
    Rules,
    apply,
    award,
    possible_points,
    replay,
    state_from,
)
from tests.engine.helpers import revoke, states_of

CHECKS = settings(deadline=None, max_examples=150)

rules_sets = st.builds(
    Rules,
    flag=st.sampled_from(["tricks", "points"]),
    flag_value=st.integers(1, 6),
    flag_wins_partida=st.booleans(),
    double_from=st.integers(61, 120),
    tie=st.sampled_from(["none", "carry"]),
    revoke=st.one_of(st.integers(1, 4), st.sampled_from(["partida", "match"])),
    rotation=st.sampled_from(["counterclockwise", "clockwise"]),
)
formats = st.one_of(
    st.builds(Format, st.just("first_to"), target=st.integers(1, 12)),
    st.builds(Format, st.just("partidas"), target=st.integers(1, 6), to_win=st.integers(1, 3)),
    st.builds(Format, st.just("fixed_deals"), deals=st.integers(1, 12),
              extra_deals=st.booleans()),
    st.builds(Format, st.just("points"), target=st.integers(1, 800)),
)
seats = st.integers(0, 3)


@st.composite
def deals(draw) -> Deal:
    """A deal that is possible by the cards: a revoke, or points with optional tricks/flag."""
    if draw(st.integers(0, 7)) == 0:
        return Deal(revoke=draw(st.sampled_from(SIDES)))
    tricks = draw(st.integers(0, 10))
    a = draw(st.sampled_from(sorted(possible_points(tricks))))
    flag = None
    if a in (0, 120) and draw(st.booleans()):
        flag = "A" if a == 120 else "B"
        tricks = 10 if a == 120 else 0
    recorded = (tricks, 10 - tricks) if draw(st.booleans()) else None
    return Deal(points=(a, 120 - a), flag=flag, tricks=recorded)


deal_lists = st.lists(deals(), max_size=40)


@CHECKS
@given(rules_sets, formats, seats, deal_lists)
def test_every_deal_shares_out_120_card_points_or_none_for_a_revoke(rules, fmt, first, played):
    state = states_of(rules, fmt, first, played)[-1]
    for deal in state.deals:
        counted = deal.kind != "revoke" or fmt.type == "points"
        assert sum(deal.points) == (120 if counted else 0)
    assert state.points == tuple(sum(d.points[i] for d in state.deals) for i in (0, 1))


@CHECKS
@given(rules_sets, formats, seats, deal_lists)
def test_games_never_decrease(rules, fmt, first, played):
    states = states_of(rules, fmt, first, played)
    for before, after in zip(states, states[1:], strict=False):
        assert all(a >= b for a, b in zip(after.games, before.games, strict=True))
        assert all(a >= b for a, b in zip(after.partidas, before.partidas, strict=True))
        assert after.deals_played == before.deals_played + 1


@CHECKS
@given(rules_sets, formats, seats, deal_lists, st.integers(0, 40))
def test_replaying_deals_one_by_one_equals_replaying_them_all(rules, fmt, first, played, cut):
    count = len(states_of(rules, fmt, first, played)) - 1
    played, cut = played[:count], min(cut, count)
    state = replay(rules, fmt, first, played[:cut])
    for index, deal in enumerate(played[cut:], start=cut):
        state = apply(rules, fmt, state, deal, index)
    assert state == replay(rules, fmt, first, played)


@CHECKS
@given(rules_sets, formats, seats, deal_lists, st.integers(0, 40))
def test_the_next_deal_on_a_stored_state_equals_replaying_them_all(rules, fmt, first, played, cut):
    """A match row keeps `stored()`; a new deal is applied to `state_from` it, not a replay."""
    count = len(states_of(rules, fmt, first, played)) - 1
    played, cut = played[:count], min(cut, count - 1)
    if cut < 0:
        return
    before = replay(rules, fmt, first, played[:cut])
    restored = state_from(before.stored())
    assert restored.stored() == before.stored()
    assert award(rules, fmt, restored, played[cut]) == award(rules, fmt, before, played[cut])
    after = apply(rules, fmt, restored, played[cut], cut)
    assert after.stored() == replay(rules, fmt, first, played[:cut + 1]).stored()


@CHECKS
@given(rules_sets, formats, seats, deal_lists, deals())
def test_a_finished_match_accepts_no_deal(rules, fmt, first, played, late):
    state = states_of(rules, fmt, first, played)[-1]
    while not state.finished:  # a revoke always brings the innocent side closer to winning
        state = apply(rules, fmt, state, revoke("B"))
    assert state.next_dealer is None and state.carry == 0 and state.winner is not None
    with pytest.raises(DealError, match="finished"):
        apply(rules, fmt, state, late, index=state.deals_played)


@CHECKS
@given(rules_sets, formats, seats, deal_lists)
def test_every_fourth_deal_is_dealt_by_the_first_dealer(rules, fmt, first, played):
    state = states_of(rules, fmt, first, played)[-1]
    assert all(d.dealer == first for d in state.deals[::4])
    assert len({d.dealer for d in state.deals[:4]}) == min(4, state.deals_played)


@CHECKS
@given(rules_sets, seats, st.lists(deals(), min_size=4, max_size=4))
def test_rotation_returns_to_the_first_dealer_after_four_deals(rules, first, four):
    state = replay(rules, Format("points", target=1000), first, four)
    assert state.next_dealer == first
