"""A knockout's final places: the champion, the finalist, the third-place match or the
semi-finals' losers sharing 3rd, each earlier round's losers sharing the next place, then
those who never reached the knockout by their place in their group, the rest last."""

from tournaments.formats.placings import Placing, Played, knockout_placings, tiered


def places(placings) -> list[tuple[int, tuple]]:
    return [(p.place, p.entrants) for p in placings]


# 8 entrants, seeds 1..8: quarter-finals (round 1), semi-finals (2), final (3)
QUARTERS = [Played(1, 1, 8, 1), Played(1, 4, 5, 5), Played(1, 2, 7, 2), Played(1, 3, 6, 6)]
SEMIS = [Played(2, 1, 5, 1), Played(2, 2, 6, 6)]
FINAL = Played(3, 1, 6, 6)


def test_tiers_share_a_place_one_more_than_those_above():
    assert places(tiered([["a"], ["b"], ["c", "d"], [], ["e"]])) == [
        (1, ("a",)), (2, ("b",)), (3, ("c", "d")), (5, ("e",))]


def test_without_a_third_place_match_the_semi_finals_losers_share_third():
    placed = knockout_placings(range(1, 9), [*QUARTERS, *SEMIS, FINAL], champion=6)
    assert places(placed) == [(1, (6,)), (2, (1,)), (3, (2, 5)), (5, (3, 4, 7, 8))]


def test_the_third_place_match_parts_the_semi_finals_losers():
    third = Played(3, 5, 2, 2, third_place=True)
    placed = knockout_placings(range(1, 9), [*QUARTERS, *SEMIS, FINAL, third], champion=6)
    assert places(placed) == [(1, (6,)), (2, (1,)), (3, (2,)), (4, (5,)), (5, (3, 4, 7, 8))]


def test_a_bye_is_no_round_lost_and_a_double_forfeit_puts_both_out():
    # 5 entrants: 1, 2, 3 have byes in round 1; 4 beats 5; then 1 v 4 ends in a double forfeit
    knockout = [Played(1, 1, None, 1), Played(1, 4, 5, 4), Played(1, 2, None, 2),
                Played(1, 3, None, 3), Played(2, 1, 4, None), Played(2, 2, 3, 3),
                Played(3, 3, None, 3)]
    assert places(knockout_placings(range(1, 6), knockout, champion=3)) == [
        (1, (3,)), (2, (1, 2, 4)), (5, (5,))]


def test_those_out_in_the_groups_follow_by_their_group_place_the_rest_last():
    semis, final = [Played(5, 1, 4, 1), Played(5, 2, 3, 2)], Played(6, 1, 2, 1)
    group_places = {5: 3, 6: 3, 7: 4, 8: 5}  # 9 withdrew: no place in its group
    placed = knockout_placings(range(1, 10), [*semis, final], champion=1,
                               group_places=group_places)
    assert places(placed) == [(1, (1,)), (2, (2,)), (3, (3, 4)), (5, (5, 6)), (7, (7,)),
                              (8, (8,)), (9, (9,))]


def test_with_no_champion_nobody_is_first():
    placed = knockout_placings([1, 2], [Played(1, 1, 2, None)], champion=None)
    assert placed == (Placing(2, (1, 2)),)


def test_after_a_final_neither_came_to_the_finalists_share_2nd_and_the_third_place_is_3rd():
    final = Played(3, 1, 6, None)
    third = Played(3, 5, 2, 2, third_place=True)
    placed = knockout_placings(range(1, 9), [*QUARTERS, *SEMIS, final, third], champion=None)
    assert places(placed) == [(2, (1, 6)), (3, (2,)), (4, (5,)), (5, (3, 4, 7, 8))]
