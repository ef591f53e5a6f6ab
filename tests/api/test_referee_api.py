"""POST /api/v1/referee/<token>/deals and /undo: idempotent, validated, scoped to the token."""

import json
import uuid

import pytest

from scoring.models import AuditEntry, Deal, RefereeRequest
from scoring.services import referee_link_revoke


def post(client, link, body, key=None, path="deals", **headers):
    return client.post(
        f"/api/v1/referee/{link.token}/{path}", data=json.dumps(body),
        content_type="application/json",
        headers={"Idempotency-Key": key or str(uuid.uuid4()), **headers},
    )


def test_a_deal_is_recorded_and_the_new_state_returned(client, referee_link):
    response = post(client, referee_link, {"points": [95, 25]})
    assert response.status_code == 201
    body = response.json()
    assert body["games"] == [2, 0]
    assert body["next_dealer"] == 3
    assert body["deals"] == [{"dealer": 0, "games": [2, 0]}]
    assert body["a"]["players"] == ["Ana Silva", "Bruno Costa"]


def test_a_retry_with_the_same_key_returns_the_same_answer_and_adds_nothing(client, referee_link):
    first = post(client, referee_link, {"points": [95, 25]}, key="retry-1")
    second = post(client, referee_link, {"points": [95, 25]}, key="retry-1")
    assert second.status_code == first.status_code == 201
    assert second.json() == first.json()
    assert Deal.objects.filter(match=referee_link.match).count() == 1


def test_a_retry_after_the_match_finished_still_gets_its_first_answer(client, referee_link):
    first = post(client, referee_link, {"points": [120, 0], "flag": "A"}, key="win")
    assert first.json()["finished"] is True
    assert post(client, referee_link, {"points": [120, 0], "flag": "A"}, key="win").json() == (
        first.json())


def test_an_impossible_deal_is_a_400_with_a_message_and_changes_nothing(client, referee_link):
    response = post(client, referee_link, {"points": [70, 40]})
    assert response.status_code == 400
    assert "120" in response.json()["error"]
    assert not Deal.objects.exists()
    assert not RefereeRequest.objects.exists()


@pytest.mark.parametrize("body", [
    [70, 50], "points", {"points": [60]}, {"points": [60, 60], "extra": 1},
    {"points": [60.5, 59.5]}, {"revoke": "C"}, {"points": [120, 0], "trump": "X"},
])
def test_malformed_bodies_are_refused_with_400(client, referee_link, body):
    response = post(client, referee_link, body)
    assert response.status_code == 400
    assert response.json()["error"]
    assert not Deal.objects.exists()


def test_a_body_that_is_not_json_is_a_400(client, referee_link):
    response = client.post(f"/api/v1/referee/{referee_link.token}/deals", data="{nope",
                           content_type="application/json", headers={"Idempotency-Key": "x"})
    assert response.status_code == 400


def test_a_write_without_an_idempotency_key_is_refused(client, referee_link):
    response = client.post(f"/api/v1/referee/{referee_link.token}/deals",
                           data=json.dumps({"points": [70, 50]}), content_type="application/json")
    assert response.status_code == 400
    assert "Idempotency-Key" in response.json()["error"]


def test_a_deal_on_a_finished_match_is_a_409(client, referee_link):
    post(client, referee_link, {"points": [0, 120], "flag": "B"})
    response = post(client, referee_link, {"points": [70, 50]})
    assert response.status_code == 409
    assert Deal.objects.count() == 1


def test_an_unknown_token_is_a_404(client, db):
    response = client.post("/api/v1/referee/not-a-token/deals", data="{}",
                           content_type="application/json", headers={"Idempotency-Key": "k"})
    assert response.status_code == 404


def test_a_revoked_token_is_a_403(client, referee_link, organiser):
    referee_link_revoke(link=referee_link, user=organiser)
    assert post(client, referee_link, {"points": [70, 50]}).status_code == 403
    assert client.get(f"/api/v1/referee/{referee_link.token}").status_code == 403
    assert not Deal.objects.exists()


def test_a_stale_if_match_is_refused_as_a_conflict(client, referee_link):
    seen = client.get(f"/api/v1/referee/{referee_link.token}")["ETag"]
    post(client, referee_link, {"points": [70, 50]})
    response = post(client, referee_link, {"points": [70, 50]}, **{"If-Match": seen})
    assert response.status_code == 409
    assert Deal.objects.count() == 1


def test_undo_takes_back_the_last_deal_once_per_key(client, referee_link):
    post(client, referee_link, {"points": [70, 50]})
    post(client, referee_link, {"points": [95, 25]})
    first = post(client, referee_link, {}, key="undo-1", path="undo")
    again = post(client, referee_link, {}, key="undo-1", path="undo")
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert first.json()["games"] == [1, 0]
    assert Deal.objects.filter(active=True).count() == 1
    assert AuditEntry.objects.filter(action="undone").count() == 1


def test_undo_with_no_deal_is_refused(client, referee_link):
    response = post(client, referee_link, {}, path="undo")
    assert response.status_code == 400
    assert response.json()["error"]


def test_writes_ignore_cookies_and_need_no_csrf_token(client, referee_link, organiser):
    client.force_login(organiser)
    client.handler.enforce_csrf_checks = True
    assert post(client, referee_link, {"points": [70, 50]}).status_code == 201
    assert Deal.objects.get().created_by is None


@pytest.mark.parametrize("tag", ['m1-0', '"m1-0", "m1-0"', 'W/"m1-0"', "garbage"])
def test_an_if_match_that_is_not_the_apis_etag_is_refused_not_ignored(client, referee_link,
                                                                       tag):
    """Unquoted, weak, a list or anything else: a phone that sends it would otherwise lose the
    check that another phone changed the match, without being told."""
    post(client, referee_link, {"points": [70, 50]})
    response = post(client, referee_link, {"points": [70, 50]}, **{"If-Match": tag})
    assert response.status_code == 400
    assert '"m<id>-<version>"' in response.json()["error"]
    assert Deal.objects.count() == 1


def test_if_match_star_asks_for_no_version(client, referee_link):
    assert post(client, referee_link, {"points": [70, 50]}, **{"If-Match": "*"}).status_code == 201


@pytest.mark.parametrize("key", ["k" * 65, "chave-ã", "a\tb"])
def test_a_malformed_key_is_told_apart_from_a_missing_one(client, referee_link, key):
    response = post(client, referee_link, {"points": [70, 50]}, key=key)
    assert response.status_code == 400
    assert "at most 64 printable ASCII characters" in response.json()["error"]


@pytest.mark.parametrize(("first", "then", "said"), [("deals", "undo", "a deal"),
                                                     ("undo", "deals", "an undo")])
def test_a_key_sent_again_with_the_other_write_is_refused(client, referee_link, first, then,
                                                          said):
    post(client, referee_link, {"points": [70, 50]})
    assert post(client, referee_link, {"points": [95, 25]} if first == "deals" else {},
                key="one-key", path=first).status_code in (200, 201)
    before = list(Deal.objects.values_list("id", "active"))
    response = post(client, referee_link, {"points": [95, 25]} if then == "deals" else {},
                    key="one-key", path=then)
    assert response.status_code == 400
    assert f"already sent with {said}" in response.json()["error"]
    assert list(Deal.objects.values_list("id", "active")) == before


@pytest.mark.parametrize(("body", "language", "said"), [
    ({"flag": True}, "en", "true is not one of"),
    ({"revoke": ["A"]}, "en", '["A"] is not one of'),
    ({"points": [70, 50], "trump": 1}, "pt-PT", "1 não se encontra"),
    ({"points": [70, 50], "match": 0}, "pt-PT", "match: "),
])
def test_refusals_quote_values_and_fields_as_json_has_them(client, referee_link, body, language,
                                                           said):
    response = post(client, referee_link, body, **{"Accept-Language": language})
    assert response.status_code == 400
    assert said in response.json()["error"]
