import math

import pytest

from tournaments.formats import Pairing, cross_pairings, snake_groups


def qualifiers(n_groups, top_k):
    """Group letters A, B, ... with places: "1A", "2A", ..."""
    letters = "ABCDEFGH"[:n_groups]
    return [[f"{place}{letter}" for place in range(1, top_k + 1)] for letter in letters]


def positions(pairings):
    """Bracket position (0-based) of every entrant."""
    return {
        side: 2 * pairing.slot + offset
        for pairing in pairings
        for offset, side in enumerate((pairing.a, pairing.b))
        if side is not None
    }


def first_meeting_round(position_a, position_b):
    return (position_a ^ position_b).bit_length()


def same_group_meetings(pairings):
    """Earliest round in which each pair of same-group teams could meet."""
    where = positions(pairings)
    return [
        first_meeting_round(where[x], where[y])
        for x in where
        for y in where
        if x < y and x[1:] == y[1:]
    ]


def test_snake_seeding_deals_forward_then_back():
    assert snake_groups(list(range(1, 13)), 4) == [[1, 8, 9], [2, 7, 10], [3, 6, 11], [4, 5, 12]]


@pytest.mark.parametrize(
    ("n", "n_groups"),
    [(n, n_groups) for n in range(2, 41) for n_groups in (1, 2, 3, 4, 5, 8) if n >= 2 * n_groups],
)
def test_snake_groups_are_balanced_and_hold_everyone_once(n, n_groups):
    groups = snake_groups(list(range(n)), n_groups)
    sizes = [len(group) for group in groups]
    assert max(sizes) - min(sizes) <= 1
    assert sorted(entrant for group in groups for entrant in group) == list(range(n))


def test_snake_groups_put_the_top_seeds_in_different_groups():
    groups = snake_groups(list(range(1, 17)), 4)
    assert [group[0] for group in groups] == [1, 2, 3, 4]


def test_snake_groups_refuse_groups_of_one():
    with pytest.raises(ValueError):
        snake_groups([1, 2, 3], 2)


def test_two_groups_cross_first_of_one_against_second_of_the_other():
    pairings = cross_pairings(qualifiers(2, 2), top_k=2)
    assert pairings == [Pairing(0, "1A", "2B"), Pairing(1, "1B", "2A")]


def test_one_group_plays_first_against_fourth_and_second_against_third():
    pairings = cross_pairings(qualifiers(1, 4), top_k=4)
    assert pairings == [Pairing(0, "1A", "4A"), Pairing(1, "2A", "3A")]


def test_two_groups_of_four_qualifiers_keep_each_group_in_separate_quarters():
    pairings = cross_pairings(qualifiers(2, 4), top_k=4)
    assert [(p.a, p.b) for p in pairings] == [
        ("1A", "4B"),
        ("2B", "3A"),
        ("1B", "4A"),
        ("2A", "3B"),
    ]


def test_four_groups_pair_every_winner_with_a_runner_up_of_another_group():
    pairings = cross_pairings(qualifiers(4, 2), top_k=2)
    assert all(p.a[0] == "1" and p.b[0] == "2" and p.a[1] != p.b[1] for p in pairings)


ALL_GROUP_SHAPES = [(g, k) for g in range(1, 9) for k in range(1, 5) if g * k >= 2]


@pytest.mark.parametrize(("n_groups", "top_k"), ALL_GROUP_SHAPES)
def test_every_qualifier_is_placed_once(n_groups, top_k):
    pairings = cross_pairings(qualifiers(n_groups, top_k), top_k)
    assert sorted(positions(pairings)) == sorted(sum(qualifiers(n_groups, top_k), []))


@pytest.mark.parametrize(("n_groups", "top_k"), ALL_GROUP_SHAPES)
def test_byes_go_to_the_best_finishing_places_group_winners_first(n_groups, top_k):
    pairings = cross_pairings(qualifiers(n_groups, top_k), top_k)
    places_with_bye = sorted(int(pairing.a[0]) for pairing in pairings if pairing.is_bye)
    best_places = sorted(place for place in range(1, top_k + 1) for _ in range(n_groups))
    assert places_with_bye == best_places[: len(places_with_bye)]


@pytest.mark.parametrize("n_groups", range(2, 9))
@pytest.mark.parametrize("top_k", range(2, 5))
def test_teams_of_the_same_group_never_meet_in_the_first_round(n_groups, top_k):
    pairings = cross_pairings(qualifiers(n_groups, top_k), top_k)
    assert all(p.b is None or p.a[1:] != p.b[1:] for p in pairings)


@pytest.mark.parametrize("n_groups", [2, 4, 8])
@pytest.mark.parametrize("top_k", [2, 3, 4])
def test_same_group_teams_meet_as_late_as_the_bracket_allows(n_groups, top_k):
    pairings = cross_pairings(qualifiers(n_groups, top_k), top_k)
    rounds = int(math.log2(len(pairings))) + 1
    latest_possible_first = rounds - math.ceil(math.log2(top_k)) + 1
    assert min(same_group_meetings(pairings)) == latest_possible_first


def test_cross_pairing_refuses_more_than_four_qualifiers_per_group():
    with pytest.raises(ValueError):
        cross_pairings(qualifiers(2, 5), top_k=5)


def test_cross_pairing_refuses_a_group_short_of_qualifiers():
    with pytest.raises(ValueError):
        cross_pairings([["1A", "2A"], ["1B"]], top_k=2)
