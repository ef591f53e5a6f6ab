"""A match of game sets that has ended shows the games of its last set, where the board, the
TV and the scoreboard's news read 0-0 (the set in play had restarted at 0)."""

import importlib
import re

from django.apps import apps

from scoring import engine, selectors, tv
from scoring.models import Match
from tests.conftest import make_match
from tests.engine.helpers import play, won
from tests.tournaments.helpers import record

BEST_OF_THREE = {"type": "partidas", "to_win": 2, "target": 4}
# A wins the first set 4-0, B the second 4-0 and the third 4-2.
DEALS = [95, 95, 30, 0, 30, 95, 30, 30, 0]


def finished_match(club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, fmt=BEST_OF_THREE)
    for points in DEALS:
        record(match, {"points": [points, 120 - points]})
    return Match.objects.get(pk=match.pk)


def test_the_engine_keeps_the_last_sets_games_once_the_match_is_over():
    state = play(*(won(points) for points in DEALS), fmt=BEST_OF_THREE)
    assert (state.finished, state.partidas, state.partida_games) == (True, (1, 2), (2, 4))
    in_play = play(won(95), won(95), fmt=BEST_OF_THREE)  # a set that ends mid-match restarts
    assert (in_play.finished, in_play.partidas, in_play.partida_games) == (False, (1, 0), (0, 0))


def test_the_scoreboard_shows_the_last_sets_games(client, club, pair_a, pair_b):
    match = finished_match(club, pair_a, pair_b)
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert re.findall(r"data-board-games[^>]*>(\d+)<", page) == ["2", "4"]
    assert re.findall(r"data-board-partidas>(\d+)<", page) == ["1", "2"]
    assert "Games: A 2 – 4 B · Game sets: A 1 – 2 B." in page
    assert [side[3] for side in selectors.board(match).sides] == [2, 4]


def test_the_tv_shows_the_last_sets_games(club, pair_a, pair_b):
    match = finished_match(club, pair_a, pair_b)
    assert tv.score_of(match) == ((2, 4), (1, 2))


def test_a_match_stored_before_is_given_its_last_sets_games(club, pair_a, pair_b):
    match = finished_match(club, pair_a, pair_b)
    Match.objects.filter(pk=match.pk).update(
        state={**match.state, "partida_games": [0, 0]},
        tally=[{key: value for key, value in row.items() if key not in ("partidas", "partida_games")}
               for row in match.tally])
    migration = importlib.import_module("scoring.migrations.0014_game_sets_on_the_tally")
    migration.tally_game_sets(apps, None)
    match.refresh_from_db()
    assert match.state["partida_games"] == [2, 4]
    assert [row["partida_games"] for row in match.tally][-3:] == [[2, 1], [2, 2], [2, 4]]
    rules = engine.rules_from(overrides=match.rules)
    assert match.state == engine.replay(rules, engine.format_from(match.format), match.first_dealer,
                                        [engine.deal_from({"points": [p, 120 - p]})
                                         for p in DEALS]).stored()
