"""Tables: each table's referee link and QR code, the printable cards, renewing a lost card."""

import pytest

from scoring.models import RefereeLink
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Table, Tournament


def tables_url(t: Tournament) -> str:
    return f"/manage/{t.club.slug}/tournaments/{t.slug}/tables/"


@pytest.fixture
def tournament(club):
    tournament = make_tournament(club, 6, tables_count=3)
    services.tournament_start(tournament=tournament)
    return tournament


def test_it_lists_each_table_with_its_referee_link_and_qr_code(organiser_client, tournament):
    body = organiser_client.get(tables_url(tournament)).content.decode()
    for table in Table.objects.filter(tournament=tournament).select_related("link"):
        assert f"Table {table.number}" in body
        assert f"http://testserver/r/{table.link.token}/" in body
        assert f"{tables_url(tournament)}{table.number}/qr.svg" in body


def test_before_the_start_it_says_the_tables_come_with_the_start(organiser_client, club):
    tournament = make_tournament(club, 4)
    body = organiser_client.get(tables_url(tournament)).content.decode()
    assert "The tables and their QR cards are made when the tournament starts." in body


def test_the_qr_code_is_an_svg_of_the_tables_referee_link(organiser_client, tournament):
    response = organiser_client.get(tables_url(tournament) + "2/qr.svg")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<?xml") and b"<svg" in response.content
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]


def test_a_table_that_does_not_exist_is_a_404(organiser_client, tournament):
    assert organiser_client.get(tables_url(tournament) + "9/qr.svg").status_code == 404
    assert organiser_client.post(tables_url(tournament) + "9/renew/").status_code == 404


def test_the_cards_have_each_tables_number_qr_code_and_how_to_in_two_languages(
        organiser_client, tournament):
    response = organiser_client.get(tables_url(tournament) + "cards/")
    body = response.content.decode()
    assert response.status_code == 200
    for number in (1, 2, 3):
        # each language's "Table 1" on one line, even where the heading wraps
        assert f"Mesa\u00a0{number} · Table\u00a0{number}" in body
        assert f"{tables_url(tournament)}{number}/qr.svg" in body
    assert body.count("Aponte a câmara do telemóvel a este código.") == 3
    assert body.count("Point your phone&#x27;s camera at this code.") + body.count(
        "Point your phone's camera at this code.") == 3
    # The print rules live in manage.css (no inline style: Content-Security-Policy), for this body
    assert "css/manage.css" in body and "print-cards" in body


def test_renewing_a_link_revokes_the_old_card_and_keeps_the_tables_match(organiser_client,
                                                                         tournament):
    table = Table.objects.select_related("link").get(tournament=tournament, number=1)
    old = table.link
    response = organiser_client.post(tables_url(tournament) + "1/renew/", follow=True)
    assert "Table 1 has a new QR card" in response.content.decode()
    table.refresh_from_db()
    old.refresh_from_db()
    assert old.revoked_at is not None
    assert table.link_id != old.pk and table.link.revoked_at is None
    assert table.link.match_id == old.match_id
    assert f"/r/{table.link.token}/" in response.content.decode()
    assert RefereeLink.objects.get(pk=old.pk).revoked


def test_the_old_card_is_refused_and_the_new_one_opens_the_tables_match(client,
                                                                        organiser_client,
                                                                        tournament):
    old = Table.objects.select_related("link").get(tournament=tournament, number=1).link
    organiser_client.post(tables_url(tournament) + "1/renew/")
    new = Table.objects.select_related("link__match").get(tournament=tournament, number=1).link
    assert client.get(f"/r/{old.token}/").status_code == 403
    response = client.get(f"/r/{new.token}/")
    assert response.status_code == 200
    assert response.context["match"] == new.match
