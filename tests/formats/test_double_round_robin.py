"""A league's double round robin and its matchdays."""

from collections import Counter
from itertools import permutations

import pytest

from tournaments import formats
from tournaments.formats import double_round_robin, matchdays, round_robin

SIZES = range(2, 25)


def games(rounds):
    return [pair for day in rounds for pair in day if pair[1] is not None]


@pytest.mark.parametrize("n", SIZES)
def test_each_pair_meets_exactly_twice_once_with_each_side_first(n):
    met = Counter(games(double_round_robin(range(n))))
    assert sorted(met) == sorted(permutations(range(n), 2))
    assert set(met.values()) == {1}


@pytest.mark.parametrize("n", SIZES)
def test_each_entrant_plays_at_most_once_a_matchday(n):
    named = [sorted(side for pair in day for side in pair if side is not None)
             for day in double_round_robin(range(n))]
    assert named == [list(range(n))] * len(named)


@pytest.mark.parametrize("n", SIZES)
def test_the_second_half_is_the_first_in_the_same_order_with_sides_swapped(n):
    first = round_robin(range(n))
    rounds = double_round_robin(range(n))
    assert rounds[: len(first)] == first
    for day, return_day in zip(first, rounds[len(first):], strict=True):
        assert [pair if pair[1] is None else pair[::-1] for pair in day] == return_day


@pytest.mark.parametrize("n", range(3, 25))
def test_from_three_entrants_a_pair_never_meets_on_two_matchdays_in_a_row(n):
    days = {}
    for number, day in enumerate(double_round_robin(range(n))):
        for pair in day:
            if pair[1] is not None:
                days.setdefault(frozenset(pair), []).append(number)
    assert all(second - first > 1 for first, second in days.values())


@pytest.mark.parametrize("n", [n for n in SIZES if n % 2])
def test_with_an_odd_field_each_entrant_has_one_bye_in_each_half(n):
    rounds = double_round_robin(range(n))
    half = len(rounds) // 2
    assert len(rounds) == 2 * n
    for part in (rounds[:half], rounds[half:]):
        byes = [pair[0] for day in part for pair in day if pair[1] is None]
        assert sorted(byes) == list(range(n))
        assert all(sum(pair[1] is None for pair in day) == 1 for day in part)


@pytest.mark.parametrize("n", [n for n in SIZES if n % 2 == 0])
def test_an_even_field_has_no_byes_and_two_n_minus_two_matchdays(n):
    rounds = double_round_robin(range(n))
    assert len(rounds) == 2 * n - 2
    assert all(pair[1] is not None for day in rounds for pair in day)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("legs", [1, 2])
def test_matchdays_number_the_league_from_one(n, legs):
    days = matchdays(n, legs=legs)
    field = range(1, n + 1)
    assert days == (round_robin(field) if legs == 1 else double_round_robin(field))


@pytest.mark.parametrize(("n", "legs"), [(1, 1), (1, 2), (4, 0), (4, 3)])
def test_matchdays_refuse_a_league_of_one_or_other_leg_counts(n, legs):
    with pytest.raises(ValueError):
        matchdays(n, legs=legs)


def test_head_to_head_counts_both_meetings_of_a_pair():
    """A and B level on points: A won one meeting 4-0 and B the other, so head-to-head is
    level too, and the next criterion (card points) decides."""
    results = [formats.MatchResult("A", "B", "A", games_a=4, games_b=0, points_a=300,
                                   points_b=100),
               formats.MatchResult("B", "A", "B", games_a=4, games_b=3, points_a=200,
                                   points_b=190)]
    rows = formats.rank(["B", "A"], results, ("points", "head_to_head", "card_points"))
    assert [(r.entrant, r.head_to_head) for r in rows] == [("A", 4), ("B", 4)]
    one_sided = results[:1] + [formats.MatchResult("B", "A", "A", games_a=0, games_b=4)]
    rows = formats.rank(["B", "A"], one_sided + [formats.MatchResult("B", "A", "B", games_a=4,
                                                                   games_b=0)],
                        ("head_to_head",))
    assert rows[0].head_to_head == 3 + 1 + 3 and rows[1].head_to_head == 1 + 3 + 1
