"""An htmx poll that sends back exactly the ETag it was given is answered 304 without parsing
anything (sueca_club/live.py, `_unchanged`); every other conditional request still gets what
Django's conditional answer says (weak or listed ETags, If-Match)."""

import pytest

POLL = {"HX-Request": "true"}


@pytest.fixture
def scoreboard(client, match):
    path = f"/m/{match.pk}/"
    first = client.get(path, headers=POLL)
    assert first.status_code == 200
    return path, first["ETag"]


def test_the_same_etag_back_is_a_304_that_carries_what_the_200_would(client, scoreboard):
    path, etag = scoreboard
    answer = client.get(path, headers={**POLL, "If-None-Match": etag})
    assert answer.status_code == 304 and answer.content == b""
    assert answer["ETag"] == etag
    assert answer["Cache-Control"] == "no-cache"
    assert {"HX-Request", "Cookie"} <= {v.strip() for v in answer["Vary"].split(",")}


@pytest.mark.parametrize("sent", ["W/{etag}", '"older", {etag}', "*"])
def test_a_weak_listed_or_any_etag_is_still_a_304(client, scoreboard, sent):
    path, etag = scoreboard
    answer = client.get(path, headers={**POLL, "If-None-Match": sent.format(etag=etag)})
    assert answer.status_code == 304 and answer["ETag"] == etag


def test_another_etag_gets_the_page(client, scoreboard):
    path, etag = scoreboard
    answer = client.get(path, headers={**POLL, "If-None-Match": '"older"'})
    assert answer.status_code == 200 and answer["ETag"] == etag


def test_a_failed_if_match_is_answered_412_even_when_the_etag_is_sent_back(client, scoreboard):
    path, etag = scoreboard
    answer = client.get(path, headers={**POLL, "If-None-Match": etag, "If-Match": '"older"'})
    assert answer.status_code == 412
