"""/manage/invitations/<token>/: the emailed link. The invited address's account accepts it,
once, before it expires; only then is it an organiser. Anyone else is told why not."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from sueca_club import invitations
from sueca_club.models import Membership
from tests.conftest import PASSWORD


@pytest.fixture
def eva(db) -> User:
    return User.objects.create_user("eva", "Eva@Example.com", PASSWORD)


@pytest.fixture
def invitation(club, organiser):
    return invitations.invitation_send(club=club, email="eva@example.com", by=organiser)


def link(invitation) -> str:
    return f"/manage/invitations/{invitations.invitation_token(invitation)}/"


def is_organiser(user, club) -> bool:
    return Membership.objects.filter(club=club, user=user).exists()


def test_opening_the_link_logged_out_asks_to_log_in_and_then_comes_back(client, invitation):
    response = client.get(link(invitation))
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/?next=/manage/invitations/")
    login_page = client.get(response.url).content.decode()
    assert "/accounts/signup/?next=/manage/invitations/" in login_page


def test_registering_from_the_link_comes_back_to_it(client, invitation):
    sent = link(invitation)  # one link: its signature holds the second it was made
    response = client.post(f"/accounts/signup/?next={sent}", {
        "username": "eva", "email": "eva@example.com", "password1": "a-long-new-password-77",
        "password2": "a-long-new-password-77", "next": sent})
    assert response.status_code == 302 and response.url == sent
    assert client.get(response.url).status_code == 200


def test_the_link_shows_the_club_and_adds_nobody_until_accepted(client, eva, club, invitation):
    client.force_login(eva)
    response = client.get(link(invitation))
    assert response.status_code == 200
    assert club.name in response.content.decode() and "Accept" in response.content.decode()
    assert not is_organiser(eva, club)


def test_accepting_makes_the_invited_account_an_organiser(client, eva, club, organiser,
                                                          invitation):
    client.force_login(eva)
    response = client.post(link(invitation))
    assert response.status_code == 302 and response.url == f"/manage/{club.slug}/"
    membership = Membership.objects.get(club=club, user=eva)
    assert membership.added_by == organiser
    invitation.refresh_from_db()
    assert invitation.accepted_by == eva and invitation.accepted_at is not None


def test_accepting_works_once(client, eva, club, invitation):
    client.force_login(eva)
    client.post(link(invitation))
    again = client.post(link(invitation))  # a second click: sent to the club, nothing more
    assert again.status_code == 302 and again.url == f"/manage/{club.slug}/"
    assert Membership.objects.filter(club=club, user=eva).count() == 1
    # The same address's other account cannot use it again.
    twin = User.objects.create_user("eva2", "eva@example.com", PASSWORD)
    client.force_login(twin)
    response = client.post(link(invitation))
    assert response.status_code == 410
    assert "already been accepted" in response.content.decode()
    assert not is_organiser(twin, club)


def test_another_account_is_refused_with_the_reason(client, other_organiser, club, invitation):
    client.force_login(other_organiser)  # rui@example.com, not the invited address
    for response in (client.get(link(invitation)), client.post(link(invitation))):
        assert response.status_code == 404
        assert "sent to another email address" in response.content.decode()
    assert not is_organiser(other_organiser, club)
    invitation.refresh_from_db()
    assert invitation.accepted_at is None


def test_an_expired_invitation_is_refused_with_the_reason(client, eva, club, invitation):
    invitation.expires_at = timezone.now() - timedelta(seconds=1)
    invitation.save()
    client.force_login(eva)
    response = client.post(link(invitation))
    assert response.status_code == 410
    assert "This invitation has expired" in response.content.decode()
    assert not is_organiser(eva, club)


def test_it_expires_after_a_week(invitation):
    assert invitation.expires_at - invitation.created_at == timedelta(days=7)


def test_a_withdrawn_invitation_is_refused_with_the_reason(client, eva, club, invitation):
    invitations.invitation_revoke(invitation=invitation)
    client.force_login(eva)
    response = client.post(link(invitation))
    assert response.status_code == 410
    assert "withdrawn" in response.content.decode()
    assert not is_organiser(eva, club)


@pytest.mark.parametrize("token", ["nonsense", "1", "MQ:1tZ:abc"])
def test_a_made_up_or_changed_link_is_refused(client, eva, club, invitation, token):
    forged = invitations.invitation_token(invitation)[:-4] + "AAAA"
    client.force_login(eva)
    for bad in (token, forged):
        response = client.post(f"/manage/invitations/{bad}/")
        assert response.status_code == 404
        assert "This invitation link is not valid" in response.content.decode()
    assert not is_organiser(eva, club)


def test_the_email_is_sent_once_whatever_the_retries(invitation, mailoutbox):
    assert invitations.invitation_email_send(invitation_id=invitation.pk)
    assert not invitations.invitation_email_send(invitation_id=invitation.pk)
    [email] = mailoutbox
    assert link(invitation) in email.body
