"""A renamed partnership or player shows at once on the live pages that name them: the
tournament's pages and API, the club's page and TV, and the scoreboard of a match in play get
a new ETag (after the rename's commit, from the outbox), and a referee's next write is not
taken for a stale one."""

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import engine, services
from scoring.models import Match
from tests.tournaments.helpers import in_play
from tests.tournaments.public_helpers import swiss
from tournaments.models import Tournament


@pytest.fixture
def tournament(club):
    return swiss(club, size=4, rounds=2, fmt={"type": "fixed_deals", "deals": 2})


@pytest.fixture
def playing(tournament):
    return in_play(tournament)[0].match


def poll(client, path: str, etag: str):
    return client.get(path, headers={"If-None-Match": etag})


def first_look(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200
    return response["ETag"]


def shown(response) -> str:
    """The page's text, or the API body's with its escapes read."""
    if response["Content-Type"].startswith("application/json"):
        return json.dumps(response.json(), ensure_ascii=False)
    return response.content.decode()


def rename_partnership(organiser_client, partnership, name: str) -> None:
    url = reverse("manage:partnership", args=[partnership.club.slug, partnership.pk])
    assert organiser_client.post(url, {"name": name}).status_code == 302


def rename_player(organiser_client, player, name: str) -> None:
    url = reverse("manage:player", args=[player.club.slug, player.pk])
    response = organiser_client.post(url, {"name": name, "email": "", "notify": ""})
    assert response.status_code == 302


@pytest.mark.parametrize("page", ["/t/{slug}/", "/t/{slug}/standings/", "/t/{slug}/tv/?i=1",
                                  "/api/v1/tournaments/{slug}"])
def test_a_renamed_partnership_shows_on_the_tournaments_pages(
        client, organiser_client, tournament, playing, page):
    path = page.format(slug=tournament.slug)
    etag = first_look(client, path)
    assert poll(client, path, etag).status_code == 304
    rename_partnership(organiser_client, playing.a, "Os Invencíveis")
    response = poll(client, path, etag)
    assert response.status_code == 200
    assert "Os Invencíveis" in shown(response)


def test_a_renamed_player_shows_on_the_tournaments_pages(
        client, organiser_client, tournament, playing):
    path = f"/t/{tournament.slug}/"
    etag = first_look(client, path)
    rename_player(organiser_client, playing.a.player_1, "Zé Renomeado")
    response = poll(client, path, etag)
    assert response.status_code == 200
    assert "Zé Renomeado" in response.content.decode()


@pytest.mark.parametrize("page", ["/c/{slug}/", "/c/{slug}/tv/"])
def test_the_clubs_page_and_tv_show_the_new_name(
        client, organiser_client, club, playing, page):
    path = page.format(slug=club.slug)
    etag = first_look(client, path)
    rename_partnership(organiser_client, playing.b, "Ases do Bairro")
    response = poll(client, path, etag)
    assert response.status_code == 200
    assert "Ases do Bairro" in response.content.decode()


def test_the_scoreboard_of_a_match_in_play_shows_the_new_name(
        client, organiser_client, playing):
    path = f"/m/{playing.pk}/"
    for headers in ({}, {"HX-Request": "true"}):
        etag = client.get(path, headers=headers)["ETag"]
        assert client.get(path, headers={**headers, "If-None-Match": etag}).status_code == 304
        rename_partnership(organiser_client, playing.a, f"Os Invencíveis {len(headers)}")
        response = client.get(path, headers={**headers, "If-None-Match": etag})
        assert response.status_code == 200
        assert f"Os Invencíveis {len(headers)}" in response.content.decode()


def test_a_rename_leaves_the_matchs_version_so_a_referees_next_deal_is_not_stale(
        organiser_client, tournament, playing):
    version = playing.version
    rename_partnership(organiser_client, playing.a, "Os Invencíveis")
    assert Match.objects.get(pk=playing.pk).version == version


def test_only_the_tournaments_the_partnership_is_entered_in_change(
        organiser_client, other_club, tournament, playing):
    other = swiss(other_club, size=4, rounds=2, fmt={"type": "fixed_deals", "deals": 2})
    entered_in = {t.pk for t in Tournament.objects.filter(entries__partnership=playing.a)}
    before = dict(Tournament.objects.values_list("pk", "version"))
    rename_partnership(organiser_client, playing.a, "Os Invencíveis")
    after = dict(Tournament.objects.values_list("pk", "version"))
    assert {pk for pk in after if after[pk] != before[pk]} == entered_in
    assert other.pk not in entered_in


def test_saving_a_player_without_a_new_name_changes_no_page(
        organiser_client, tournament, playing):
    before = Tournament.objects.get(pk=tournament.pk).version
    rename_player(organiser_client, playing.a.player_1, playing.a.player_1.name)
    assert Tournament.objects.get(pk=tournament.pk).version == before


def test_a_finished_matchs_scoreboard_shows_the_new_name_and_the_tv_does_not_take_it_back(
        client, organiser_client, match):
    """A finished match kept its old names for good: only matches in play were touched."""
    for key in ("1", "2"):  # 2 games each: 4-0
        services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [95, 25]}),
                             key=key)
    Match.objects.filter(pk=match.pk).update(finished_at=timezone.now() - timedelta(hours=1))
    path = f"/m/{match.pk}/"
    etag = first_look(client, path)
    rename_partnership(organiser_client, match.a, "Os Campeões")
    response = poll(client, path, etag)
    assert response.status_code == 200 and "Os Campeões" in response.content.decode()
    assert "Os Campeões" not in client.get(f"/c/{match.club.slug}/tv/").content.decode()
