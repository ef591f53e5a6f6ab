"""Deciding matches (negra): the chain's last criterion, the ties it settles per scope, and the
small knockout among three or more tied."""

import pytest

from tournaments.formats import MatchResult, StandingRow, deciding, rank
from tournaments.formats.tiebreaks import check_chain

CHAIN = ["points", "deciding"]


def won(a, b):
    return MatchResult(a, b, winner=a)


def rows_of(entrants, results, order=None):
    return rank(entrants, results, CHAIN, deciding=order)


@pytest.mark.parametrize("chain, message", [
    (["deciding", "points"], "only be the last"),
    (["points", "lots", "deciding"], "choose one"),
    (["points", "deciding", "lots"], "choose one"),
])
def test_a_deciding_match_comes_last_and_never_with_lots(chain, message):
    with pytest.raises(ValueError, match=message):
        check_chain(chain)


def test_a_chain_may_end_with_a_deciding_match():
    assert check_chain(["points", "head_to_head", "deciding"])[-1] == "deciding"


def test_rank_uses_the_deciding_order_only_for_what_the_chain_leaves_level():
    results = [won("A", "B"), won("B", "C"), won("C", "A"), won("D", "A")]  # 5, 4, 4, 3 points
    rows = rows_of("ABCD", results, {"C": 1, "B": 2, "D": 1})
    assert [r.entrant for r in rows] == ["A", "C", "B", "D"]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    assert [r.decided for r in rows] == [False, True, True, False]


def test_without_a_deciding_order_the_tied_stay_level_and_undecided():
    rows = rows_of("AB", [MatchResult("A", "B", winner=None)])
    assert [r.rank for r in rows] == [1, 1] and not any(r.decided for r in rows)


def test_those_with_no_deciding_place_come_after_those_with_one():
    rows = rows_of("ABC", [], {"C": 1, "B": 2})
    assert [r.entrant for r in rows] == ["C", "B", "A"]


def level(*groups):
    """Rows where each string is a group of entrants sharing a rank."""
    rows, place = [], 1
    for group in groups:
        rows += [StandingRow(rank=place, entrant=entrant) for entrant in group]
        place += len(group)
    return rows


@pytest.mark.parametrize("scope, qualifying, expected", [
    ("qualifying", 0, ["AB"]),  # the champion's place only
    ("qualifying", 3, ["AB"]),  # the cut between 3 and 4 is not shared
    ("qualifying", 4, ["AB", "DE"]),  # D and E share places 4 and 5 across the cut
    ("podium", 0, ["AB"]),
    ("every", 0, ["AB", "DE", "GH"]),
])
def test_which_ties_matter_for_each_scope(scope, qualifying, expected):
    rows = level("AB", "C", "DE", "F", "GH")  # places 1-2, 3, 4-5, 6, 7-8
    assert ["".join(t) for t in deciding.ties_to_settle(rows, scope, qualifying)] == expected


def test_a_tie_for_third_and_fourth_is_on_the_podium():
    assert deciding.ties_to_settle(level("A", "B", "CD"), "podium") == [list("CD")]


def test_a_tie_across_the_qualifying_cut_or_on_the_podium_matters():
    rows = level("A", "BCD", "E")  # places 1, 2-4, 5
    assert deciding.ties_to_settle(rows, "qualifying", 2) == [list("BCD")]
    assert deciding.ties_to_settle(rows, "qualifying", 4) == []
    assert deciding.ties_to_settle(rows, "podium") == [list("BCD")]


def test_the_withdrawn_take_no_place_and_alone_with_one_other_make_no_tie():
    rows = level("A", "WB", "CD")  # among those still in: A 1st, B 2nd, C and D 3rd-4th
    assert deciding.ties_to_settle(rows, "qualifying", 1, out={"W"}) == []
    assert deciding.ties_to_settle(rows, "qualifying", 3, out={"W"}) == [list("CD")]
    rows = level("WAB", "C")  # W forfeits its deciding matches but keeps the knockout whole
    assert deciding.ties_to_settle(rows, "qualifying", 0, out={"W"}) == [list("WAB")]


def test_two_tied_play_one_match_and_its_winner_goes_first():
    off = deciding.play_off("AB", {})
    assert off.pending == [("A", "B", False)] and off.code == "final"
    assert deciding.play_off("AB", {frozenset("AB"): "B"}).places == {"B": 1, "A": 2}


def test_three_tied_give_the_best_a_bye_into_the_final():
    off = deciding.play_off("ABC", {})
    assert off.pending == [("B", "C", False)] and off.code == "semi_final"
    off = deciding.play_off("ABC", {frozenset("BC"): "C"})
    assert off.pending == [("A", "C", False)]
    done = deciding.play_off("ABC", {frozenset("BC"): "C", frozenset("AC"): "C"})
    assert done.places == {"C": 1, "A": 2, "B": 3}


def test_four_tied_play_for_third_place_alongside_the_final():
    semis = {frozenset("AD"): "A", frozenset("BC"): "C"}
    off = deciding.play_off("ABCD", semis)
    assert off.pending == [("A", "C", False), ("D", "B", True)]
    done = deciding.play_off("ABCD", {**semis, frozenset("AC"): "C", frozenset("BD"): "D"})
    assert done.places == {"C": 1, "A": 2, "D": 3, "B": 4}


def test_beyond_the_podium_those_out_in_one_round_stay_level():
    field = "ABCDEF"  # a quarter-final round: A and B have byes
    results = {frozenset("DE"): "D", frozenset("CF"): "C", frozenset("AD"): "A",
               frozenset("BC"): "B", frozenset("AB"): "A", frozenset("DC"): "C"}
    assert deciding.play_off(field, results).places == {
        "A": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 5}


def test_settle_plays_the_tie_and_then_the_ties_it_leaves_in_scope():
    entrants = list("ABCDEF")

    def rank_with(order):
        return rank(entrants, [], ["points", "deciding"], deciding=order)

    assert [o.pending for o in deciding.settle(rank_with, "podium", 0, {}).playing] == [
        [("D", "E", False), ("C", "F", False)]]
    first = {frozenset("DE"): "D", frozenset("CF"): "C", frozenset("AD"): "A",
             frozenset("BC"): "B", frozenset("AB"): "A", frozenset("DC"): "C"}
    podium = deciding.settle(rank_with, "podium", 0, first)
    assert not podium.playing and [r.rank for r in podium.rows] == [1, 2, 3, 4, 5, 5]
    every = deciding.settle(rank_with, "every", 0, first)
    assert [o.pending for o in every.playing] == [[("E", "F", False)]]
    last = deciding.settle(rank_with, "every", 0, {**first, frozenset("EF"): "F"})
    assert [r.entrant for r in last.rows] == list("ABCDFE") and not last.playing
    assert all(r.decided for r in last.rows)


def test_a_knockout_nobody_won_leaves_its_tie_level_without_playing_again():
    def rank_with(order):
        return rank(["A", "B"], [], ["points", "deciding"], deciding=order)

    settled = deciding.settle(rank_with, "every", 0, {frozenset("AB"): None})
    assert not settled.playing and [r.rank for r in settled.rows] == [1, 1]
