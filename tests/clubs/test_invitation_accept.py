"""/manage/invitations/<token>/: the emailed link. The invited address's account accepts it,
once, before it expires, through a second link emailed to that address for that account; only
then is it an organiser. Anyone else is told why not."""

import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
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


def proven(invitation, user) -> str:
    """The link emailed to the invited address once `user` pressed Accept."""
    return invitations.proof_url(invitation, user).removeprefix(settings.SITE_URL)


def accept(client, invitation, user):
    return client.post(link(invitation), {"proof": invitations.proof_for(invitation, user)})


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


def test_accept_emails_the_invited_address_a_link_for_this_account_alone(
        client, eva, club, invitation, mailoutbox, django_capture_on_commit_callbacks):
    client.force_login(eva)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(link(invitation))
    assert response.status_code == 200
    assert "we sent a link to eva@example.com" in response.content.decode()
    assert not is_organiser(eva, club)
    email = mailoutbox[-1]
    assert email.to == ["eva@example.com"] and club.name in email.subject
    assert settings.SITE_URL + proven(invitation, eva) in email.body
    page = client.get(proven(invitation, eva)).content.decode()
    assert 'name="proof"' in page and "we send a link" not in page
    response = client.post(proven(invitation, eva),
                           {"proof": invitations.proof_for(invitation, eva)})
    assert response.status_code == 302 and response.url == f"/manage/{club.slug}/"
    assert is_organiser(eva, club)


def test_a_forwarded_link_makes_no_stranger_an_organiser(client, club, invitation, mailoutbox,
                                                         django_capture_on_commit_callbacks):
    """Sign-up checks no address: whoever holds the first link can make an account with the
    invited address. Its Accept only emails the invited address, which the stranger never
    reads; the proof made for the real invitee's account is no use to them either."""
    response = client.post("/accounts/signup/", {
        "username": "mallory", "email": "eva@example.com", "password1": PASSWORD,
        "password2": PASSWORD})
    assert response.status_code == 302
    mallory = User.objects.get(username="mallory")
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(link(invitation)).status_code == 200
    assert mailoutbox[-1].to == ["eva@example.com"]
    eva = User.objects.create_user("eva", "eva@example.com", PASSWORD)
    for proof in ("", "made-up", invitations.proof_for(invitation, eva)):
        client.post(link(invitation), {"proof": proof})
    assert not is_organiser(mallory, club)
    response = accept(client, invitation, mallory)  # what only the invited mailbox receives
    assert response.status_code == 302 and is_organiser(mallory, club)


def test_an_old_proof_is_refused_with_the_reason(client, eva, club, invitation, monkeypatch):
    client.force_login(eva)
    eight_days_ago = time.time() - 8 * 24 * 3600
    with monkeypatch.context() as patch:
        patch.setattr(signing.time, "time", lambda: eight_days_ago)
        proof = invitations.proof_for(invitation, eva)
    response = client.post(link(invitation), {"proof": proof})
    assert response.status_code == 403
    assert "This confirmation link is not valid" in response.content.decode()
    assert not is_organiser(eva, club)


def test_no_proof_is_emailed_once_the_invitation_is_over_or_the_address_changed(
        eva, invitation, mailoutbox):
    eva.email = "eva@elsewhere.example"
    eva.save()
    assert not invitations.invitation_proof_email_send(invitation_id=invitation.pk,
                                                       user_id=eva.pk)
    eva.email = "eva@example.com"
    eva.save()
    invitations.invitation_revoke(invitation=invitation)
    assert not invitations.invitation_proof_email_send(invitation_id=invitation.pk,
                                                       user_id=eva.pk)
    assert not mailoutbox


def test_accepting_makes_the_invited_account_an_organiser(client, eva, club, organiser,
                                                          invitation):
    client.force_login(eva)
    response = accept(client, invitation, eva)
    assert response.status_code == 302 and response.url == f"/manage/{club.slug}/"
    membership = Membership.objects.get(club=club, user=eva)
    assert membership.added_by == organiser
    invitation.refresh_from_db()
    assert invitation.accepted_by == eva and invitation.accepted_at is not None


def test_accepting_works_once(client, eva, club, invitation):
    client.force_login(eva)
    accept(client, invitation, eva)
    again = accept(client, invitation, eva)  # a second click: sent to the club, nothing more
    assert again.status_code == 302 and again.url == f"/manage/{club.slug}/"
    assert Membership.objects.filter(club=club, user=eva).count() == 1
    # The same address's other account cannot use it again.
    twin = User.objects.create_user("eva2", "eva@example.com", PASSWORD)
    client.force_login(twin)
    response = accept(client, invitation, twin)
    assert response.status_code == 410
    assert "already been accepted" in response.content.decode()
    assert not is_organiser(twin, club)


def test_another_account_is_refused_with_the_reason(client, other_organiser, club, invitation):
    client.force_login(other_organiser)  # rui@example.com, not the invited address
    for response in (client.get(link(invitation)), client.post(link(invitation)),
                     accept(client, invitation, other_organiser)):
        assert response.status_code == 404
        assert "sent to another email address" in response.content.decode()
    assert not is_organiser(other_organiser, club)
    invitation.refresh_from_db()
    assert invitation.accepted_at is None


def test_an_expired_invitation_is_refused_with_the_reason(client, eva, club, invitation):
    invitation.expires_at = timezone.now() - timedelta(seconds=1)
    invitation.save()
    client.force_login(eva)
    response = accept(client, invitation, eva)
    assert response.status_code == 410
    assert "This invitation has expired" in response.content.decode()
    assert not is_organiser(eva, club)


def test_it_expires_after_a_week(invitation):
    assert invitation.expires_at - invitation.created_at == timedelta(days=7)


def test_a_withdrawn_invitation_is_refused_with_the_reason(client, eva, club, invitation):
    invitations.invitation_revoke(invitation=invitation)
    client.force_login(eva)
    response = accept(client, invitation, eva)
    assert response.status_code == 410
    assert "withdrawn" in response.content.decode()
    assert not is_organiser(eva, club)


@pytest.mark.parametrize("token", ["nonsense", "1", "MQ:1tZ:abc"])
def test_a_made_up_or_changed_link_is_refused(client, eva, club, invitation, token):
    forged = invitations.invitation_token(invitation)[:-4] + "AAAA"
    client.force_login(eva)
    for bad in (token, forged):
        response = client.post(f"/manage/invitations/{bad}/",
                               {"proof": invitations.proof_for(invitation, eva)})
        assert response.status_code == 404
        assert "This invitation link is not valid" in response.content.decode()
    assert not is_organiser(eva, club)


def test_the_email_is_sent_once_whatever_the_retries(invitation, mailoutbox):
    assert invitations.invitation_email_send(invitation_id=invitation.pk)
    assert not invitations.invitation_email_send(invitation_id=invitation.pk)
    [email] = mailoutbox
    assert link(invitation) in email.body
