"""formats.round_ahead: the next bracket round as far as it is known while this one is played."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.formats import PENDING, Through, next_round, round_ahead


def test_a_winner_and_a_bye_holder_are_placed_before_the_round_ends():
    assert round_ahead([1, PENDING, PENDING, PENDING, 5, 6]) == [
        Through(0, 1, None), Through(1, None, None), Through(2, 5, 6)]


def test_one_alone_has_a_bye_and_nobody_leaves_the_slot_empty():
    ahead = round_ahead([None, 4, 7, None, None, None, None, PENDING])
    assert ahead == [Through(0, 4, None, bye=True), Through(1, 7, None, bye=True),
                     Through(2, None, None, empty=True), Through(3, None, None, bye=True)]
    assert [slot.goes_through for slot in ahead] == [4, 7, None, PENDING]


def test_with_every_winner_known_it_is_the_next_round():
    winners = [3, 8, 1, 6, 2, 7, 4, 5]
    assert [(t.slot, t.a, t.b) for t in round_ahead(winners)] == [
        (p.slot, p.a, p.b) for p in next_round(winners)]


slots = st.integers(1, 4).flatmap(lambda k: st.lists(
    st.sampled_from(["known", "nobody", "pending"]), min_size=2 ** k, max_size=2 ** k))


@given(slots)
def test_a_result_never_moves_anyone_already_placed(kinds):
    """Deciding the pending slots one by one only ever adds names: nobody moves or leaves."""
    winners = [slot if kind == "known" else None if kind == "nobody" else PENDING
               for slot, kind in enumerate(kinds)]
    before = round_ahead(winners)
    for slot, who in enumerate(winners):
        if who is PENDING:
            winners[slot] = slot
            after = round_ahead(winners)
            for old, new in zip(before, after, strict=True):
                assert old.a in (None, new.a) and old.b in (None, new.b)
                assert (old.bye, old.empty) == (new.bye, new.empty)
            before = after
