"""Previewing what a deal would award before the referee saves it."""

import pytest

from scoring.engine import Deal, DealError, award, format_from, new_match, replay, rules_from
from tests.engine.helpers import won

RULES = rules_from()
FIRST_TO_4 = format_from(None)


def test_a_preview_tells_the_games_and_the_side():
    preview = award(RULES, FIRST_TO_4, new_match(RULES, FIRST_TO_4), won(95))
    assert (preview.side, preview.games, preview.points, preview.kind) == (
        "A", (2, 0), (95, 25), "points")
    assert not preview.flag
    assert not (preview.ends_partida or preview.ends_match)


def test_a_preview_names_the_dealer():
    state = new_match(RULES, FIRST_TO_4, first_dealer=2)
    assert award(RULES, FIRST_TO_4, state, won(95)).dealer == 2


def test_a_preview_tells_a_flag_that_ends_the_match():
    preview = award(RULES, FIRST_TO_4, new_match(RULES, FIRST_TO_4), won(0, flag="B"))
    assert preview.flag
    assert (preview.games, preview.ends_partida, preview.ends_match, preview.winner) == (
        (0, 4), True, True, "B")


def test_a_preview_tells_a_partida_won_but_not_the_match():
    fmt = format_from({"type": "partidas"})
    state = replay(RULES, fmt, 0, [won(95)])
    preview = award(RULES, fmt, state, won(100))
    assert (preview.ends_partida, preview.ends_match, preview.winner) == (True, False, None)


def test_a_preview_of_a_tie_has_no_side_and_tells_the_pending_games():
    rules = rules_from("carry_ties")
    preview = award(rules, FIRST_TO_4, new_match(rules, FIRST_TO_4), won(60))
    assert (preview.side, preview.games, preview.carry) == (None, (0, 0), 1)


def test_a_preview_does_not_record_the_deal():
    state = replay(RULES, FIRST_TO_4, 0, [won(70)])
    award(RULES, FIRST_TO_4, state, won(95))
    assert state.deals_played == 1


def test_a_preview_refuses_impossible_points():
    with pytest.raises(DealError, match="add up to 120"):
        award(RULES, FIRST_TO_4, new_match(RULES, FIRST_TO_4), Deal(points=(70, 70)))


def test_a_preview_refuses_a_deal_on_a_finished_match():
    state = replay(RULES, FIRST_TO_4, 0, [won(120, flag="A")])
    with pytest.raises(DealError, match="finished"):
        award(RULES, FIRST_TO_4, state, won(70))
