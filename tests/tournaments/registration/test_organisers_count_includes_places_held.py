"""The organiser's sign-ups page counts the places held by sign-ups whose players the
organiser confirms, as the public page does: full is full on both, and a move up past the
limit says so."""

from html import unescape

from django.utils.html import strip_tags

from tests.conftest import make_partnership
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration import services


def signups_page(client, tournament) -> str:
    url = f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/sign-ups/"
    return " ".join(unescape(strip_tags(client.get(url).content.decode())).split())


def test_a_place_held_while_the_organiser_confirms_its_players_is_counted(
        club, organiser_client, client):
    make_partnership(club, "Ana Sousa", "Bruno Lima")
    tournament = open_tournament(club, cap=2)
    sign_up(tournament, 1)
    held = services.signup_create(tournament=tournament, names=["Ana Sousa", "Zé Estranho"])
    waiting = sign_up(tournament, 3)
    assert (held.status, held.holds_place) == ("confirm", True)
    assert waiting.status == "waiting"

    page = signups_page(organiser_client, tournament)
    assert "In the tournament (2 / 2 · 1 awaiting confirmation of its players)" in page
    assert "The tournament is full (2 places" in page and "past the limit" in page
    assert "Full: new sign-ups go on the waiting list." in client.get(
        f"/t/{tournament.slug}/sign-up/").content.decode()


def test_with_room_left_the_count_says_no_place_is_held_and_no_limit_is_passed(
        club, organiser_client):
    tournament = open_tournament(club, cap=3)
    sign_up(tournament, 1)
    page = signups_page(organiser_client, tournament)
    assert "In the tournament (1 / 3)" in page
    assert "awaiting confirmation" not in page and "past the limit" not in page
