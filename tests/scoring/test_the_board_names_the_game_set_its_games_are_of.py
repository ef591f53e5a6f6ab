"""In game sets the board's big numbers are one set's games: the board names that set ("Game set
3") above them, so 5-3 is not read as the match's games (the club page said "jogos 9-8")."""

import re

from tests.conftest import make_match
from tests.tournaments.helpers import record

BEST_OF_THREE = {"type": "partidas", "to_win": 2, "target": 4}


def board_labels(client, match):
    page = client.get(f"/m/{match.pk}/").content.decode()
    return re.findall(r'class="games-label" data-board-set>([^<]*)<', page)


def test_the_set_in_play_is_named_above_its_games(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, fmt=BEST_OF_THREE)
    assert board_labels(client, match) == ["Game set 1", "Game set 1"]
    for points in (95, 95):  # A wins the first set 4-0
        record(match, {"points": [points, 120 - points]})
    assert board_labels(client, match) == ["Game set 2", "Game set 2"]


def test_a_finished_match_names_its_last_set(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, fmt=BEST_OF_THREE)
    for points in (95, 95, 30, 0, 30, 95, 30, 30, 0):  # 1-2 in sets, the third 2-4
        record(match, {"points": [points, 120 - points]})
    assert board_labels(client, match) == ["Game set 3", "Game set 3"]


def test_a_match_of_games_has_no_set_label(client, match):
    assert board_labels(client, match) == []


def test_a_match_lost_on_a_revoke_names_the_set_it_was_in(client, club, pair_a, pair_b):
    """A revoke that loses the match credits the sets never played (3-0 in sets): the board
    names the set the revoke was in, not the third."""
    match = make_match(club, pair_a, pair_b, preset="strict_revoke",
                       fmt={"type": "partidas", "to_win": 3, "target": 4})
    record(match, {"points": [120, 0], "flag": "A"})  # A wins set 1
    record(match, {"points": [20, 100]})  # B 2 games in set 2
    record(match, {"revoke": "B"})
    assert board_labels(client, match) == ["Game set 2", "Game set 2"]
