"""A sign-up awaiting the organiser's approval is on no public page, so a visitor who types one
of its names is refused without being told who the other player is; once it is accepted (on the
public list), the refusal names the partner, as for any entry. Both its names typed are told
it awaits the organiser's approval, not that it is signed up."""

from django.test import Client

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration import services


def refusal(tournament) -> str:
    return Client().post(f"/t/{tournament.slug}/sign-up/",
                         {"name_1": "Manuel Santos", "name_2": "Luís Almeida"}).content.decode()


def test_a_pending_sign_up_is_not_named_to_another_visitor(club):
    tournament = open_tournament(club, approval=True)
    sign_up(tournament, 1, name_1="Manuel Santos", name_2="Rosa Calado Teixeira")

    page = refusal(tournament)
    assert ("Manuel Santos is already in a sign-up for this tournament that the organiser has "
            "not accepted yet. If this is another person of the same name, add something to "
            "the name that tells them apart (e.g. “Manuel J. Santos”)." in page)
    assert "Rosa Calado Teixeira" not in page


def test_an_accepted_sign_up_is_named_as_on_the_public_list(club, organiser):
    tournament = open_tournament(club, approval=True)
    pending = sign_up(tournament, 1, name_1="Manuel Santos", name_2="Rosa Calado Teixeira")
    services.signup_approve(signup=pending, by=organiser)

    page = refusal(tournament)
    assert "with Rosa Calado Teixeira." in page
    assert "not accepted yet" not in page


def test_both_names_of_a_pending_sign_up_are_told_it_awaits_approval(club):
    tournament = open_tournament(club, approval=True)
    sign_up(tournament, 1, name_1="Manuel Santos", name_2="Rosa Calado Teixeira")

    page = Client().post(f"/t/{tournament.slug}/sign-up/",
                         {"name_1": "Rosa Calado Teixeira", "name_2": "Manuel Santos"}
                         ).content.decode()
    assert ("Manuel Santos &amp; Rosa Calado Teixeira already have a sign-up for this "
            "tournament, which the organiser has not accepted yet." in page)
    assert "are already signed up" not in page
