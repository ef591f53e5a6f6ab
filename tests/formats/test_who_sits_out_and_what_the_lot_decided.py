"""A round robin's sit-out is whoever of its field a stored round does not name, and the
standings mark the places the lot settled: only those the rest of the chain left level.

What a sit-out is worth: a stored round robin keeps no bye (a league's season, a round
robin's rounds, a group's rounds), so `rank` is given none and a sit-out scores nothing,
whatever the tournament's bye setting; each partnership sits out once a leg, so at the end
every one has the same. Only a drawn bye (a knockout's, a Swiss's) is given to `rank`."""

from tournaments.formats import MatchResult, rank, round_robin, sitting_out


def won(a, b):
    return MatchResult(a, b, winner=a, games_a=4)


def test_an_odd_round_robin_has_one_sit_out_a_round_each_once():
    field = ["A", "B", "C", "D", "E"]
    stored = [[pair for pair in day if pair[1] is not None] for day in round_robin(field)]
    out = [sitting_out(field, day) for day in stored]
    assert all(len(names) == 1 for names in out)
    assert sorted(name for names in out for name in names) == field


def test_an_even_round_robin_has_no_sit_out():
    field = ["A", "B", "C", "D"]
    assert all(sitting_out(field, day) == [] for day in round_robin(field))


def test_a_given_bye_names_its_entrant_as_sitting_out():
    assert sitting_out(["A", "B", "C"], [("B", "C"), ("A", None)]) == ["A"]


def test_a_sit_out_is_worth_nothing_in_the_standings():
    rows = {row.entrant: row for row in rank(["A", "B", "C"], [won("B", "C")], ["points"])}
    assert (rows["A"].played, rows["A"].points, rows["A"].byes, rows["A"].games_won) == (
        0, 0, 0, 0)


def test_the_lot_marks_only_those_it_set_apart():
    rows = {row.entrant: row for row in rank(
        ["A", "B", "C", "D"], [won("A", "B"), won("C", "D")], ["points", "lots"], lots_seed=3)}
    assert all(rows[e].by_lot for e in "AC")  # level on points: the lot ordered them
    assert all(rows[e].by_lot for e in "BD")
    rows = {row.entrant: row for row in rank(
        ["A", "B", "C"], [won("A", "B"), won("A", "C"), won("B", "C")], ["points", "lots"],
        lots_seed=3)}
    assert not any(row.by_lot for row in rows.values())  # points told them apart
    assert all(row.lot is not None for row in rows.values())  # drawn all the same


def test_the_lot_marks_nobody_when_the_chain_has_no_lot():
    rows = rank(["A", "B"], [], ["points"])
    assert not any(row.by_lot for row in rows) and rows[0].rank == rows[1].rank


def test_the_lot_marks_only_the_tie_it_broke():
    results = [won("A", "C"), won("B", "C"), won("A", "D"), won("B", "D"), won("C", "D"),
               won("D", "C")]
    rows = {row.entrant: row for row in rank(["A", "B", "C", "D"], results,
                                             ["points", "games_won", "lots"], lots_seed=1)}
    assert rows["A"].by_lot and rows["B"].by_lot  # 6 points and 8 games each
    assert rows["C"].by_lot and rows["D"].by_lot  # 4 points and 4 games each
    results[-1] = won("C", "D")
    rows = {row.entrant: row for row in rank(["A", "B", "C", "D"], results,
                                             ["points", "games_won", "lots"], lots_seed=1)}
    assert rows["A"].by_lot and rows["B"].by_lot
    assert not rows["C"].by_lot and not rows["D"].by_lot  # C won both: points


def test_the_lot_marks_nobody_before_a_match_is_played():
    """Everyone level at nothing played: the lot orders the table, which says nothing yet."""
    rows = rank(["A", "B", "C"], [], ["points", "lots"], lots_seed=3)
    assert not any(row.by_lot for row in rows) and all(row.lot for row in rows)
    rows = {row.entrant: row for row in rank(["A", "B", "C", "D", "E"], [won("A", "B")],
                                             ["points", "lots"], lots_seed=3)}
    assert not any(rows[e].by_lot for e in "CDE")  # sitting out, or not played yet
