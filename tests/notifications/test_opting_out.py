"""Players without an email, or who opted out, get nothing; opting out needs no login."""

import pytest
from django.urls import reverse

from sueca_club.models import Player
from tests.conftest import make_match
from tests.notifications.helpers import with_emails
from tests.ratings.helpers import finish
from tests.tournaments.helpers import make_tournament
from tournaments import notifications
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


def test_players_without_an_email_or_who_opted_out_get_nothing(
        club, mailoutbox, django_capture_on_commit_callbacks):
    tournament = make_tournament(club, 4)
    with_emails(club)
    Player.objects.filter(name="Player 0a").update(email="")
    Player.objects.filter(name="Player 1a").update(notify=False)
    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.tournament_start(tournament=tournament)
    addresses = {address for email in mailoutbox for address in email.to}
    assert len(addresses) == 6
    assert "player.1a@example.com" not in addresses


def test_nobody_is_emailed_when_no_player_has_an_address(club, pair_a, pair_b, mailoutbox,
                                                         django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        finish(make_match(club, pair_a, pair_b), "A")
    assert mailoutbox == []


def unsubscribe_url(player) -> str:
    return reverse("tournaments:unsubscribe", args=[notifications.unsubscribe_token(player)])


def test_the_unsubscribe_link_works_without_login(client, club, pair_a):
    player = pair_a.player_1
    url = unsubscribe_url(player)
    page = client.get(url)
    assert page.status_code == 200
    assert "Stop the emails to Ana Silva" in page.content.decode()
    player.refresh_from_db()
    assert player.notify  # opening the link (a link checker may) changes nothing
    done = client.post(url)
    assert "gets no more emails" in done.content.decode()
    player.refresh_from_db()
    assert not player.notify


def test_a_mail_program_can_unsubscribe_in_one_click_without_a_csrf_token(club, pair_a):
    from django.test import Client

    player = pair_a.player_1
    response = Client(enforce_csrf_checks=True).post(unsubscribe_url(player),
                                                     {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    player.refresh_from_db()
    assert not player.notify


def test_a_forged_or_damaged_token_is_refused(client, club, pair_a):
    token = notifications.unsubscribe_token(pair_a.player_1)
    response = client.post(reverse("tournaments:unsubscribe", args=[token[:-2] + "xx"]))
    assert response.status_code == 404
    assert "This link is not valid" in response.content.decode()
    pair_a.player_1.refresh_from_db()
    assert pair_a.player_1.notify


def test_an_opted_out_player_gets_no_more_emails(client, club, mailoutbox,
                                                 django_capture_on_commit_callbacks):
    player = Player.objects.create(club=club, name="Zé", email="ze@example.com")
    client.post(unsubscribe_url(player))
    tournament = make_tournament(club, 2)
    partnership = tournament.entries.first().partnership
    partnership.player_1 = player
    partnership.save()
    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.tournament_start(tournament=tournament)
    assert all("ze@example.com" not in email.to for email in mailoutbox)


def test_the_organiser_sets_the_email_and_the_opt_out_on_the_player_page(
        organiser_client, club, pair_a):
    player = pair_a.player_1
    url = reverse("manage:player", args=[club.slug, player.pk])
    page = organiser_client.get(url).content.decode()
    assert 'name="email"' in page and 'name="notify"' in page
    response = organiser_client.post(url, {"name": "Ana Silva", "email": "ana@example.com"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.email, player.notify) == ("ana@example.com", False)
    organiser_client.post(url, {"name": "Ana Silva", "email": "ana@example.com", "notify": "on"})
    player.refresh_from_db()
    assert player.notify


def test_the_player_page_refuses_a_broken_address(organiser_client, club, pair_a):
    url = reverse("manage:player", args=[club.slug, pair_a.player_1.pk])
    response = organiser_client.post(url, {"name": "Ana Silva", "email": "not an address"})
    assert response.status_code == 200
    assert "valid email address" in response.content.decode()
