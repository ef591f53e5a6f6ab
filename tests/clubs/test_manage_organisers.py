"""/manage/<club>/organisers/: an organiser invites an address (nobody joins by it), removes
another organiser or leaves the club; the club keeps one.

The answer is the same whether the address has an account, has none, or already organises
the club, so the form tells no one who is registered; the email with the link goes out
after the commit. Accepting the link is tests/clubs/test_invitation_accept.py.
"""

import re

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages

from sueca_club import invitations
from sueca_club.models import Invitation, Membership


def invite(client, club, email):
    client.cookies.pop("messages", None)  # only this post's messages are read back
    return client.post(f"/manage/{club.slug}/organisers/invite/", {"email": email})


def answer(response) -> tuple:
    """What the organiser is shown, with the typed address taken out."""
    texts = [re.sub(r"\S+@\S+", "<email>", str(m)) for m in get_messages(response.wsgi_request)]
    return response.status_code, response.get("Location"), texts


def test_it_sends_anonymous_visitors_to_log_in(client, club):
    response = invite(client, club, "rui@example.com")
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")
    assert not Invitation.objects.exists()


def test_it_answers_404_to_an_organiser_of_another_club(client, other_organiser, club):
    client.force_login(other_organiser)
    assert invite(client, club, "rui@example.com").status_code == 404
    assert not Invitation.objects.exists()


def test_it_only_accepts_posts(organiser_client, club):
    assert organiser_client.get(f"/manage/{club.slug}/organisers/invite/").status_code == 405


def test_it_emails_a_link_and_adds_nobody_yet(organiser_client, club, other_organiser,
                                              mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = invite(organiser_client, club, "RUI@Example.com")
    assert response.status_code == 302
    invitation = Invitation.objects.get()
    assert (invitation.club, invitation.email) == (club, "RUI@example.com")
    assert not club.memberships.filter(user=other_organiser).exists()
    [email] = mailoutbox
    assert email.to == ["RUI@example.com"]
    assert club.name in email.subject
    assert "/manage/invitations/" in email.body and "ana" in email.body


@pytest.mark.parametrize("who", ["existing account", "no account", "already an organiser"])
def test_the_answer_is_the_same_whoever_the_address_is(organiser_client, club, other_organiser,
                                                       mailoutbox, who,
                                                       django_capture_on_commit_callbacks):
    email = {"existing account": "rui@example.com", "no account": "nobody@example.com",
             "already an organiser": "ana@example.com"}[who]
    reference = invite(organiser_client, club, "someone-else@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        response = invite(organiser_client, club, email)
    assert answer(response) == answer(reference)
    assert response.url == f"/manage/{club.slug}/#organisers"
    assert [m.to for m in mailoutbox] == [["someone-else@example.com"], [email]]  # every case
    assert club.memberships.count() == 1  # only ana, the one who invites


def test_a_bad_address_is_refused_on_the_page(organiser_client, club):
    response = invite(organiser_client, club, "not an address")
    assert response.status_code == 200
    assert "Enter a valid email address." in response.content.decode()
    assert not Invitation.objects.exists()


def test_the_club_page_lists_pending_invitations_and_withdraws_one(organiser_client, club):
    invite(organiser_client, club, "eva@example.com")
    page = organiser_client.get(f"/manage/{club.slug}/").content.decode()
    assert "eva@example.com" in page
    invitation = Invitation.objects.get()
    response = organiser_client.post(
        f"/manage/{club.slug}/invitations/{invitation.pk}/revoke/")
    assert response.status_code == 302
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None
    assert "is withdrawn" in organiser_client.get(response.url).content.decode()
    assert "eva@example.com" not in organiser_client.get(response.url).content.decode()


def test_another_clubs_invitation_cannot_be_withdrawn(organiser_client, club, other_club,
                                                      other_organiser, client):
    client.force_login(other_organiser)
    invite(client, other_club, "eva@example.com")
    theirs = Invitation.objects.get()
    response = organiser_client.post(f"/manage/{club.slug}/invitations/{theirs.pk}/revoke/")
    assert response.status_code == 404
    theirs.refresh_from_db()
    assert theirs.revoked_at is None


def test_a_new_invitation_to_the_same_address_replaces_the_pending_one(organiser_client, club):
    invite(organiser_client, club, "eva@example.com")
    invite(organiser_client, club, "EVA@example.com")
    first, second = Invitation.objects.order_by("pk")
    assert first.revoked_at is not None and second.revoked_at is None


def test_an_account_is_never_added_without_accepting(organiser_client, club):
    User.objects.create_user("eva", "eva@example.com", "x")
    invite(organiser_client, club, "eva@example.com")
    assert not Membership.objects.filter(club=club, user__username="eva").exists()


@pytest.fixture
def co_organiser(club, other_organiser) -> Membership:
    """rui, who accepted an invitation to help ana run the club."""
    return Membership.objects.create(club=club, user=other_organiser)


def remove_url(membership) -> str:
    return f"/manage/{membership.club.slug}/organisers/{membership.pk}/remove/"


def test_the_club_page_offers_to_remove_another_organiser_and_to_leave(organiser_client, club,
                                                                       co_organiser):
    page = organiser_client.get(f"/manage/{club.slug}/").content.decode()
    assert remove_url(co_organiser) in page
    assert remove_url(club.memberships.get(user__username="ana")) in page
    assert "Leave the club" in page


def test_it_asks_first_naming_who_and_changes_nothing_until_the_post(organiser_client,
                                                                      co_organiser):
    response = organiser_client.get(remove_url(co_organiser))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Remove rui from the organisers of Cafe-Central?" in page
    assert 'method="post"' in page and "Yes, remove rui" in page
    assert Membership.objects.filter(pk=co_organiser.pk).exists()


def test_an_organiser_removes_another(organiser_client, club, co_organiser):
    response = organiser_client.post(remove_url(co_organiser), follow=True)
    assert response.redirect_chain[-1][0] == f"/manage/{club.slug}/#organisers"
    assert "rui no longer helps run this club." in response.content.decode()
    assert not club.memberships.filter(user__username="rui").exists()


def test_the_removed_organiser_no_longer_reaches_the_club(organiser_client, club, co_organiser,
                                                          client, other_organiser):
    client.force_login(other_organiser)
    assert client.get(f"/manage/{club.slug}/").status_code == 200
    organiser_client.post(remove_url(co_organiser))
    assert client.get(f"/manage/{club.slug}/").status_code == 404
    assert client.get(f"/manage/{club.slug}/settings/").status_code == 404


def test_the_invitations_the_removed_organiser_sent_are_withdrawn(organiser_client, club,
                                                                  organiser, co_organiser):
    theirs = invitations.invitation_send(club=club, email="mate@example.com",
                                         by=co_organiser.user)
    ours = invitations.invitation_send(club=club, email="eva@example.com", by=organiser)
    organiser_client.post(remove_url(co_organiser))
    theirs.refresh_from_db()
    ours.refresh_from_db()
    assert theirs.revoked_at is not None and ours.revoked_at is None


def test_an_organiser_leaves_the_club(client, club, co_organiser, other_organiser):
    client.force_login(other_organiser)
    page = client.get(remove_url(co_organiser)).content.decode()
    assert "Leave Cafe-Central?" in page and "Yes, leave the club" in page
    response = client.post(remove_url(co_organiser), follow=True)
    assert response.redirect_chain[-1][0] == "/manage/"
    assert "You no longer help run Cafe-Central." in response.content.decode()
    assert list(club.memberships.values_list("user__username", flat=True)) == ["ana"]


def test_the_last_organiser_can_neither_leave_nor_be_removed(organiser_client, club):
    own = club.memberships.get()
    assert "Leave the club" not in organiser_client.get(f"/manage/{club.slug}/").content.decode()
    response = organiser_client.post(remove_url(own))
    page = response.content.decode()
    assert response.status_code == 200
    assert "You are the club's only organiser, and a club keeps one" in page
    assert "Yes, leave the club" not in page
    assert club.memberships.get() == own


def test_the_service_keeps_the_last_organiser(club, co_organiser):
    invitations.organiser_remove(membership=co_organiser)
    with pytest.raises(invitations.LastOrganiser):
        invitations.organiser_remove(membership=club.memberships.get())
    assert club.memberships.count() == 1


def test_removing_answers_404_to_an_organiser_of_another_club(client, club, other_club,
                                                              other_organiser):
    client.force_login(other_organiser)
    ana = club.memberships.get()
    assert client.get(remove_url(ana)).status_code == 404
    assert client.post(remove_url(ana)).status_code == 404
    assert club.memberships.filter(pk=ana.pk).exists()


def test_another_clubs_membership_cannot_be_removed_through_ones_own(organiser_client, club,
                                                                     other_club):
    rui = other_club.memberships.get()
    Membership.objects.create(club=other_club, user=User.objects.create_user("eva"))
    response = organiser_client.post(f"/manage/{club.slug}/organisers/{rui.pk}/remove/")
    assert response.status_code == 404
    assert other_club.memberships.filter(pk=rui.pk).exists()


def test_removing_sends_anonymous_visitors_to_log_in(client, co_organiser):
    response = client.post(remove_url(co_organiser))
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    assert Membership.objects.filter(pk=co_organiser.pk).exists()
