"""Player names that Python and the database compare differently (PostgreSQL's lower()
turns the dotted capital İ into a plain i; str.casefold() keeps the dot)."""

from sueca_club.models import Player
from tests.fuzz.checks import post_form


def test_adding_a_name_the_database_holds_already_says_it_is_taken(organiser_client, club):
    Player.objects.create(club=club, name="Ia Costa")
    response = post_form(organiser_client, f"/manage/{club.slug}/players/add/",
                         {"name": "İa Costa", "form_token": "a" * 32})
    assert response.status_code in (200, 302), response.status_code
    if response.status_code == 200:
        assert "already has a player" in response.content.decode()


def test_renaming_to_a_name_the_database_holds_already_is_refused_not_a_crash(
        organiser_client, club):
    Player.objects.create(club=club, name="Ia Costa")
    other = Player.objects.create(club=club, name="Rita Costa")
    response = post_form(organiser_client, f"/manage/{club.slug}/players/{other.pk}/",
                         {"name": "İa Costa", "email": "", "notify": ""})
    assert response.status_code in (200, 302), response.status_code


def test_a_name_correction_to_a_name_the_database_holds_already_is_not_a_crash(client, club):
    from tests.tournaments.registration.helpers import open_tournament, sign_up

    Player.objects.create(club=club, name="Ia Costa")
    signup = sign_up(open_tournament(club), 1)
    response = client.post(f"{signup.get_absolute_url()}names/",
                           {"name_1": "İa Costa", "name_2": "Jogador 1b"})
    assert response.status_code in (302, 400), response.status_code  # changed, or said why


INVISIBLE = ["\u200b", "\u200e\u200f", "\ufeff", "\u2800", "\u00ad", "\u2060\u2061"]


def test_a_player_name_with_nothing_visible_is_refused(organiser_client, club):
    for name in INVISIBLE:
        response = post_form(organiser_client, f"/manage/{club.slug}/players/add/",
                             {"name": name})
        assert response.status_code == 200, (repr(name), response.status_code)
        assert 'class="errorlist' in response.content.decode(), repr(name)
    assert not Player.objects.filter(club=club).exists()


def test_a_public_sign_up_with_an_invisible_name_is_refused(client, club):
    from tests.tournaments.registration.helpers import open_tournament
    from tournaments.registration.models import SignUp

    t = open_tournament(club)
    response = client.post(f"/t/{t.slug}/sign-up/",
                           {"name_1": "\u200b", "name_2": "\u2800", "contact": ""})
    assert response.status_code in (200, 400), response.status_code
    assert not SignUp.objects.filter(tournament=t).exists()


def test_a_club_name_with_nothing_visible_is_refused(organiser_client, organiser):
    from sueca_club.models import Club

    response = post_form(organiser_client, "/manage/", {"name": "\u200b\u200b", "town": "",
                                                       "default_preset": "portugal"})
    assert response.status_code == 200, response.status_code
    assert not Club.objects.exists()


def test_the_same_name_in_decomposed_unicode_is_taken(organiser_client, club):
    Player.objects.create(club=club, name="Jos\u00e9 Silva")  # é as one code point (NFC)
    response = post_form(organiser_client, f"/manage/{club.slug}/players/add/",
                         {"name": "Jose\u0301 Silva"})  # e + combining acute (NFD)
    assert response.status_code == 200, response.status_code
    assert "already has a player" in response.content.decode()
    assert Player.objects.filter(club=club).count() == 1
