"""GET /api/v1/tournaments/<slug>: rounds, matches, standings and champion, with an ETag."""

import pytest

from tests.tournaments.helpers import in_play, make_tournament, play, play_to_the_end, record
from tests.tournaments.public_helpers import knockout_of_13, play_rounds, swiss
from tournaments import selectors, services
from tournaments.models import Pairing

TOP = {"slug", "name", "status", "structure", "points", "rounds", "standings", "champion",
       "placings"}
ROUND = {"number", "date", "opened", "matches", "sitting_out"}
MATCH = {"id", "table", "a", "b", "finished", "winner", "games", "score", "walkover", "withdrawal",
         "awaiting_confirmation", "postponed_to"}
STANDING = {"rank", "partnership", "points", "games", "played", "won", "drawn", "lost",
            "byes", "games_lost", "partidas_won", "partidas_lost", "card_points",
            "card_points_against", "card_point_difference", "buchholz", "decided",
            "by_lot"}


def body(client, tournament) -> dict:
    response = client.get(f"/api/v1/tournaments/{tournament.slug}")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    return response.json()


@pytest.fixture
def knockout(club):
    tournament = knockout_of_13(club, tables_count=4)
    play(in_play(tournament)[0], "B")
    return tournament


def test_it_has_exactly_the_documented_shape(client, knockout):
    data = body(client, knockout)
    assert set(data) == TOP
    assert all(set(r) == ROUND for r in data["rounds"])
    assert all(set(m) == MATCH for r in data["rounds"] for m in r["matches"])
    assert all(set(s) == STANDING for s in data["standings"])
    assert (data["slug"], data["name"], data["status"], data["structure"], data["champion"]) == (
        knockout.slug, "Torneio knockout 13", "running", "knockout", None)


def test_matches_say_who_plays_where_and_who_won(client, knockout):
    matches = body(client, knockout)["rounds"][0]["matches"]
    assert len(matches) == 8
    byes = [m for m in matches if m["b"] is None]
    assert len(byes) == 3 and all(
        m["id"] is None and m["table"] is None and m["finished"] and m["winner"] == "A"
        and m["games"] == m["score"] == [4, 0]  # a walkover's, as the standings count it
        and not m["walkover"] for m in byes)
    won = [m for m in matches if m["finished"] and m["b"] is not None]
    pairing = Pairing.objects.get(match_id=won[0]["id"])
    assert won[0]["winner"] == "B" and won[0]["games"] == [0, 4]
    assert won[0]["table"] == pairing.table.number
    assert won[0]["a"] == pairing.a.partnership.display_name
    playing = [m for m in matches if m["id"] and not m["finished"]]
    assert len(playing) == 4 and all(m["winner"] is None and m["table"] for m in playing)


def test_a_match_waiting_for_a_table_has_no_id_and_no_table(client, club):
    tournament = knockout_of_13(club, tables_count=4)
    matches = body(client, tournament)["rounds"][0]["matches"]
    waiting = [m for m in matches if m["id"] is None and m["b"] is not None]
    assert len(waiting) == 1 and waiting[0]["table"] is None
    assert not waiting[0]["finished"] and waiting[0]["winner"] is None


def test_a_walkover_has_no_match_and_the_awarded_games(client, knockout):
    pairing = in_play(knockout)[0]
    services.pairing_walkover(pairing=pairing, present="B")
    walkovers = [m for m in body(client, knockout)["rounds"][0]["matches"] if m["walkover"]]
    # the table it was drawn at, though no match is played there
    assert walkovers == [{**walkovers[0], "id": None, "table": pairing.table.number,
                          "finished": True, "winner": "B", "games": [0, 4]}]


def test_a_level_fixed_deal_match_is_a_draw_without_a_winner(client, club):
    tournament = swiss(club, size=4, rounds=2, fmt={"type": "fixed_deals", "deals": 2})
    match = in_play(tournament)[0].match
    record(match, {"points": [60, 60]})
    record(match, {"points": [60, 60]})
    drawn = next(m for m in body(client, tournament)["rounds"][0]["matches"] if m["id"] == match.pk)
    assert drawn["finished"] and drawn["winner"] is None and drawn["games"] == [0, 0]


def test_standings_follow_the_tie_break_chain(client, club):
    tournament = swiss(club, size=8, rounds=3)
    play_rounds(tournament, 2)
    data = body(client, tournament)
    ranked = selectors.standings(tournament, list(selectors.pairings(tournament)),
                                 selectors.entries(tournament))
    assert [(s["rank"], s["partnership"], s["points"], s["games"]) for s in data["standings"]] == [
        (s.row.rank, s.entry.partnership.display_name, s.row.points, s.row.games_won)
        for s in ranked]
    assert [r["number"] for r in data["rounds"]] == [1, 2, 3]


def test_a_finished_tournament_names_its_champion(client, club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    data = body(client, tournament)
    assert data["status"] == "finished"
    assert data["champion"] == tournament.champion.partnership.display_name


def test_it_answers_304_to_a_matching_etag_with_one_query(client, knockout,
                                                          django_assert_num_queries):
    etag = client.get(f"/api/v1/tournaments/{knockout.slug}")["ETag"]
    with django_assert_num_queries(1):
        response = client.get(f"/api/v1/tournaments/{knockout.slug}",
                              headers={"If-None-Match": etag})
    assert response.status_code == 304


def test_a_deal_changes_the_etag(client, knockout):
    url = f"/api/v1/tournaments/{knockout.slug}"
    etag = client.get(url)["ETag"]
    record(in_play(knockout)[0].match, {"points": [95, 25]})
    response = client.get(url, headers={"If-None-Match": etag})
    assert response.status_code == 200 and response["ETag"] != etag


def test_an_unknown_tournament_is_a_json_404(client, db):
    response = client.get("/api/v1/tournaments/nowhere")
    assert response.status_code == 404 and response.json() == {"error": "No such tournament."}
