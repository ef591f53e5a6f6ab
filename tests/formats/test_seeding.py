import pytest

from tournaments.formats import bracket_size, knockout_first_round, seed_order, seeded_with_lot


def test_sixteen_places_pair_one_with_sixteen_and_eight_with_nine():
    order = seed_order(16)
    pairs = [tuple(order[i : i + 2]) for i in range(0, 16, 2)]
    assert pairs == [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]


@pytest.mark.parametrize("size", [2**power for power in range(8)])
def test_every_seed_is_placed_once(size):
    assert sorted(seed_order(size)) == list(range(1, size + 1))


@pytest.mark.parametrize("size", [2**power for power in range(1, 8)])
def test_the_top_seeds_of_each_power_of_two_sit_in_separate_sections(size):
    order = seed_order(size)
    sections = 1
    while sections <= size:
        section_of = {seed: index * sections // size for index, seed in enumerate(order)}
        assert len({section_of[seed] for seed in range(1, sections + 1)}) == sections
        sections *= 2


@pytest.mark.parametrize("size", [2**power for power in range(1, 8)])
def test_first_round_seeds_add_up_to_size_plus_one(size):
    order = seed_order(size)
    assert {order[i] + order[i + 1] for i in range(0, size, 2)} == {size + 1}


@pytest.mark.parametrize("size", [0, 3, 12, 100])
def test_it_rejects_a_size_that_is_not_a_power_of_two(size):
    with pytest.raises(ValueError):
        seed_order(size)


def test_bracket_size_is_the_next_power_of_two():
    assert [bracket_size(n) for n in (1, 2, 3, 4, 5, 8, 9, 130)] == [1, 2, 4, 4, 8, 8, 16, 256]


def test_seeds_come_first_in_their_order_then_the_rest_by_lot():
    order = seeded_with_lot(["S1", "S2"], ["U1", "U2", "U3", "U4"], rng_seed=2025)
    assert order[:2] == ["S1", "S2"]
    assert sorted(order[2:]) == ["U1", "U2", "U3", "U4"]


def test_the_same_lot_seed_draws_the_same_order():
    unseeded = list(range(3, 14))
    assert seeded_with_lot([1, 2], unseeded, "sorteio") == seeded_with_lot([1, 2], unseeded, "sorteio")


def test_a_different_lot_seed_draws_another_order():
    unseeded = list(range(3, 14))
    orders = {tuple(seeded_with_lot([1, 2], unseeded, seed)) for seed in range(5)}
    assert len(orders) == 5


def test_with_two_seeds_in_thirteen_the_third_bye_goes_to_an_unseeded_entrant_drawn_by_lot():
    unseeded = [f"U{number}" for number in range(1, 12)]

    def third_bye(seed):
        order = seeded_with_lot(["S1", "S2"], unseeded, seed)
        byes = {pairing.a for pairing in knockout_first_round(order) if pairing.is_bye}
        assert byes == {"S1", "S2", order[2]}
        return order[2]

    assert len({third_bye(seed) for seed in range(6)}) > 1


def test_seeding_with_lot_refuses_an_entrant_both_seeded_and_unseeded():
    with pytest.raises(ValueError):
        seeded_with_lot([1, 2], [2, 3], rng_seed=1)
