"""Organiser files: the deals spreadsheet."""

import csv
import datetime
import io
import uuid

import pytest

from scoring import engine, services
from tests.conftest import make_four, make_match
from tournaments import exports


@pytest.mark.django_db
def test_season_deals_of_a_double_pack_match(club):
    """A double-pack match deals from seats 0..7 (docs/conformance.md); the every-deal file
    should list its deals, not crash on the dealer's seat."""
    a = make_four(club, "Ana", "Bia", "Cris", "Dina")
    b = make_four(club, "Edu", "Fábio", "Gil", "Hugo")
    match = make_match(club, a, b, preset="double_pack", first_dealer=5)
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [150, 90]}),
                         key=str(uuid.uuid4()))
    today = datetime.date.today()
    content = exports.season_deals(club, today - datetime.timedelta(days=1),
                                   today + datetime.timedelta(days=1), "csv")
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    assert len(rows) == 2


@pytest.mark.django_db
def test_results_file_while_a_result_awaits_confirmation(club):
    """A tournament with "the other side confirms: each match result": while a finished
    match waits for confirmation (docs/api.md `awaiting_confirmation`) the organiser's
    results file should still be made, with that match's status."""
    from tests.tournaments.helpers import in_play, make_tournament, play
    from tournaments import services as tournament_services

    tournament = make_tournament(club, 4, structure="rounds", rounds_count=3,
                                 confirmation="result")
    tournament_services.tournament_start(tournament=tournament)
    play(in_play(tournament)[0], "A")
    content = exports.tournament_results(tournament, "csv")
    assert b"Awaiting" in content or b"awaiting" in content
