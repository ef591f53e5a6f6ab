"""The organiser's match page while a referee scores: the match row and its deals are read
from one snapshot, so a deal recorded between the two reads never breaks the page (it was a
500: StopIteration in _deal_rows)."""

import threading
import uuid

import pytest
from django.db import connection

from scoring import engine, selectors, services
from tests.concurrency import needs_postgres, postgres_only  # noqa: F401

pytestmark = [*postgres_only, pytest.mark.usefixtures("needs_postgres")]


def test_a_deal_recorded_while_the_page_reads_leaves_the_page_whole(organiser_client, match,
                                                                     monkeypatch):
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [70, 50]}),
                         key=str(uuid.uuid4()))
    board = selectors.board

    def record_meanwhile():
        try:
            services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [80, 40]}),
                                 key="meanwhile")
        finally:
            connection.close()

    def board_then_a_deal(read_match):
        shown = board(read_match)
        thread = threading.Thread(target=record_meanwhile)
        thread.start()
        thread.join()  # committed by another connection before the page reads the deals
        return shown

    monkeypatch.setattr(selectors, "board", board_then_a_deal)
    response = organiser_client.get(f"/manage/matches/{match.pk}/")
    assert response.status_code == 200
    assert match.deals.count() == 2  # the referee's deal was recorded all the same
