from itertools import combinations

import pytest

from tournaments.formats import round_robin

SIZES = range(2, 21)


@pytest.mark.parametrize("n", SIZES)
def test_every_pair_meets_exactly_once(n):
    met = [frozenset(pair) for day in round_robin(range(n)) for pair in day if None not in pair]
    assert sorted(map(sorted, met)) == sorted(map(sorted, combinations(range(n), 2)))


@pytest.mark.parametrize("n", SIZES)
def test_each_entrant_plays_once_a_round(n):
    for day in round_robin(range(n)):
        sides = [side for pair in day for side in pair if side is not None]
        assert sorted(sides) == list(range(n))


@pytest.mark.parametrize("n", SIZES)
def test_an_even_field_takes_n_minus_one_rounds_and_an_odd_field_n(n):
    assert len(round_robin(range(n))) == (n if n % 2 else n - 1)


@pytest.mark.parametrize("n", [3, 5, 7, 9, 19])
def test_in_an_odd_field_each_entrant_has_one_bye_named_first(n):
    byes = [pair for day in round_robin(range(n)) for pair in day if None in pair]
    assert all(pair[1] is None for pair in byes)
    assert sorted(pair[0] for pair in byes) == list(range(n))


def test_it_refuses_a_field_of_one():
    with pytest.raises(ValueError):
        round_robin(["solo"])
