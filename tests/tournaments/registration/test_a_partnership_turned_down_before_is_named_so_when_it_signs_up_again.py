"""A partnership the organiser turned down can sign up again at once: its new sign-up says the
same names were turned down before, and when, so the organiser turns it down again knowingly;
turning down (one tap) says what it did."""

from django.test import Client

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration import services
from tournaments.registration.models import SignUp

TURNED_DOWN = "Turned down before: a sign-up of the same names was turned down on"


def signups_page(tournament):
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/sign-ups/"


def test_the_same_names_signing_up_again_are_marked_turned_down_before(club, organiser_client):
    tournament = open_tournament(club, approval=True)
    refused = sign_up(tournament, 1, name_1="Ana Sousa", name_2="Bruno Lima")
    services.signup_refuse(signup=refused)
    again = sign_up(tournament, 2, name_1="bruno  LIMA", name_2="Ana Sousa")
    other = sign_up(tournament, 3, name_1="Carla Dias", name_2="Duarte Lima")
    page = organiser_client.get(signups_page(tournament)).content.decode()

    def row(signup):
        start = page.index(f'id="signup-{signup.pk}"')
        return page[start:page.index("</li>", start)]

    assert TURNED_DOWN in row(again) and TURNED_DOWN not in row(other)
    assert SignUp.objects.get(pk=refused.pk).refused_at is not None


def test_a_copy_turned_down_after_it_does_not_mark_the_first_sign_up(club, organiser_client):
    tournament = open_tournament(club, approval=True)
    first = sign_up(tournament, 1, name_1="Ana Sousa", name_2="Bruno Lima")
    # A copy made before sign-up refused the same names twice.
    copy = SignUp.objects.create(tournament=tournament, names=["Ana Sousa", "Bruno Lima"],
                                 status=SignUp.Status.CONFIRM)
    services.signup_refuse(signup=copy)
    page = organiser_client.get(signups_page(tournament)).content.decode()
    start = page.index(f'id="signup-{first.pk}"')
    assert TURNED_DOWN not in page[start:page.index("</li>", start)]


def test_turning_down_says_what_it_did(club, organiser_client):
    tournament = open_tournament(club, approval=True)
    signup = sign_up(tournament, 1, name_1="Ana Sousa", name_2="Bruno Lima")
    page = organiser_client.post(f"{signups_page(tournament)}{signup.pk}/refuse/",
                                 follow=True).content.decode()
    assert ("Ana Sousa &amp; Bruno Lima turned down: out of the tournament&#x27;s sign-ups "
            "(listed under “Withdrawn or turned down”), and their private link now says so."
            in page)
    assert "their new sign-up here says they were turned down" in page
    assert "The organiser could not accept this sign-up." in Client().get(
        signup.get_absolute_url()).content.decode()
