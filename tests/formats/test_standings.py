import pytest

from tournaments.formats import MatchResult, PointsScheme, points_awarded, rank, ranked_by_places


def won(a, b, **details):
    return MatchResult(a, b, winner=a, **details)


def by_entrant(rows):
    return {row.entrant: row for row in rows}


def test_a_win_is_worth_three_and_a_loss_one():
    assert points_awarded(won("A", "B"), PointsScheme()) == (3, 1)


def test_a_draw_is_worth_two_to_each_side():
    assert points_awarded(MatchResult("A", "B", winner=None), PointsScheme()) == (2, 2)


def test_a_no_show_scores_nothing_and_hands_the_opponent_a_win():
    walkover = MatchResult("A", "B", winner="B", games_a=0, games_b=4, walkover=True)
    assert points_awarded(walkover, PointsScheme()) == (0, 3)


def test_a_club_can_award_its_own_points():
    scheme = PointsScheme(win=2, loss=0, draw=1, no_show=-1)
    rows = by_entrant(rank(["A", "B"], [won("A", "B", walkover=True)], ["points"], scheme=scheme))
    assert (rows["A"].points, rows["B"].points) == (2, -1)


def test_rows_count_matches_played_won_drawn_and_lost():
    results = [won("A", "B"), MatchResult("A", "C", winner=None), won("C", "B")]
    rows = by_entrant(rank(["A", "B", "C"], results, ["points"]))
    assert (rows["A"].played, rows["A"].won, rows["A"].drawn, rows["A"].lost) == (2, 1, 1, 0)
    assert (rows["B"].played, rows["B"].won, rows["B"].drawn, rows["B"].lost) == (2, 0, 0, 2)


def test_rows_total_games_partidas_and_card_points_from_both_sides():
    results = [
        won("A", "B", games_a=4, games_b=2, partidas_a=2, partidas_b=1, points_a=500, points_b=340),
        won("C", "A", games_a=4, games_b=3, partidas_a=2, partidas_b=0, points_a=410, points_b=310),
    ]
    row = by_entrant(rank(["A", "B", "C"], results, ["points"]))["A"]
    assert (row.games_won, row.games_lost) == (7, 6)
    assert (row.partidas_won, row.partidas_lost) == (2, 3)
    assert (row.card_points, row.card_points_against, row.card_point_difference) == (810, 750, 60)


def test_buchholz_adds_up_the_points_of_every_opponent_met():
    results = [won("A", "B"), won("A", "C"), won("B", "C"), won("D", "C")]
    rows = by_entrant(rank(["A", "B", "C", "D"], results, ["points"]))
    assert rows["A"].points == 6 and rows["B"].points == 4 and rows["C"].points == 3
    assert rows["A"].buchholz == 4 + 3
    assert rows["C"].buchholz == 6 + 4 + 3


def test_the_table_is_ordered_by_points():
    results = [won("C", "A"), won("C", "B"), won("B", "A")]
    assert [row.entrant for row in rank(["A", "B", "C"], results, ["points"])] == ["C", "B", "A"]


def test_entrants_without_matches_appear_with_zeros():
    rows = rank(["A", "B", "C"], [won("A", "B")], ["points"])
    assert rows[-1].entrant == "C" and rows[-1].played == 0 and rows[-1].points == 0


def test_it_refuses_a_result_for_an_entrant_not_in_the_standings():
    with pytest.raises(ValueError):
        rank(["A", "B"], [won("A", "Z")], ["points"])


def test_a_double_forfeit_gives_both_the_no_show_points_and_is_no_draw():
    double_forfeit = MatchResult("A", "B", winner=None, walkover=True)
    assert points_awarded(double_forfeit, PointsScheme(no_show=-1)) == (-1, -1)
    rows = by_entrant(rank(["A", "B"], [double_forfeit], ["points"]))
    for row in rows.values():
        assert (row.played, row.won, row.drawn, row.lost, row.points) == (1, 0, 0, 1, 0)
        assert (row.games_won, row.games_lost, row.partidas_won, row.partidas_lost) == (0, 0, 0, 0)


def test_a_double_forfeit_refuses_games():
    with pytest.raises(ValueError):
        MatchResult("A", "B", winner=None, walkover=True, games_a=4)


def test_a_no_show_loses_the_partidas_of_the_walkover_as_if_beaten_at_the_table():
    walkover = MatchResult("A", "B", winner="A", games_a=20, partidas_a=2, walkover=True)
    beaten = won("C", "D", games_a=20, games_b=0, partidas_a=2, partidas_b=0)
    rows = by_entrant(rank(["A", "B", "C", "D"], [walkover, beaten], ["points"]))
    assert (rows["B"].partidas_won, rows["B"].partidas_lost, rows["B"].games_lost) == (0, 2, 20)
    assert (rows["A"].partidas_won, rows["A"].won, rows["A"].points) == (2, 1, 3)
    assert rows["B"].points < rows["D"].points


def test_a_bye_is_worth_a_win_and_the_games_and_partidas_of_a_walkover():
    results = [won("A", "B")]
    rows = by_entrant(rank(["A", "B", "C"], results, ["points"], byes=["C"], bye_games=4, bye_partidas=2))
    row = rows["C"]
    assert (row.byes, row.points, row.games_won, row.partidas_won) == (1, 3, 4, 2)
    assert (row.played, row.won, row.lost, row.games_lost) == (0, 0, 0, 0)


def test_a_bye_brings_the_card_points_of_a_walkover_in_the_points_format():
    rows = by_entrant(rank(["A", "B", "C"], [won("A", "B")], ["points", "card_points"],
                           byes=["C"], bye_card_points=500))
    row = rows["C"]
    assert (row.games_won, row.card_points, row.card_points_against) == (0, 500, 0)
    assert row.card_point_difference == 500


def test_a_tournament_can_make_a_bye_worth_less_than_a_win():
    rows = by_entrant(rank(["A", "B"], [], ["points"], scheme=PointsScheme(bye_points=1), byes=["A", "A"]))
    assert (rows["A"].byes, rows["A"].points) == (2, 2)


def test_a_bye_brings_no_opponent_to_buchholz_but_its_points_count_for_those_met():
    results = [won("A", "B"), won("B", "C")]
    rows = by_entrant(rank(["A", "B", "C"], results, ["points"], byes=["C"]))
    assert rows["C"].buchholz == rows["B"].points == 4
    assert rows["B"].buchholz == rows["A"].points + rows["C"].points == 3 + 4


def test_a_bye_counts_nothing_in_head_to_head():
    scheme = PointsScheme(bye_points=2)
    chain = ["points", "head_to_head"]
    rows = by_entrant(rank(["A", "B"], [won("A", "B")], chain, scheme=scheme, byes=["B"]))
    assert rows["A"].points == rows["B"].points == 3
    assert (rows["A"].head_to_head, rows["B"].head_to_head) == (3, 1)
    assert rows["A"].rank == 1


def test_it_refuses_a_bye_for_an_entrant_not_in_the_standings():
    with pytest.raises(ValueError):
        rank(["A", "B"], [], ["points"], byes=["Z"])


def test_a_winner_must_have_played_the_match():
    with pytest.raises(ValueError):
        MatchResult("A", "B", winner="C")


def test_nobody_plays_themselves():
    with pytest.raises(ValueError):
        MatchResult("A", "A", winner="A")


def test_final_places_rank_above_points_and_those_sharing_one_keep_the_points_order():
    results = [won("R", "C"), won("R", "X"), won("R", "Y"), won("C", "X"), won("X", "Y")]
    by_points = rank(["C", "R", "X", "Y"], results, ["points"])
    assert [row.entrant for row in by_points] == ["R", "X", "C", "Y"]
    placed = ranked_by_places(by_points, {"C": 1, "R": 2, "Y": 3, "X": 3})
    assert [(row.rank, row.entrant, row.points) for row in placed] == [
        (1, "C", 4), (2, "R", 9), (3, "X", 5), (3, "Y", 2)]


def test_final_places_are_the_matches_not_the_lots():
    """A finished bracket's places were marked "by lot" (†) where the chain's lot had ordered
    the rows before the places did: the final, the third-place match and a shared place are no
    lot's (a tester)."""
    results = [won("R", "X"), won("R", "Y"), won("C", "R")]  # X and Y level: the lot orders them
    by_lot = rank(["C", "R", "X", "Y"], results, ["points", "lots"], lots_seed=7)
    assert any(row.by_lot for row in by_lot)
    placed = ranked_by_places(by_lot, {"C": 1, "R": 2, "Y": 3, "X": 3})
    assert not any(row.by_lot or row.decided for row in placed)


def test_the_lot_that_orders_partnerships_level_after_their_byes_is_marked():
    rows = rank(["A", "B", "C", "D", "E"], [], ["points", "lots"], lots_seed=3,
                byes=["A", "B", "C"], bye_games=4)  # D and E wait for their match
    assert {row.entrant: row.by_lot for row in rows} == {"A": True, "B": True, "C": True,
                                                         "D": False, "E": False}


def test_a_field_that_has_not_played_is_listed_by_lot_unmarked():
    rows = rank(["A", "B", "C"], [], ["points", "lots"], lots_seed=3)
    assert not any(row.by_lot for row in rows)
