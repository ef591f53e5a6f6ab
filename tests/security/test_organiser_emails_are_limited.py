"""What an organiser can make the site email to an address of their choosing is limited: an
invitation per address invited and per client address, "send the private link again" per
sign-up (an organiser could sign a stranger's address up) and per client address."""

import pytest
from django.conf import settings as site_settings

from tests.tournaments.registration.helpers import open_tournament
from tournaments.registration import services

PER_ADDRESS = 3
# The site's own limits, read before the tests below put small ones in their place.
LIMITED = {name: (name in site_settings.POST_RATE_LIMITS, name in site_settings.EMAIL_RATE_LIMITS,
                  name in site_settings.PATH_RATE_LIMITS)
           for name in ("organiser_invite", "signup_private_link_email")}


def test_the_site_limits_both_per_connection_and_per_address_or_sign_up():
    assert LIMITED == {"organiser_invite": (True, True, False),
                       "signup_private_link_email": (True, False, True)}


@pytest.fixture(autouse=True)
def limits(settings):
    settings.POST_RATE_LIMITS = {"organiser_invite": (5, 3600),
                                 "signup_private_link_email": (5, 3600)}
    settings.EMAIL_RATE_LIMITS = {"organiser_invite": (PER_ADDRESS, 3600)}
    settings.PATH_RATE_LIMITS = {"signup_private_link_email": (PER_ADDRESS, 3600)}


def invite(client, club, email: str, address: str = "192.0.2.60"):
    return client.post(f"/manage/{club.slug}/organisers/invite/", {"email": email},
                       REMOTE_ADDR=address)


def test_invitations_to_one_address_stop_at_the_limit_from_any_connection(
        club, organiser_client, mailoutbox):
    answers = [invite(organiser_client, club, "victim@example.org", f"192.0.2.{70 + n}")
               for n in range(PER_ADDRESS + 1)]
    assert [answer.status_code for answer in answers] == [302] * PER_ADDRESS + [429]
    assert "Too many requests" in answers[-1].content.decode()
    assert len(mailoutbox) == PER_ADDRESS
    club_page = f"http://testserver/manage/{club.slug}/"
    refused = organiser_client.post(f"/manage/{club.slug}/organisers/invite/",
                                    {"email": "victim@example.org"}, HTTP_REFERER=club_page)
    assert f'<a class="button" href="{club_page}">Back to the page you were on</a>' in (
        refused.content.decode())  # no dead end
    elsewhere = organiser_client.post(f"/manage/{club.slug}/organisers/invite/",
                                      {"email": "victim@example.org"},
                                      HTTP_REFERER="https://evil.example/")
    assert "evil.example" not in elsewhere.content.decode()
    assert invite(organiser_client, club, "someone@example.org").status_code == 302


def test_invitations_from_one_connection_stop_at_its_limit_whatever_the_address(
        club, organiser_client, mailoutbox):
    answers = [invite(organiser_client, club, f"o{n}@example.org").status_code
               for n in range(6)]
    assert answers == [302] * 5 + [429] and len(mailoutbox) == 5


def test_a_private_link_is_emailed_again_at_most_the_limit_whoever_asks(
        club, organiser_client, mailoutbox):
    tournament = open_tournament(club, cap=4)
    signup, other = (services.signup_create(tournament=tournament, contact=contact,
                                            names=[f"Jogador {n}a", f"Jogador {n}b"])
                     for n, contact in ((1, "paulo@example.org"), (2, "rita@example.org")))
    mailoutbox.clear()

    def resend(which, address):
        return organiser_client.post(
            f"/manage/{club.slug}/tournaments/{tournament.slug}/sign-ups/{which.pk}/link/email/",
            REMOTE_ADDR=address)

    answers = [resend(signup, f"192.0.2.{80 + n}").status_code for n in range(PER_ADDRESS + 1)]
    assert answers == [302] * PER_ADDRESS + [429]
    assert [email.to for email in mailoutbox] == [["paulo@example.org"]] * PER_ADDRESS
    assert resend(other, "192.0.2.90").status_code == 302  # another sign-up's

