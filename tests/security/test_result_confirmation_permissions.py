"""Who may confirm a result: the table's referee link (not revoked, not another table's) or
the club's organiser; another club's organiser gets a 404 and nothing changes."""

import pytest

from scoring.models import Match, RefereeLink
from tests.tournaments.helpers import make_tournament, play
from tournaments import services
from tournaments.models import Pairing, Table


@pytest.fixture
def awaiting(club):
    tournament = make_tournament(club, 4, tables_count=2, confirmation="result")
    services.tournament_start(tournament=tournament)
    first, second = Pairing.objects.filter(round__tournament=tournament).order_by("slot")
    play(first, "A")
    return tournament, first, second


def table_link(pairing) -> RefereeLink:
    return Table.objects.select_related("link").get(pk=pairing.table_id).link


def still_awaiting(pairing) -> bool:
    return Match.objects.get(pk=pairing.match_id).awaiting_confirmation


def form(pairing) -> dict:
    match = Match.objects.get(pk=pairing.match_id)
    return {"match": match.pk, "version": match.version}


def test_another_clubs_organiser_gets_a_404(client, other_organiser, awaiting):
    tournament, first, _ = awaiting
    client.force_login(other_organiser)
    url = (f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/tables/"
           f"{Pairing.objects.get(pk=first.pk).table.number}/confirm/")
    assert client.post(url, form(first)).status_code == 404
    assert still_awaiting(first)


def test_a_revoked_link_is_refused(client, organiser, awaiting):
    _, first, _ = awaiting
    link = table_link(first)
    services.table_link_renew(table=Table.objects.get(pk=first.table_id), user=organiser)
    assert client.post(f"/r/{link.token}/result/", form(first)).status_code == 403
    assert still_awaiting(first)


def test_another_tables_link_cannot_confirm_this_tables_result(client, awaiting):
    _, first, second = awaiting
    response = client.post(f"/r/{table_link(second).token}/result/", form(first))
    assert response.status_code == 302
    assert still_awaiting(first)


def test_anonymous_cannot_confirm_from_the_board(client, awaiting):
    tournament, first, _ = awaiting
    url = (f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/tables/"
           f"{Pairing.objects.get(pk=first.pk).table.number}/confirm/")
    response = client.post(url, form(first))
    assert response.status_code == 302 and "/login" in response["Location"]
    assert still_awaiting(first)
