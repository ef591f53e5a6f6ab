import pytest

from tournaments.formats import DEFAULT_CHAIN, MatchResult, rank


def won(a, b, **details):
    return MatchResult(a, b, winner=a, **details)


def drawn(a, b, **details):
    return MatchResult(a, b, winner=None, **details)


def order(rows):
    return [row.entrant for row in rows]


def ranks(rows):
    return {row.entrant: row.rank for row in rows}


def league_with_three_way_tie():
    """A double round robin: A, B and C finish on 13 points, D on 9.

    Among A, B and C only, A has 10 points, B and C 7 each; B took 5 of the 8 points
    in its two matches with C. C scored more card points than B.
    """
    return [
        won("A", "B"),
        won("A", "C"),
        won("D", "A"),
        won("B", "C"),
        won("B", "D"),
        won("C", "D", points_a=900),
        won("A", "B"),
        won("C", "A"),
        drawn("A", "D"),
        drawn("B", "C"),
        won("B", "D"),
        won("C", "D"),
    ]


def test_a_two_way_tie_goes_to_the_winner_of_their_match():
    results = [won("B", "A"), won("A", "C"), won("D", "B")]
    assert ranks(rank(["A", "B", "C", "D"], results, ["points"]))["B"] == 1
    rows = rank(["A", "B", "C", "D"], results, ["points", "head_to_head"])
    assert order(rows) == ["B", "A", "D", "C"]
    assert rows[0].points == rows[1].points == 4


def test_when_head_to_head_splits_three_tied_teams_the_other_two_restart_the_chain():
    rows = rank(
        ["A", "B", "C", "D"], league_with_three_way_tie(), ["points", "head_to_head", "card_points"]
    )
    assert [row.points for row in rows[:3]] == [13, 13, 13]
    assert order(rows) == ["A", "B", "C", "D"]
    assert [row.rank for row in rows] == [1, 2, 3, 4]


def test_head_to_head_is_recomputed_among_the_teams_still_tied():
    table = rank(["A", "B", "C", "D"], league_with_three_way_tie(), ["points", "head_to_head"])
    rows = {row.entrant: row for row in table}
    assert rows["A"].head_to_head == 10
    assert (rows["B"].head_to_head, rows["C"].head_to_head) == (5, 3)
    assert rows["D"].head_to_head is None


def test_a_later_criterion_splits_a_tie_into_pairs_each_decided_by_their_own_match():
    results = [
        won("A", "B", games_a=4, games_b=3),
        won("C", "D", games_a=4, games_b=1),
        drawn("A", "C", games_a=4, games_b=4),
        won("D", "A", games_a=4, games_b=2),
        drawn("B", "D", games_a=3, games_b=3),
        won("B", "C", games_a=4, games_b=0),
    ]
    rows = rank(["D", "C", "B", "A"], results, ["points", "head_to_head", "games_won"])
    assert {row.points for row in rows} == {6}
    assert [row.games_won for row in rows] == [10, 10, 8, 8]
    assert order(rows) == ["A", "B", "C", "D"]


def test_fewer_partidas_lost_ranks_higher():
    results = [
        won("A", "C", partidas_a=2, partidas_b=1),
        won("B", "D", partidas_a=2, partidas_b=0),
    ]
    rows = rank(["A", "B", "C", "D"], results, ["points", "partidas_lost"])
    assert order(rows)[:2] == ["B", "A"]


def test_card_point_difference_breaks_a_tie():
    results = [won("A", "B", points_a=300, points_b=200), won("B", "A", points_a=310, points_b=100)]
    assert order(rank(["A", "B"], results, ["points", "card_points", "card_point_difference"])) == [
        "B",
        "A",
    ]


def test_buchholz_prefers_the_entrant_who_met_stronger_opponents():
    results = [won("A", "C"), won("B", "D"), won("C", "D")]
    rows = rank(["B", "A", "C", "D"], results, ["points", "buchholz"])
    assert order(rows) == ["C", "A", "B", "D"]
    assert [row.buchholz for row in rows[1:3]] == [4, 2]


def swiss_after_two_rounds():
    """Eight teams, two Swiss rounds: A, B, E and H finish on 4 points.

    Of those four only A and B met (A won). Card points rank them H, E, B, A. A
    head-to-head among all four would put A first, and B above E and H only because B
    happened to meet A, and lost.
    """
    return [
        won("A", "B", points_a=300, points_b=200),
        won("C", "D"),
        won("E", "F", points_a=500),
        won("G", "H", points_b=600),
        won("C", "A", points_b=200),
        won("G", "E", points_b=300),
        won("B", "D", points_a=450),
        won("H", "F", points_a=300),
    ]


def test_head_to_head_is_skipped_when_not_all_tied_teams_met():
    rows = rank(list("ABCDEFGH"), swiss_after_two_rounds(), ["points", "head_to_head", "card_points"])
    tied = [row for row in rows if row.points == 4]
    assert [row.entrant for row in tied] == ["H", "E", "B", "A"]
    assert [row.rank for row in tied] == [3, 4, 5, 6]
    assert all(row.head_to_head is None and row.head_to_head_skipped for row in tied)


def test_head_to_head_decides_once_the_chain_has_left_only_teams_that_met():
    """A cycle A>B>C>D>A: all on 4 points, A never met C, B never met D."""
    results = [
        won("A", "B", points_a=300),
        won("B", "C", points_a=300),
        won("C", "D", points_a=500),
        won("D", "A", points_a=500),
    ]
    rows = rank(list("ABCD"), results, ["points", "head_to_head", "card_points"])
    assert order(rows) == list("CDAB")
    assert [row.head_to_head for row in rows] == [3, 1, 3, 1]
    assert not any(row.head_to_head_skipped for row in rows)


def test_a_complete_mini_league_records_head_to_head_and_no_skip():
    rows = rank(["A", "B", "C", "D"], league_with_three_way_tie(), ["points", "head_to_head"])
    assert not any(row.head_to_head_skipped for row in rows)


def test_teams_still_tied_without_lots_share_a_rank():
    rows = rank(["A", "B", "C"], [won("A", "C"), won("B", "C")], ["points", "head_to_head"])
    assert ranks(rows) == {"A": 1, "B": 1, "C": 3}
    assert order(rows) == ["A", "B", "C"]


def test_lots_separate_every_remaining_tie():
    rows = rank(["A", "B", "C", "D"], [], ["points", "lots"], lots_seed=7)
    assert sorted(row.rank for row in rows) == [1, 2, 3, 4]
    assert [row.lot for row in rows] == [1, 2, 3, 4]


def test_the_same_lots_seed_always_draws_the_same_order():
    entries = list("ABCDEFGH")
    draws = {tuple(order(rank(entries, [], ["points", "lots"], lots_seed=2025))) for _ in range(5)}
    assert len(draws) == 1


def test_different_lots_seeds_can_draw_different_orders():
    entries = list("ABCDEFGH")
    draws = {tuple(order(rank(entries, [], ["lots"], lots_seed=seed))) for seed in range(6)}
    assert len(draws) > 1


def test_lots_only_decide_what_the_rest_of_the_chain_left_tied():
    rows = rank(["A", "B", "C"], [won("C", "A"), won("C", "B")], ["points", "lots"], lots_seed=1)
    assert order(rows)[0] == "C"


def test_the_default_chain_follows_portuguese_custom():
    assert DEFAULT_CHAIN == (
        "points",
        "head_to_head",
        "partidas_won",
        "partidas_lost",
        "card_points",
        "lots",
    )


def test_drawing_lots_needs_a_seed():
    with pytest.raises(ValueError):
        rank(["A", "B"], [], ["points", "lots"])


def test_lots_must_come_last_in_the_chain():
    with pytest.raises(ValueError):
        rank(["A", "B"], [], ["lots", "points"], lots_seed=1)


@pytest.mark.parametrize("chain", [["points", "goals"], ["points", "points"]])
def test_it_refuses_an_unknown_or_repeated_criterion(chain):
    with pytest.raises(ValueError):
        rank(["A", "B"], [], chain)
