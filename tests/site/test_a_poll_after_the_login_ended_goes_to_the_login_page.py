"""An organiser's page that polls (the check-in board, the sign-ups, the round board) after the
login ended is sent to the login page, which leads back to it, where htmx put the login page in
place of the lists and they went blank without a word. A page without htmx is redirected as
before."""

from django.urls import reverse

from tests.tournaments.helpers import make_tournament


def test_a_poll_without_a_login_is_told_to_go_to_the_login_page(client, club):
    tournament = make_tournament(club, 4)
    board = reverse("manage_tournaments:board", args=[club.slug, tournament.slug])
    response = client.get(board, headers={"HX-Request": "true",
                                          "HX-Current-URL": f"http://testserver{board}"})
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"{reverse('login')}?next={board}"


def test_a_plain_request_is_redirected_as_before(client, club):
    tournament = make_tournament(club, 4)
    board = reverse("manage_tournaments:board", args=[club.slug, tournament.slug])
    response = client.get(board)
    assert response.status_code == 302 and "HX-Redirect" not in response
