"""An invitation's link opened logged out sent the invitee to a plain login page that said
nothing of the invitation, whose only sign-up link read "New here? Register your club", wrong
for someone joining another's club. It now says who invites them to which club, and leads to
log in or to create an account (no club), either coming back to the link, where Accept emails
the invited address its confirmation as before."""

import re
from html import unescape
from urllib.parse import quote

from sueca_club.models import Membership
from tests.clubs.test_invitation_accept import eva, invitation, link, proven  # noqa: F401
from tests.conftest import PASSWORD

NEW_PASSWORD = "a-long-new-password-77"


def hrefs(html: str) -> dict[str, str]:
    """The invitation page's two ways on, by their data- attribute."""
    return {name: unescape(href) for href, name in
            re.findall(r'<a class="button[^"]*" href="([^"]+)" data-(log-in|sign-up)>', html)}


def test_it_says_who_invites_to_which_club_and_offers_to_log_in_or_create_an_account(
        client, club, organiser, invitation):  # noqa: F811
    url = link(invitation)  # signed with the time: two signatures differ across a second
    response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 200
    assert f"{organiser.username} invites you to help run {club.name}" in html
    assert "log in with the account of eva@example.com" in html
    back = quote(url)
    assert hrefs(html) == {"log-in": f"/accounts/login/?next={back}",
                           "sign-up": f"/accounts/signup/?next={back}"}
    assert "Register your club" not in html and "Accept" not in html


def test_logging_in_from_it_comes_back_to_accept(client, eva, invitation):  # noqa: F811
    url = link(invitation)
    login = hrefs(client.get(url).content.decode())["log-in"]
    page = client.get(login).content.decode()
    assert "Create an account" in page and "Register your club" not in page
    response = client.post(login, {"username": "eva", "password": PASSWORD, "next": url})
    assert response.status_code == 302 and response.url == url
    assert "Accept" in client.get(response.url).content.decode()


def test_creating_an_account_from_it_makes_no_club_and_comes_back_to_accept(
        client, club, invitation, mailoutbox, django_capture_on_commit_callbacks):  # noqa: F811
    url = link(invitation)
    sign_up = hrefs(client.get(url).content.decode())["sign-up"]
    page = client.get(sign_up).content.decode()
    assert "<h1>Create an account</h1>" in page
    response = client.post(sign_up, {
        "username": "eva", "email": "eva@example.com", "password1": NEW_PASSWORD,
        "password2": NEW_PASSWORD, "next": url})
    assert response.status_code == 302 and response.url == url
    assert not Membership.objects.filter(user__username="eva").exists()
    with django_capture_on_commit_callbacks(execute=True):
        sent = client.post(url).content.decode()
    assert "we sent a link to eva@example.com" in sent
    assert mailoutbox[-1].to == ["eva@example.com"]


def test_the_emailed_confirmation_opened_logged_out_comes_back_with_its_proof(
        client, eva, invitation):  # noqa: F811
    confirmation = proven(invitation, eva)
    login = hrefs(client.get(confirmation).content.decode())["log-in"]
    assert login == f"/accounts/login/?next={quote(confirmation)}"
    response = client.post(login, {"username": "eva", "password": PASSWORD,
                                   "next": confirmation})
    assert response.url == confirmation
    assert 'name="proof"' in client.get(confirmation).content.decode()


def test_an_invitation_that_can_no_longer_be_accepted_says_why(client, invitation):  # noqa: F811
    invitation.revoked_at = invitation.created_at
    invitation.save(update_fields=["revoked_at"])
    response = client.get(link(invitation))
    assert response.status_code == 410
    assert "withdrawn by an organiser" in response.content.decode()
    assert client.get("/manage/invitations/made-up/").status_code == 404


def test_accept_posted_logged_out_asks_to_log_in_first(client, club, invitation):  # noqa: F811
    response = client.post(link(invitation))
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/?next=/manage/invitations/")
    assert not Membership.objects.filter(club=club).exclude(user=invitation.invited_by).exists()
