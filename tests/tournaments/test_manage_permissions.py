"""Every organiser page of a tournament: log in first, and another club's tournament is a 404."""

import pytest

from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Entry, Pairing, Tournament


@pytest.fixture
def tournament(club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    return tournament


def pages(t: Tournament) -> list[str]:
    entry = Entry.objects.filter(tournament=t).first()
    pairing = Pairing.objects.filter(round__tournament=t).first()
    base = f"/manage/{t.club.slug}/tournaments/{t.slug}/"
    return [base, f"{base}tables/", f"{base}tables/cards/", f"{base}tables/1/qr.svg",
            f"{base}board/", f"/manage/{t.club.slug}/tournaments/"] + [
        f"{base}{action}" for action in (
            "start/", "finish/", "rounds/next/", "rounds/redraw/", "rounds/swap/",
            f"pairings/{pairing.pk}/walkover/", "entries/add/", f"entries/{entry.pk}/seed/",
            f"entries/{entry.pk}/check-in/", f"entries/{entry.pk}/remove/",
            f"entries/{entry.pk}/withdraw/", "tables/1/renew/")]


ACTIONS = 12  # the last entries of pages(): they only answer POST


def test_every_page_and_action_sends_anonymous_visitors_to_log_in(client, tournament):
    urls = pages(tournament)
    for url in urls:
        response = client.post(url) if url in urls[-ACTIONS:] else client.get(url)
        assert response.status_code == 302, url
        assert response.url.startswith("/accounts/login/"), url


def test_every_page_and_action_answers_404_to_an_organiser_of_another_club(
        client, other_organiser, other_club, tournament):
    client.force_login(other_organiser)
    version = Tournament.objects.get(pk=tournament.pk).version
    urls = pages(tournament)
    for url in urls:
        if url not in urls[-ACTIONS:]:
            assert client.get(url).status_code == 404, url
        assert client.post(url, {"present": "A", "seed": "1", "checked_in": "yes"}
                           ).status_code == 404, url
    assert Tournament.objects.get(pk=tournament.pk).version == version


def test_the_actions_refuse_a_get(organiser_client, tournament):
    for url in pages(tournament)[-ACTIONS:]:
        assert organiser_client.get(url).status_code == 405, url
