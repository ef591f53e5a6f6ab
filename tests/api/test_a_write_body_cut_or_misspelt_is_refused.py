"""An undo or a choice of who deals first whose body is cut short, is not an object, or has
an entry the write does not read is refused (400) and changes nothing, as a deal's is: an
offline phone's `{"match": <id>}` cut or misspelt must never undo the table's next match. An
undo with no body at all still takes back the last deal of the table's match."""

import json
import uuid

import pytest

from scoring.models import Deal


def post(client, link, raw: bytes, path: str):
    return client.post(f"/api/v1/referee/{link.token}/{path}", data=raw,
                       content_type="application/json",
                       headers={"Idempotency-Key": str(uuid.uuid4())})


def deal(client, link):
    client.post(f"/api/v1/referee/{link.token}/deals", data=json.dumps({"points": [95, 25]}),
                content_type="application/json",
                headers={"Idempotency-Key": str(uuid.uuid4())})


@pytest.mark.parametrize(("raw", "said"), [
    (b"{bad", 'The body of an undo is empty, or {"match": <id>}: the match it was made for.'),
    (b'{"match": 1', 'The body of an undo is empty, or {"match": <id>}: the match it was made '
                     'for.'),
    (b"hello", 'The body of an undo is empty, or {"match": <id>}: the match it was made for.'),
    (b"[1]", 'The body of an undo is empty, or {"match": <id>}: the match it was made for.'),
    (b'{"mtach": 1}', "Unknown entry mtach in an undo."),
])
def test_an_undo_with_a_malformed_or_misspelt_body_undoes_nothing(client, referee_link, raw,
                                                                   said):
    deal(client, referee_link)
    response = post(client, referee_link, raw, "undo")
    assert (response.status_code, response.json()) == (400, {"error": said})
    assert Deal.objects.filter(match=referee_link.match, active=True).count() == 1


@pytest.mark.parametrize("raw", [b"", b"{}"])
def test_an_undo_with_no_body_or_an_empty_object_takes_back_the_last_deal(client, referee_link,
                                                                          raw):
    deal(client, referee_link)
    response = post(client, referee_link, raw, "undo")
    assert response.status_code == 200
    assert response.json()["deals"] == []


def test_an_undo_naming_its_match_still_undoes(client, referee_link):
    deal(client, referee_link)
    raw = json.dumps({"match": referee_link.match_id}).encode()
    assert post(client, referee_link, raw, "undo").json()["deals"] == []


@pytest.mark.parametrize(("raw", "said"), [
    (b'{"seat": 0, "foo": 1}', "Unknown entry foo in the choice of who deals first."),
    (b'{"seat": 0', 'The body must be {"seat": <seat>}: the seat of the player who deals '
                    "first, from 0 (A's first player) in the order of play."),
])
@pytest.mark.parametrize("keyed", [False, True])
def test_a_first_dealer_with_an_unknown_entry_or_cut_short_changes_nothing(
        client, referee_link, raw, said, keyed):
    headers = {"Idempotency-Key": str(uuid.uuid4())} if keyed else {}
    response = client.post(f"/api/v1/referee/{referee_link.token}/first-dealer", data=raw,
                           content_type="application/json", headers=headers)
    assert (response.status_code, response.json()) == (400, {"error": said})
    referee_link.match.refresh_from_db()
    assert referee_link.match.first_dealer == 0


def test_a_first_dealer_naming_its_seat_and_match_is_taken(client, referee_link):
    raw = json.dumps({"seat": 1, "match": referee_link.match_id}).encode()
    response = client.post(f"/api/v1/referee/{referee_link.token}/first-dealer", data=raw,
                           content_type="application/json")
    assert (response.status_code, response.json()["first_dealer"]) == (200, 1)
