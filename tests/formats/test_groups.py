import math

import pytest

from tournaments.formats import Pairing, best_placed, check_groups, cross_pairings, snake_groups


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


def test_four_groups_cross_winners_with_the_runners_up_of_the_other_group_of_their_pair():
    pairings = cross_pairings(qualifiers(4, 2), top_k=2)
    assert [(p.a, p.b) for p in pairings] == [("1A", "2B"), ("1D", "2C"), ("1B", "2A"), ("1C", "2D")]


def test_eight_groups_cross_in_pairs_of_groups_with_the_first_two_winners_in_opposite_halves():
    pairings = cross_pairings(qualifiers(8, 2), top_k=2)
    assert {(p.a, p.b) for p in pairings} == {
        ("1A", "2B"), ("1B", "2A"), ("1C", "2D"), ("1D", "2C"),
        ("1E", "2F"), ("1F", "2E"), ("1G", "2H"), ("1H", "2G"),
    }
    where = positions(pairings)
    assert (where["1A"] < 8) != (where["1B"] < 8)


def test_four_groups_of_four_qualifiers_cross_every_place_with_the_partner_group():
    pairings = cross_pairings(qualifiers(4, 4), top_k=4)
    assert [(p.a, p.b) for p in pairings] == [
        ("1A", "4B"),
        ("2C", "3D"),
        ("1D", "4C"),
        ("2B", "3A"),
        ("1B", "4A"),
        ("2D", "3C"),
        ("1C", "4D"),
        ("2A", "3B"),
    ]


def test_group_winners_alone_are_seeded_in_group_order():
    pairings = cross_pairings(qualifiers(4, 1), top_k=1)
    assert [(p.a, p.b) for p in pairings] == [("1A", "1D"), ("1B", "1C")]


def test_with_byes_the_pair_of_groups_left_to_play_still_crosses():
    pairings = cross_pairings(qualifiers(6, 2), top_k=2)
    played = {(p.a, p.b) for p in pairings if not p.is_bye}
    assert {("1E", "2F"), ("1F", "2E")} <= played
    assert sorted(p.a for p in pairings if p.is_bye) == ["1A", "1B", "1C", "1D"]


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


def test_a_sound_group_stage_has_no_problems():
    assert check_groups(16, 4, 2) == []
    assert check_groups(12, 3, 2, best_of_next=2) == []


def test_groups_of_one_are_refused():
    assert check_groups(5, 3, 1) == [("group_too_small", {"smallest": 1, "minimum": 2})]


def test_more_qualifiers_than_the_smallest_group_are_refused():
    assert check_groups(11, 4, 3) == [("qualifiers_exceed_group", {"qualifiers": 3, "smallest": 2})]


@pytest.mark.parametrize("qualifiers", [0, 5])
def test_from_one_to_four_qualify_from_each_group(qualifiers):
    problems = check_groups(40, 2, qualifiers)
    assert ("qualifiers_out_of_range", {"qualifiers": qualifiers, "minimum": 1, "maximum": 4}) in problems


def test_a_single_qualifier_makes_no_knockout():
    assert check_groups(4, 1, 1) == [("too_few_qualifiers", {"qualifiers": 1, "minimum": 2})]


def test_a_knockout_holds_at_most_sixty_four():
    assert check_groups(170, 17, 4) == [("too_many_qualifiers", {"qualifiers": 68, "maximum": 64})]
    assert check_groups(160, 16, 4) == []


def test_best_of_the_next_place_must_be_fewer_than_the_groups():
    assert check_groups(12, 3, 2, best_of_next=3) == [
        ("best_of_next_out_of_range", {"best_of_next": 3, "maximum": 2})
    ]


def test_best_of_the_next_place_needs_groups_that_have_that_place():
    """Fourteen in four groups are groups of 4, 4, 3 and 3: two have a fourth place."""
    assert check_groups(14, 4, 3, best_of_next=2) == []
    assert check_groups(14, 4, 3, best_of_next=3) == [
        ("best_of_next_short", {"best_of_next": 3, "groups": 2})
    ]


def test_no_groups_at_all_is_one_problem():
    assert check_groups(8, 0, 2) == [("no_groups", {})]


def standings(*groups):
    """Groups as (entrant, key) rows in finishing order; the key is points per match."""
    return [[(entrant, (key,)) for entrant, key in group] for group in groups]


def test_the_best_thirds_are_picked_by_their_key_best_first():
    groups = standings(
        [("1A", 3.0), ("2A", 2.0), ("3A", 1.5)],
        [("1B", 3.0), ("2B", 2.5), ("3B", 2.0)],
        [("1C", 2.5), ("2C", 2.0), ("3C", 1.0), ("4C", 1.0)],
    )
    assert best_placed(groups, place=3, count=2) == ["3B", "3A"]


def test_equal_keys_keep_the_order_of_the_groups():
    groups = standings([("1A", 3.0), ("2A", 2.0)], [("1B", 3.0), ("2B", 2.0)], [("1C", 3.0), ("2C", 2.0)])
    assert best_placed(groups, place=2, count=2) == ["2A", "2B"]


def test_a_group_without_that_place_has_nobody_to_offer():
    groups = standings([("1A", 3.0), ("2A", 2.0), ("3A", 1.0)], [("1B", 3.0), ("2B", 2.0)])
    assert best_placed(groups, place=3, count=1) == ["3A"]
    with pytest.raises(ValueError):
        best_placed(groups, place=3, count=2)


def test_places_count_from_one():
    with pytest.raises(ValueError):
        best_placed(standings([("1A", 3.0)]), place=0, count=1)
