"""A result awaiting confirmation says so everywhere: the referee's phone, the organiser's
board, the public round, overview, bracket and TV pages, and the API."""

import pytest
from django.utils import timezone

from scoring import services as scoring
from tests.tournaments.helpers import make_tournament, play
from tournaments import presenters, selectors, services, tv
from tournaments.models import Pairing, Table


@pytest.fixture
def awaiting(club):
    """Semi-final 1 ended (A won 4-0) and awaits B's confirmation; semi-final 2 in play."""
    tournament = make_tournament(club, 4, tables_count=2, confirmation="result")
    services.tournament_start(tournament=tournament)
    first = Pairing.objects.filter(round__tournament=tournament).order_by("slot").first()
    play(first, "A")
    return tournament, Pairing.objects.select_related("match", "table").get(pk=first.pk)


def test_the_tables_phone_asks_the_losing_side_to_confirm(client, awaiting):
    _, pairing = awaiting
    token = Table.objects.select_related("link").get(pk=pairing.table_id).link.token
    body = client.get(f"/r/{token}/").content.decode()
    assert "B, do you agree: A wins 4-0?" in body
    assert "Yes, confirm" in body and "No: call the organiser" in body
    assert f'action="/r/{token}/result/"' in body
    dispute = client.get(f"/r/{token}/?after={pairing.match_id}&dispute=1").content.decode()
    assert "Call the organiser." in dispute and "Yes, confirm" not in dispute


def test_the_board_shows_it_with_the_organisers_buttons(organiser_client, awaiting):
    tournament, pairing = awaiting
    url = f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/board/"
    response = organiser_client.get(url)
    statuses = {s.table.number: s.status for s in response.context["tables"]}
    assert statuses[pairing.table.number] == "awaiting"
    body = response.content.decode()
    assert "Awaiting confirmation by B" in body and "Confirm the result" in body
    assert "1 result awaiting confirmation" in body
    assert f"/manage/matches/{pairing.match_id}/" in body or "Correct it" in body


@pytest.mark.parametrize("page", ["", "rounds/1/", "bracket/"])
def test_the_public_pages_say_awaiting_confirmation(client, awaiting, page):
    tournament, _ = awaiting
    body = client.get(f"/t/{tournament.slug}/{page}").content.decode()
    assert "Awaiting confirmation" in body


def test_the_tv_keeps_the_table_on_screen_awaiting(awaiting):
    tournament, pairing = awaiting
    lines, now = presenters.lines(tournament, list(selectors.pairings(tournament))), timezone.now()
    tiles = tv.tiles(tv.on_tables(lines, now), now, presenters.one_round(lines), page=1)
    assert [tile.note for tile in tiles if tile.match_id == pairing.match_id] == [
        "Awaiting confirmation"]


def test_the_api_says_awaiting_confirmation(client, awaiting):
    tournament, pairing = awaiting
    data = client.get(f"/api/v1/tournaments/{tournament.slug}").json()
    line = next(m for m in data["rounds"][0]["matches"] if m["id"] == pairing.match_id)
    assert line["awaiting_confirmation"] is True and line["finished"] is False
    match = client.get(f"/api/v1/matches/{pairing.match_id}").json()
    assert match["finished"] is True and match["awaiting_confirmation"] is True
    scoring.result_confirm(match_id=pairing.match_id)
    assert client.get(f"/api/v1/matches/{pairing.match_id}").json()[
        "awaiting_confirmation"] is False


def test_the_organisers_tournament_page_says_it_and_leads_to_the_confirmation(
        organiser_client, awaiting):
    tournament, pairing = awaiting
    page = organiser_client.get(
        f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/").content.decode()
    assert "<strong>Awaiting confirmation</strong>" in page
    assert (f'<a class="button primary" href="/manage/matches/{pairing.match_id}/">Confirm or '
            "correct the result</a>") in page


def test_the_organiser_confirms_on_the_match_page_and_the_tournament_goes_on(
        organiser_client, awaiting):
    tournament, pairing = awaiting
    url = f"/manage/matches/{pairing.match_id}/"
    page = organiser_client.get(url).content.decode()
    assert "Awaiting confirmation by B" in page and "Confirm the result" in page
    assert (f'href="/manage/{tournament.club.slug}/tournaments/{tournament.slug}/">← '
            f"{tournament.name}</a>") in page  # back to the tournament, not the club
    stale = organiser_client.post(f"{url}confirm/", {"match": pairing.match_id, "version": 0},
                                  follow=True).content.decode()
    assert "The result changed meanwhile" in stale
    version = pairing.match.__class__.objects.get(pk=pairing.match_id).version
    done = organiser_client.post(f"{url}confirm/", {"match": pairing.match_id,
                                                    "version": version}, follow=True)
    assert "Result confirmed." in done.content.decode()
    assert "Confirm the result" not in done.content.decode()
    assert Pairing.objects.get(pk=pairing.pk).finished


def test_another_clubs_organiser_cannot_confirm(client, other_organiser, awaiting):
    _, pairing = awaiting
    client.force_login(other_organiser)
    response = client.post(f"/manage/matches/{pairing.match_id}/confirm/",
                           {"match": pairing.match_id, "version": 1})
    assert response.status_code == 404
    assert not Pairing.objects.get(pk=pairing.pk).finished
