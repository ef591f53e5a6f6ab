"""GET /api/v1/matches/<id> and /api/v1/referee/<token>: the conformance shape, with ETags."""

import uuid

from scoring import engine, services
from scoring.models import Match
from tests.conftest import make_match
from tests.scoring.variant_matches import FOURS, double_pack_match


def record(match, *deals):
    for deal in deals:
        services.deal_record(match_id=match.pk, deal=engine.deal_from(deal), key=str(uuid.uuid4()))
    match.refresh_from_db()


def test_it_returns_the_conformance_result_plus_teams_rules_and_version(client, match):
    record(match, {"points": [73, 47]}, {"points": [30, 90]})
    body = client.get(f"/api/v1/matches/{match.pk}").json()
    assert body["id"] == match.pk
    assert body["version"] == match.version
    assert body["games"] == [1, 1] and body["points"] == [103, 137]
    assert body["partidas"] == [0, 0] and body["carry"] == 0
    assert body["finished"] is False and body["winner"] is None
    assert body["next_dealer"] == 2
    assert body["deals"] == [{"dealer": 0, "games": [1, 0]}, {"dealer": 3, "games": [0, 1]}]
    assert body["a"] == {"id": match.a.pk, "name": "Ana Silva & Bruno Costa",
                         "players": ["Ana Silva", "Bruno Costa"]}
    assert body["rules"]["rotation"] == "counterclockwise"
    assert body["format"] == {"type": "first_to", "target": 4}


def test_it_answers_304_to_a_matching_etag_with_one_query(client, match,
                                                           django_assert_num_queries):
    etag = client.get(f"/api/v1/matches/{match.pk}")["ETag"]
    with django_assert_num_queries(1):
        response = client.get(f"/api/v1/matches/{match.pk}", headers={"If-None-Match": etag})
    assert response.status_code == 304


def test_a_weak_etag_in_a_list_is_a_304_that_carries_the_etag_and_no_cache(client, match,
                                                                           referee_link):
    for url in (f"/api/v1/matches/{match.pk}", f"/api/v1/referee/{referee_link.token}"):
        etag = client.get(url)["ETag"]
        response = client.get(url, headers={"If-None-Match": f'"m0-1", W/{etag}'})
        assert response.status_code == 304, url
        assert response["ETag"] == etag and "no-cache" in response["Cache-Control"], url


def test_a_match_etag_reads_back_as_its_match_and_version_and_nothing_else_does(match):
    assert Match.parse_etag(match.etag) == (match.pk, match.version)
    assert Match.parse_etag(f" {Match.etag_for(match.pk, 12)} ") == (match.pk, 12)
    assert Match.parse_etag(Match.etag_for(match.pk + 1, 1)) == (match.pk + 1, 1)
    for other in (f"W/{match.etag}", f'"m{match.pk}-"', f'"m{match.pk}-²"',
                  f'"m{match.pk}-{"9" * 21}"', f"m{match.pk}-1", "*", ""):
        assert Match.parse_etag(other) is None, other


def test_a_new_deal_changes_the_etag(client, match):
    etag = client.get(f"/api/v1/matches/{match.pk}")["ETag"]
    record(match, {"points": [73, 47]})
    response = client.get(f"/api/v1/matches/{match.pk}", headers={"If-None-Match": etag})
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_its_query_count_does_not_grow_with_the_deals(client, club, pair_a, pair_b,
                                                      django_assert_max_num_queries):
    long = make_match(club, pair_a, pair_b, fmt={"type": "fixed_deals", "deals": 40})
    record(long, *([{"points": [70, 50]}] * 39))
    with django_assert_max_num_queries(3):  # the version, the match, its deals (the tally)
        assert client.get(f"/api/v1/matches/{long.pk}").status_code == 200


def test_an_unknown_match_is_a_404(client, db):
    assert client.get("/api/v1/matches/999").status_code == 404


def test_the_referee_read_shows_the_tokens_match(client, referee_link):
    body = client.get(f"/api/v1/referee/{referee_link.token}").json()
    assert body["id"] == referee_link.match_id


def test_it_keeps_every_key_and_adds_the_tally_of_the_deals(client, match):
    record(match, {"points": [73, 47]}, {"points": [60, 60]})
    body = client.get(f"/api/v1/matches/{match.pk}").json()
    assert set(body) == {"id", "version", "a", "b", "rules", "format", "first_dealer", "games",
                         "partidas", "points", "finished", "winner", "next_dealer", "carry",
                         "deals", "awaiting_confirmation", "confirm_by_opponent", "abandoned",
                         "tally"}
    assert [(row["number"], row["points"], row["games"], row["kind"], row["running"])
            for row in body["tally"]] == [(1, [73, 47], [1, 0], "points", [1, 0]),
                                          (2, [60, 60], [0, 0], "tie", [1, 0])]
    assert [row["dealer"] for row in body["tally"]] == ["Ana Silva", "Duarte Lima"]


def test_phones_polling_a_match_share_one_body_per_version(client, match,
                                                          django_assert_num_queries):
    record(match, {"points": [73, 47]})
    first = client.get(f"/api/v1/matches/{match.pk}")
    with django_assert_num_queries(1):  # the version: the body is the one already built
        again = client.get(f"/api/v1/matches/{match.pk}")
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert again["Content-Type"] == "application/json"
    record(match, {"points": [30, 90]})
    assert client.get(f"/api/v1/matches/{match.pk}").json()["games"] == [1, 1]


def test_a_partnership_of_four_names_its_four_players(client, club):
    match = double_pack_match(club)
    body = client.get(f"/api/v1/matches/{match.pk}").json()
    assert [body["a"]["players"], body["b"]["players"]] == [list(names) for names in FOURS]
