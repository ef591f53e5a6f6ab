"""The double-elimination schedule is complete and consistent, for every field of 2 to 64."""

from collections import Counter

import pytest

from tournaments.formats import bracket_size, double_elimination_schedule
from tournaments.formats import double_elimination as de

FIELD_SIZES = range(2, de.MAX_DOUBLE_ELIMINATION + 1)


def schedule_of(n, reset=True):
    return double_elimination_schedule(list(range(1, n + 1)), reset=reset)


def feeds(schedule):
    """(slot id, side) -> the destinations that send someone there, as (slot id, "winner"/"loser")."""
    fed = {}
    for slot in schedule.slots:
        for kind, destination in (("winner", slot.winner_to), ("loser", slot.loser_to)):
            if destination is not None:
                fed.setdefault((destination.slot, destination.side), []).append((slot.id, kind))
    return fed


@pytest.mark.parametrize("n", FIELD_SIZES)
@pytest.mark.parametrize("reset", [True, False])
def test_every_destination_is_a_later_slot_and_every_side_is_fed_exactly_once(n, reset):
    schedule = schedule_of(n, reset)
    order = {slot.id: number for number, slot in enumerate(schedule.slots)}
    assert len(order) == len(schedule.slots)
    fed = feeds(schedule)
    for slot in schedule.slots:
        for destination in (slot.winner_to, slot.loser_to):
            if destination is not None:
                assert destination.slot in order
                assert destination.side in ("a", "b")
                assert order[destination.slot] > order[slot.id]
        for side in ("a", "b"):
            sources = fed.get((slot.id, side), [])
            if slot.bracket == de.WINNERS and slot.round == 1:
                assert sources == []
            else:
                assert len(sources) == 1, (slot.id, side, sources)


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_the_brackets_have_the_standard_number_of_slots_per_round(n):
    schedule = schedule_of(n)
    size = bracket_size(n)
    rounds = size.bit_length() - 1
    winners = [len(r) for r in schedule.rounds(de.WINNERS)]
    assert winners == [size >> number for number in range(1, rounds + 1)]
    losers = [len(r) for r in schedule.rounds(de.LOSERS)]
    assert losers == [size >> ((number + 1) // 2 + 1) for number in range(1, 2 * rounds - 1)]
    assert [len(r) for r in schedule.rounds(de.GRAND_FINAL)] == [1, 1]
    assert len(schedule.slots) == 2 * size - 1
    assert len(schedule_of(n, reset=False).slots) == 2 * size - 2


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_the_first_winners_round_is_the_single_elimination_draw(n):
    schedule = schedule_of(n)
    seeded = [side for pairing in schedule.first_round for side in (pairing.a, pairing.b) if side is not None]
    assert sorted(seeded) == list(range(1, n + 1))
    assert [slot.index for slot in schedule.rounds(de.WINNERS)[0]] == [p.slot for p in schedule.first_round]


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_every_winners_loser_drops_into_the_losers_bracket_until_the_final(n):
    schedule = schedule_of(n)
    rounds = schedule.rounds(de.WINNERS)
    for slot in (slot for r in rounds for slot in r):
        target = schedule.by_id[slot.loser_to.slot]
        if len(rounds) == 1:
            assert target.id == "GF1"
        else:
            assert target.bracket == de.LOSERS
            assert target.round == (1 if slot.round == 1 else 2 * slot.round - 2)
    for slot in (slot for r in schedule.rounds(de.LOSERS) for slot in r):
        assert slot.loser_to is None


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_droppers_from_one_winners_round_fill_distinct_losers_slots(n):
    schedule = schedule_of(n)
    for winners_round in schedule.rounds(de.WINNERS)[1:]:
        places = Counter((slot.loser_to.slot, slot.loser_to.side) for slot in winners_round)
        assert len(places) == len(winners_round)


def test_the_grand_final_and_its_reset_take_the_two_bracket_winners():
    schedule = schedule_of(8)
    fed = feeds(schedule)
    assert fed[("GF1", "a")] == [("W3-1", "winner")]
    assert fed[("GF1", "b")] == [("L4-1", "winner")]
    assert schedule.by_id["GF2"].reset_of == "GF1"
    assert fed[("GF2", "a")] == [("GF1", "loser")] and fed[("GF2", "b")] == [("GF1", "winner")]
    assert schedule_of(8, reset=False).by_id["GF1"].winner_to is None


def test_two_entrants_play_once_then_meet_again_in_the_grand_final():
    schedule = schedule_of(2)
    assert [slot.id for slot in schedule.slots] == ["W1-1", "GF1", "GF2"]
    assert schedule.by_id["W1-1"].loser_to == de.Destination("GF1", "b")
    assert schedule.drop_orders == ()


def test_slots_come_in_play_order():
    ids = [slot.id for slot in schedule_of(8).slots]
    assert ids == [
        "W1-1", "W1-2", "W1-3", "W1-4", "W2-1", "W2-2", "L1-1", "L1-2", "L2-1", "L2-2",
        "W3-1", "L3-1", "L4-1", "GF1", "GF2",
    ]


def test_eight_entrants_drop_the_second_round_losers_crossed_over():
    schedule = schedule_of(8)
    assert schedule.drop_orders == ("natural", "reverse", "natural")
    assert schedule.by_id["W2-1"].loser_to == de.Destination("L2-2", "a")
    assert schedule.by_id["W2-2"].loser_to == de.Destination("L2-1", "a")
    assert schedule.by_id["W1-1"].loser_to == de.Destination("L1-1", "a")
    assert schedule.by_id["W1-2"].loser_to == de.Destination("L1-1", "b")


@pytest.mark.parametrize("size", [8, 16, 32, 64])
def test_no_rematch_is_possible_in_the_first_two_losers_rounds(size):
    profile = de._rematch_profile(size, de.drop_orders(size))
    assert profile[:2] == (0, 0)


def test_the_drop_orders_put_off_rematches_longer_than_a_fixed_reverse():
    always_reverse = ("natural", "reverse", "reverse", "reverse", "reverse", "reverse")
    assert de._rematch_profile(64, de.drop_orders(64)) < de._rematch_profile(64, always_reverse)
    assert de._rematch_profile(64, de.drop_orders(64))[:6] == (0,) * 6


def test_orderings_lay_losers_over_the_slots():
    losers = list(range(8))
    assert de.ORDERINGS["reverse"](losers) == [7, 6, 5, 4, 3, 2, 1, 0]
    assert de.ORDERINGS["half_shift"](losers) == [4, 5, 6, 7, 0, 1, 2, 3]
    assert de.ORDERINGS["reverse_half_shift"](losers) == [3, 2, 1, 0, 7, 6, 5, 4]
    assert de.ORDERINGS["pair_flip"](losers) == [1, 0, 3, 2, 5, 4, 7, 6]


def test_sixty_four_entrants_give_the_standard_shape():
    schedule = schedule_of(64)
    assert [len(r) for r in schedule.rounds(de.WINNERS)] == [32, 16, 8, 4, 2, 1]
    assert [len(r) for r in schedule.rounds(de.LOSERS)] == [16, 16, 8, 8, 4, 4, 2, 2, 1, 1]
    assert len(schedule.slots) == 127
    assert len(schedule_of(64, reset=False).slots) == 126


@pytest.mark.parametrize("field", [[1], list(range(65)), [1, 1, 2], [1, de.BYE]])
def test_it_refuses_fields_it_cannot_schedule(field):
    with pytest.raises(ValueError):
        double_elimination_schedule(field)


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_the_table_of_drop_orders_is_what_the_search_finds(size):
    assert de.search_drop_orders(size) == de.DROP_ORDERS[size]


def test_the_table_covers_every_bracket_size_the_site_allows():
    assert set(de.DROP_ORDERS) == {2 ** n for n in range(1, 7)}
    assert max(de.DROP_ORDERS) == de.MAX_DOUBLE_ELIMINATION
