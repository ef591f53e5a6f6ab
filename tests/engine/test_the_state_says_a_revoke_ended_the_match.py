"""A revoke that costs the partida or the match ends a match outright (RULES.md, revoke): the
state names the side that revoked, which the result must say where the games cannot (in fixed
deals such a revoke gives no games). It kept no trace of it, so a match of fixed deals lost on a
revoke read as won on card points."""

import pytest

from scoring.engine import state_from
from tests.engine.helpers import play, revoke, won

FIXED = {"type": "fixed_deals", "deals": 8}


@pytest.mark.parametrize("penalty", ["partida", "match"])
def test_a_revoke_ending_a_fixed_deals_match_names_who_revoked(penalty):
    state = play(won(80), won(50), revoke("A"), revoke=penalty, fmt=FIXED)
    assert (state.games, state.winner, state.revoked) == ((1, 1), "B", "A")


@pytest.mark.parametrize("penalty", ["partida", "match"])
def test_a_revoke_ending_a_first_to_match_names_who_revoked(penalty):
    assert play(won(73), revoke("B"), revoke=penalty).revoked == "B"


def test_a_partida_revoke_names_who_revoked_only_once_it_ends_the_match():
    fmt = {"type": "partidas", "to_win": 2}
    assert play(won(95), revoke("B"), revoke="partida", fmt=fmt).revoked is None
    assert play(won(95), revoke("B"), revoke("B"), revoke="partida", fmt=fmt).revoked == "B"


def test_a_revoke_that_costs_games_ends_nothing_by_itself():
    state = play(won(95), revoke("B"))  # 2 + 2 games: A reaches 4
    assert (state.winner, state.revoked) == ("A", None)
    assert play(won(80), revoke("A"), revoke=4, fmt={"type": "fixed_deals", "deals": 2}
                ).revoked is None


def test_a_revoke_in_the_points_format_gives_card_points_and_ends_nothing_by_itself():
    fmt = {"type": "points", "target": 120}
    assert play(revoke("A"), revoke="match", fmt=fmt).revoked is None


def test_a_match_row_keeps_who_revoked():
    state = play(revoke("A"), preset="strict_revoke", fmt=FIXED)
    assert state.stored()["revoked"] == "A"
    assert state_from(state.stored()).revoked == "A"
