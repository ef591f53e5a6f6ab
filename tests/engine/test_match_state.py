"""The match state as a scoreboard and the conformance command read it."""

import json

from scoring.engine import DealResult, MatchState, format_from, new_match, rules_from
from tests.engine.helpers import play, won


def test_a_new_match_is_empty_and_knows_its_dealer():
    state = new_match(rules_from(), format_from(None), first_dealer=2)
    assert state == MatchState(next_dealer=2)
    assert (state.deals_played, state.finished, state.winner) == (0, False, None)


def test_the_result_has_exactly_the_conformance_keys_as_json_types():
    result = play(won(73), won(60)).as_result()
    assert result == {
        "ok": True, "games": [1, 0], "partidas": [0, 0], "points": [133, 107],
        "finished": False, "winner": None, "next_dealer": 2, "carry": 0,
        "deals": [{"dealer": 0, "games": [1, 0]}, {"dealer": 3, "games": [0, 0]}],
    }
    assert json.loads(json.dumps(result)) == result


def test_deals_played_counts_every_deal():
    assert play(won(73), won(60), won(30)).deals_played == 3


def test_partida_games_follow_the_running_partida():
    assert play(won(73), won(95)).partida_games == (3, 0)


def test_a_deal_result_shows_its_dealer_and_games():
    assert DealResult(dealer=3, games=(0, 2)).as_dict() == {"dealer": 3, "games": [0, 2]}
