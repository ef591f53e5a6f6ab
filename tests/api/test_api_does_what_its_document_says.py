"""docs/api.md checked against the answers."""

import pytest

from tests.tournaments.test_double_elimination_events import make_event

pytestmark = pytest.mark.django_db


def test_bracket_titles_follow_the_request_language(client, club):
    """A body in the language the client asked for (Content-Language says so); docs/api.md
    shows "Winners' round 1" for an English client."""
    tournament = make_event(club, 6)
    url = f"/api/v1/tournaments/{tournament.slug}"
    portuguese = client.get(url, headers={"Accept-Language": "pt-PT"})
    english = client.get(url, headers={"Accept-Language": "en"})
    assert english["Content-Language"] == "en"
    assert english.json()["bracket"]["winners"][0]["title"] == "Winners' round 1", (
        portuguese.json()["bracket"]["winners"][0]["title"])


def test_vary_header_is_well_formed(client, match):
    response = client.get(f"/api/v1/matches/{match.pk}")
    assert not response["Vary"].startswith(","), response["Vary"]


def test_if_match_of_the_tables_previous_match_is_refused(club):
    """docs/api.md: `If-Match: "m<id>-<version>"` refuses the deal with 409 if the match
    changed since that version. A table's phone that sends the ETag of the match it has seen
    must not have its deal scored on the next match the table moved on to."""
    import json

    from django.test import Client

    from tests.tournaments.helpers import make_tournament, post_deal
    from tournaments import services as tournament_services

    tournament = make_tournament(club, 4, structure="rounds", tables_count=1, rounds_count=3)
    tournament_services.tournament_start(tournament=tournament)
    table = tournament.tables.select_related("link").get()
    token = table.link.token
    client = Client()
    first = client.get(f"/api/v1/referee/{token}")
    etag = first["ETag"]
    assert post_deal(token, "ends-first").status_code == 201  # a flag: 4-0, finished
    table.link.refresh_from_db()
    assert table.link.match_id and table.link.match_id != first.json()["id"]  # moved on
    response = client.post(f"/api/v1/referee/{token}/deals", data=json.dumps({"points": [70, 50]}),
                           content_type="application/json",
                           headers={"Idempotency-Key": "late", "If-Match": etag})
    assert response.status_code == 409, (etag, response.status_code, response.json().get("id"))


@pytest.mark.parametrize("body", [{"revoke": "A", "points": "70-50"},
                                  {"revoke": "A", "tricks": [11, 0]},
                                  {"revoke": "A", "trump": "Q"}, {"revoke": "A", "tie": "x"}])
def test_a_revoke_ignores_the_other_fields(client, referee_link, body):
    """docs/api.md: "`revoke`: the side that revoked; the other fields of the deal are then
    ignored." """
    import json
    import uuid

    response = client.post(f"/api/v1/referee/{referee_link.token}/deals", data=json.dumps(body),
                           content_type="application/json",
                           headers={"Idempotency-Key": str(uuid.uuid4())})
    assert response.status_code == 201, response.json()


def test_a_revoke_sent_again_with_another_trump_is_the_same_deal(client, referee_link):
    """What a revoke ignores is not part of the deal: its retry with another trump gets the
    first answer, not "a different deal"."""
    import json

    def send(body):
        return client.post(f"/api/v1/referee/{referee_link.token}/deals", data=json.dumps(body),
                           content_type="application/json", headers={"Idempotency-Key": "k"})

    first = send({"revoke": "A"})
    again = send({"revoke": "A", "trump": "H"})
    assert first.status_code == 201 and (again.status_code, again.content) == (201,
                                                                               first.content)
