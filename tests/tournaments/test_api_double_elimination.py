"""GET /api/v1/tournaments/<slug> for a double elimination: the documented bracket shape."""

import pytest

from tests.tournaments.helpers import in_play, play, play_to_the_end
from tests.tournaments.test_double_elimination_events import make_event

pytestmark = pytest.mark.django_db

TOP = {"slug", "name", "status", "structure", "points", "rounds", "standings", "champion", "bracket",
       "placings"}
BRACKET = {"winners", "losers", "grand_final", "reset", "placings"}
ROUND = {"code", "title", "slots"}
SLOT = {"id", "status", "outcome", "a", "b", "winner_to", "loser_to", "match"}
SIDE = {"partnership", "bye", "from"}
MATCH = {"id", "table", "a", "b", "finished", "winner", "games", "score", "walkover", "withdrawal",
         "awaiting_confirmation", "postponed_to"}


def body(client, tournament) -> dict:
    response = client.get(f"/api/v1/tournaments/{tournament.slug}")
    assert response.status_code == 200
    return response.json()


def slots(bracket: dict) -> list[dict]:
    return ([s for r in bracket["winners"] + bracket["losers"] for s in r["slots"]]
            + bracket["grand_final"])


def test_it_has_exactly_the_documented_shape(client, club):
    tournament = make_event(club, 6)
    play(in_play(tournament)[0], "B")
    data = body(client, tournament)
    assert set(data) == TOP and data["structure"] == "double"
    bracket = data["bracket"]
    assert set(bracket) == BRACKET and bracket["reset"] is True and bracket["placings"] == []
    assert all(set(r) == ROUND for r in bracket["winners"] + bracket["losers"])
    assert [r["code"] for r in bracket["winners"]] == ["W1", "W2", "W3"]
    assert [r["code"] for r in bracket["losers"]] == ["L1", "L2", "L3", "L4"]
    assert [s["id"] for s in bracket["grand_final"]] == ["GF1", "GF2"]
    for slot in slots(bracket):
        assert set(slot) == SLOT and set(slot["a"]) == SIDE and set(slot["b"]) == SIDE
        assert slot["match"] is None or set(slot["match"]) == MATCH
    by_id = {s["id"]: s for s in slots(bracket)}
    assert by_id["GF1"]["a"]["from"] == {"slot": "W3-1", "as": "winner"}
    assert by_id["L1-1"]["b"]["from"] == {"slot": "W1-2", "as": "loser"}
    assert by_id["W1-1"]["status"] == "bye" and by_id["W1-1"]["b"]["bye"] is True
    assert by_id["W1-2"]["winner_to"] == {"slot": "W2-1", "side": "b"}
    assert by_id["W1-2"]["status"] == "played" and by_id["W1-2"]["outcome"] == "b"
    assert by_id["W2-1"]["b"]["partnership"] == by_id["W1-2"]["match"]["b"]


def test_a_finished_one_gives_its_champion_and_placings(client, club):
    tournament = make_event(club, 5, bracket_reset=False)
    play_to_the_end(tournament)
    data = body(client, tournament)
    placings = data["bracket"]["placings"]
    assert placings[0]["partnerships"] == [data["champion"]] and placings[0]["place"] == 1
    assert sum(len(p["partnerships"]) for p in placings) == 5
    assert [s["id"] for s in data["bracket"]["grand_final"]] == ["GF1"]
