"""A postponed league match, once the organiser has it played, still says on the fixtures and
on the partnership's season that it was postponed, and to when; the season adds the day it
was played when that is another (played now, before the date it was moved to)."""

import datetime

import pytest

from scoring.models import Match
from tests.tournaments.helpers import play
from tests.tournaments.test_public_league import league, postpone_one
from tournaments import services

pytestmark = pytest.mark.django_db


def played_now(tournament, on: datetime.date):
    pairing = postpone_one(tournament)  # to 24 December 2026, from matchday 2 (12 October)
    services.pairing_play_now(pairing=pairing)
    pairing.refresh_from_db()
    Match.objects.filter(pk=pairing.match_id).update(
        created_at=datetime.datetime.combine(on, datetime.time(20), tzinfo=datetime.UTC))
    play(pairing, "A")
    return pairing


def season_row(client, tournament, pairing) -> str:
    """Its row of its side A's season: the one that says it was postponed."""
    html = client.get(f"/t/{tournament.slug}/partnerships/{pairing.a_id}/").content.decode()
    rows = [tr for tr in html.split("<tr")[1:] if "postponed" in tr]
    assert len(rows) == 1
    return rows[0]


def test_played_on_the_date_it_was_moved_to_it_says_postponed_to_that_date(client, club):
    tournament = league(club)
    pairing = played_now(tournament, datetime.date(2026, 12, 24))
    row = season_row(client, tournament, pairing)
    assert '<span class="postponed-to">postponed to 24 Dec 2026</span></td>' in row
    assert 'class="won"' in row and "Won " in row and "12 Oct 2026" not in row

    fixtures = client.get(f"/t/{tournament.slug}/fixtures/").content.decode()
    line = next(li for li in fixtures.split("<li")[1:] if "Postponed to" in li)
    assert "Postponed to 24 December 2026" in line and "Finished" in line
    assert f"/partnerships/{pairing.a_id}/" in line and f"/partnerships/{pairing.b_id}/" in line


def test_played_before_the_date_it_was_moved_to_it_says_both(client, club):
    tournament = league(club)
    pairing = played_now(tournament, datetime.date(2026, 11, 20))
    row = season_row(client, tournament, pairing)
    assert ('<span class="postponed-to">postponed to 24 Dec 2026</span> '
            '<span class="played-on">(played 20 Nov 2026)</span>') in row
    assert 'class="won"' in row


def test_a_tournament_exported_and_imported_keeps_the_date_a_played_match_was_moved_to(
        club, other_club, tmp_path):
    from tests.jobs.test_transfer_keeps_the_whole_tournament import roundtrip

    tournament = league(club)
    pairing = played_now(tournament, datetime.date(2026, 12, 24))
    copy = roundtrip(tournament.slug, other_club, tmp_path)
    moved = copy.rounds.get(number=pairing.round.number).pairings.get(slot=pairing.slot)
    assert (moved.postponed_to, moved.was_postponed_to) == (None, datetime.date(2026, 12, 24))


def test_a_postponed_match_a_withdrawal_decided_is_a_walkover_of_its_matchday(client, club,
                                                                               organiser):
    tournament = league(club)
    pairing = postpone_one(tournament)
    services.entry_withdraw(entry=pairing.b, by=organiser)
    html = client.get(f"/t/{tournament.slug}/partnerships/{pairing.a_id}/").content.decode()
    assert "postponed" not in html and "12 Oct 2026" in html
    assert "Postponed to" not in client.get(f"/t/{tournament.slug}/fixtures/").content.decode()
