"""The public sign-up page, the private link, the door poster and the organiser's pages."""

import re

from django.test import Client
from django.utils.html import escape

from sueca_club.models import Player
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration.models import SignUp, door_token

NAMES = {"name_1": "Ana Sousa", "name_2": "Bruno Lima", "contact": "+351 912 345 678"}


def test_signing_up_leads_to_the_private_link_with_its_status(club):
    tournament = open_tournament(club, cap=1)
    response = Client().post(f"/t/{tournament.slug}/sign-up/", NAMES, follow=True)
    signup = SignUp.objects.get()
    assert response.redirect_chain[-1][0] == signup.get_absolute_url()
    assert "Accepted" in response.content.decode() and signup.contact == NAMES["contact"]
    assert response["Referrer-Policy"] == "same-origin"
    # to keep the page's address is said once, by the page (it was said by the message too)
    assert response.content.decode().replace("&#x27;", "'").count("Keep this page's address") == 1


def test_a_duplicate_is_refused_on_the_page_with_a_clear_message(club):
    tournament = open_tournament(club)
    sign_up(tournament, 1, name_1="Ana Sousa", name_2="Bruno Lima")
    response = Client().post(f"/t/{tournament.slug}/sign-up/", NAMES)
    assert response.status_code == 200
    assert "Ana Sousa &amp; Bruno Lima are already signed up" in response.content.decode()
    assert SignUp.objects.count() == 1


def test_a_tournament_that_takes_no_sign_ups_says_so(club, organiser):
    from tests.tournaments.helpers import make_tournament
    tournament = make_tournament(club, 2)
    response = Client().get(f"/t/{tournament.slug}/sign-up/")
    assert "does not take sign-ups" in response.content.decode()


def test_the_organiser_is_told_how_to_open_sign_up_not_to_ask_the_organiser(
        club, organiser_client):
    from tests.tournaments.helpers import make_tournament
    tournament = make_tournament(club, 2)
    page = organiser_client.get(
        f"/manage/{club.slug}/tournaments/{tournament.slug}/sign-ups/").content.decode()
    assert "Public sign-up is off: open it below" in page and "ask its organiser" not in page


def test_the_private_link_withdraws_and_the_next_moves_up(club):
    tournament = open_tournament(club, cap=1)
    first, second = sign_up(tournament, 1), sign_up(tournament, 2)
    Client().post(f"{first.get_absolute_url()}withdraw/")
    assert SignUp.objects.get(pk=second.pk).status == "accepted"
    page = Client().get(first.get_absolute_url()).content.decode()
    assert "Withdrawn" in page


def test_the_door_lists_who_may_check_in_and_checks_in_after_confirming(club):
    tournament = open_tournament(club, check_in=True)
    signup = sign_up(tournament, 1)
    door = f"/t/{tournament.slug}/door/{door_token(tournament)}/"
    assert escape(signup.partnership.display_name) in Client().get(door).content.decode()
    confirm = Client().get(f"{door}{signup.pk}/")
    assert "Is this you?" in confirm.content.decode()
    assert not SignUp.objects.get(pk=signup.pk).entry.checked_in  # looking changes nothing
    Client().post(f"{door}{signup.pk}/")
    assert SignUp.objects.get(pk=signup.pk).entry.checked_in
    assert Client().get(f"/t/{tournament.slug}/door/{'x' * 32}/").status_code == 404


def test_a_partnership_the_organiser_registered_checks_in_at_the_door_too(club):
    """It has no sign-up; left off the poster's list, it would have been dropped at a start
    with those present."""
    from tests.conftest import make_partnership
    from tournaments import services as tournament_services

    tournament = open_tournament(club, check_in=True)
    registered = make_partnership(club, "Rita Reis", "Sara Sousa")
    tournament_services.entries_register(tournament=tournament, partnerships=[registered])
    entry = tournament.entries.get()
    door = f"/t/{tournament.slug}/door/{door_token(tournament)}/"
    page = Client().get(door).content.decode()
    assert f'href="{door}entries/{entry.pk}/"' in page
    confirm = Client().get(f"{door}entries/{entry.pk}/").content.decode()
    assert "Rita Reis" in confirm and "Sara Sousa" in confirm and "We are here" in confirm
    Client().post(f"{door}entries/{entry.pk}/")
    entry.refresh_from_db()
    assert entry.checked_in
    assert Client().post(f"/t/{tournament.slug}/door/{'x' * 32}/entries/{entry.pk}/"
                         ).status_code == 404


def test_the_organiser_sees_the_sign_ups_and_approves(club, organiser_client):
    tournament = open_tournament(club, approval=True)
    signup = sign_up(tournament, 1)
    base = f"/manage/{club.slug}/tournaments/{tournament.slug}/"
    assert escape(signup.partnership.display_name) in organiser_client.get(
        f"{base}sign-ups/").content.decode()
    organiser_client.post(f"{base}sign-ups/{signup.pk}/approve/")
    assert SignUp.objects.get(pk=signup.pk).status == "accepted"


def test_after_the_start_a_sign_up_left_waiting_says_so_and_offers_nothing(club, organiser,
                                                                          organiser_client):
    from tournaments import services as tournament_services

    tournament = open_tournament(club, cap=2)
    sign_up(tournament, 1), sign_up(tournament, 2)
    waiting = sign_up(tournament, 3)
    tournament_services.tournament_start(tournament=tournament)
    link = Client().get(waiting.get_absolute_url()).content.decode()
    assert "Not playing: the tournament started without a place" in link
    assert "waiting list, number" not in link
    page = organiser_client.get(
        f"/manage/{club.slug}/tournaments/{tournament.slug}/sign-ups/").content.decode()
    assert escape(waiting.partnership.display_name) in page
    assert "/move-up/" not in page and "/refuse/" not in page


def test_the_organiser_saves_the_settings(club, organiser_client):
    tournament = open_tournament(club)
    organiser_client.post(f"/manage/{club.slug}/tournaments/{tournament.slug}/sign-ups/settings/",
                          {"open": "on", "cap": "12", "approval": "yes",
                           "closes_at": "2030-05-01T20:00", "check_in_from": ""})
    registration = tournament.registration
    registration.refresh_from_db()
    assert (registration.cap, registration.approval, registration.open) == (12, True, True)


def test_the_settings_name_their_radio_group_new_sign_ups(club, organiser_client):
    """A screen reader hears "New sign-ups" before "I approve each sign-up": a fieldset and its
    legend, where the question was a label pointing at no field."""
    tournament = open_tournament(club)
    page = organiser_client.get(
        f"/manage/{club.slug}/tournaments/{tournament.slug}/sign-ups/").content.decode()
    group = re.search(r"<fieldset>\s*<legend>(.*?)</legend>(.*?)</fieldset>", page, re.S)
    assert group and "New sign-ups" in group[1]
    assert group[2].count('type="radio" name="approval"') == 2


def test_the_check_in_board_is_live_and_answers_304_when_nothing_changed(club, organiser_client):
    tournament = open_tournament(club, check_in=True)
    sign_up(tournament, 1)
    url = f"/manage/{club.slug}/tournaments/{tournament.slug}/check-in/"
    first = organiser_client.get(url, headers={"HX-Request": "true"})
    assert first.status_code == 200 and 'id="check-in-board"' in first.content.decode()
    again = organiser_client.get(url, headers={"HX-Request": "true",
                                               "If-None-Match": first["ETag"]})
    assert again.status_code == 304


def test_the_posters_carry_their_qr_codes(club, organiser_client):
    tournament = open_tournament(club)
    base = f"/manage/{club.slug}/tournaments/{tournament.slug}/"
    assert "<svg" in organiser_client.get(f"{base}sign-ups/poster/").content.decode()
    door = organiser_client.get(f"{base}check-in/poster/").content.decode()
    assert door_token(tournament) in door and not Player.objects.exists()


def test_the_public_overview_links_to_the_sign_up_only_while_it_is_open(client, club):
    from tests.tournaments.helpers import make_tournament
    from tournaments.registration.models import Registration
    from tournaments.services import rows

    tournament = make_tournament(club, 2)
    sign_up = f"/t/{tournament.slug}/sign-up/"
    assert sign_up not in client.get(f"/t/{tournament.slug}/").content.decode()
    Registration.objects.create(tournament=tournament, open=True)
    rows.bump(tournament)  # as the settings service does

    assert sign_up in client.get(f"/t/{tournament.slug}/").content.decode()
