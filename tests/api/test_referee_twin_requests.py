"""Two copies of one referee write at once, for two matches: the phone's request and its
retry straddle the moment the table moves on. The second waits on the first's key, then
answers what the first answered; nothing is recorded on the table's next match."""

import json
import threading

import pytest
from django.db import connection
from django.test import Client

from scoring import services
from scoring.models import Deal, RefereeLink, RefereeRequest
from tests.concurrency import needs_postgres, postgres_only  # noqa: F401
from tests.conftest import make_match

pytestmark = [*postgres_only, pytest.mark.usefixtures("needs_postgres")]
FLAG = {"points": [120, 0], "flag": "A"}


def test_a_retry_racing_the_first_copy_onto_the_next_match_gets_the_first_answer(
        club, pair_a, pair_b, monkeypatch):
    first_match, next_match = make_match(club, pair_a, pair_b), make_match(club, pair_b, pair_a)
    link = RefereeLink.objects.create(club=club, match=first_match, table_number=1)
    stored, go_on = threading.Event(), threading.Event()
    scores_changed = services._scores_changed  # the write's last statement, after its key's

    def written_then_wait(*args):
        scores_changed(*args)
        if threading.current_thread().name == "first":
            stored.set()  # its key is written, not committed
            assert go_on.wait(timeout=30)

    monkeypatch.setattr(services, "_scores_changed", written_then_wait)
    answers = {}

    def post(name):
        try:
            answers[name] = Client().post(
                f"/api/v1/referee/{link.token}/deals", data=json.dumps(FLAG),
                content_type="application/json", headers={"Idempotency-Key": "twin"})
        finally:
            connection.close()

    first = threading.Thread(target=post, args=("first",), name="first")
    first.start()
    assert stored.wait(timeout=30)
    RefereeLink.objects.filter(pk=link.pk).update(match=next_match)  # the table moved on
    second = threading.Thread(target=post, args=("second",), name="second")
    second.start()
    second.join(timeout=2)  # it waits on the first copy's key
    assert second.is_alive()
    go_on.set()
    first.join(timeout=30)
    second.join(timeout=30)

    assert answers["first"].status_code == 201
    assert (answers["second"].status_code, answers["second"].content) == (
        201, answers["first"].content)
    assert Deal.objects.filter(match=first_match).count() == 1
    assert not Deal.objects.filter(match=next_match).exists()
    assert RefereeRequest.objects.filter(link=link, key="twin").count() == 1
