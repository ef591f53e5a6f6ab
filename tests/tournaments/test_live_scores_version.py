"""Every scoring write to a tournament's match bumps the tournament's live scores version
(models.LiveScores), which the overview, round, TV and API ETags read from one row: an
unchanged poll costs the same for 8 partnerships as for a thousand. A deal leaves the
tournament's own version, and so the standings, alone."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import engine
from scoring import services as scoring
from tests.tournaments.helpers import in_play, make_tournament, play, post_deal, record
from tests.tournaments.public_helpers import HTMX, swiss
from tournaments import selectors
from tournaments.models import LiveScores, Tournament
from tournaments.services import tournament_start


@pytest.fixture
def tournament(club):
    return swiss(club, size=8, fmt={"type": "fixed_deals", "deals": 2}, rounds=3)


def versions(tournament) -> tuple[int, int]:
    """(the tournament's own version, its live scores')"""
    live = LiveScores.objects.filter(tournament=tournament).values_list("version", flat=True)
    return Tournament.objects.get(pk=tournament.pk).version, live.first() or 0


def test_a_deal_bumps_the_live_scores_and_not_the_tournament(tournament):
    own, live = versions(tournament)
    etag = selectors.live_etag(tournament.slug)
    record(in_play(tournament)[0].match, {"points": [70, 50]})
    assert versions(tournament) == (own, live + 1)
    assert selectors.live_etag(tournament.slug) != etag


def test_an_undo_a_correction_and_a_confirmation_bump_it_too(club, organiser):
    tournament = swiss(club, size=4, rounds=2, fmt={"type": "fixed_deals", "deals": 2},
                       confirmation=Tournament.Confirmation.RESULT)
    match = in_play(tournament)[0].match
    record(match, {"points": [70, 50]})
    steps = [
        lambda: scoring.deal_undo(match_id=match.pk, key="undo-1"),
        lambda: record(match, {"points": [70, 50]}),
        lambda: scoring.deal_correct(deal=match.deals.get(active=True),
                                     replacement=engine.deal_from({"points": [90, 30]}),
                                     reason="90, not 70", user=organiser),
        lambda: record(match, {"points": [70, 50]}),  # the match ends, awaiting its confirmation
        lambda: scoring.result_confirm(match_id=match.pk, user=organiser),
    ]
    for step in steps:
        before = versions(tournament)[1]
        step()
        assert versions(tournament)[1] == before + 1


def test_a_friendlys_deal_writes_no_live_scores(match):
    record(match, {"points": [70, 50]})
    assert not LiveScores.objects.exists()


def test_a_deal_posted_at_a_tournament_table_bumps_it(club):
    """The referee's API reads the match with its pairing: a tournament's deal bumps."""
    tournament = make_tournament(club, 4, structure="rounds", tables_count=2, rounds_count=3)
    tournament_start(tournament=tournament)
    table = tournament.tables.select_related("link").order_by("number").first()
    own, live = versions(tournament)
    assert post_deal(table.link.token, "table-1", {"points": [70, 50]}).status_code == 201
    assert versions(tournament) == (own, live + 1)


def test_a_friendlys_deal_posted_at_its_table_asks_nothing_of_live_scores(match):
    with CaptureQueriesContext(connection) as queries:
        posted = post_deal(match.referee_links.get().token, "friendly", {"points": [70, 50]})
    assert posted.status_code == 201
    assert not [q for q in queries if LiveScores._meta.db_table in q["sql"]]
    assert not LiveScores.objects.exists()


def test_the_live_etag_reads_two_rows_whatever_the_size_of_the_event(client, tournament):
    play(in_play(tournament)[0], "A")
    etag = client.get(f"/t/{tournament.slug}/", headers=HTMX)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/t/{tournament.slug}/", headers={**HTMX, "If-None-Match": etag})
    assert response.status_code == 304 and len(queries) == 1
    sql = queries[0]["sql"]
    assert "tournaments_livescores" in sql
    assert "tournaments_pairing" not in sql and "scoring_match" not in sql


@pytest.mark.parametrize("path", ["", "rounds/1/", "tv/?i=1", "api"])
def test_a_deal_is_seen_at_the_next_poll(client, tournament, path):
    url = (f"/api/v1/tournaments/{tournament.slug}" if path == "api"
           else f"/t/{tournament.slug}/{path}")
    before = client.get(url, headers=HTMX)
    record(in_play(tournament)[0].match, {"points": [95, 25]})
    after = client.get(url, headers={**HTMX, "If-None-Match": before["ETag"]})
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
