"""A lost private link is emailed again to the address its sign-up was made with; the page
answers the same whatever the address, and the requests are limited per client address and
per email address."""

import pytest
from django.conf import settings
from django.test import Client

from sueca_club.models import Player
from tests.tournaments.registration.helpers import open_tournament
from tournaments import services as tournament_services
from tournaments.registration import services

ANSWER = "If a sign-up for this tournament was made with that address"


@pytest.fixture
def tournament(club):
    return open_tournament(club, cap=1)


def signed_up(tournament, n: int, contact: str):
    return services.signup_create(tournament=tournament, names=[f"Jogador {n}a",
                                                                f"Jogador {n}b"],
                                  contact=contact)


def ask(tournament, email: str, address: str = "192.0.2.70"):
    return Client().post(f"/t/{tournament.slug}/sign-up/lost-link/", {"email": email},
                         REMOTE_ADDR=address, follow=True)


def link_of(signup) -> str:
    return settings.SITE_URL + signup.get_absolute_url()


def test_the_link_is_emailed_to_the_address_the_sign_up_was_made_with(tournament, mailoutbox):
    ours = signed_up(tournament, 1, "Ana@Example.com")
    theirs = signed_up(tournament, 2, "rui@example.com")  # on the waiting list: a link too
    response = ask(tournament, " ana@example.COM ")
    assert response.redirect_chain[-1][0] == f"/t/{tournament.slug}/sign-up/"
    assert ANSWER in response.content.decode()
    [email] = mailoutbox
    assert email.to == ["Ana@Example.com"] and tournament.name in email.subject
    assert link_of(ours) in email.body and ours.token not in response.content.decode()
    assert theirs.token not in email.body


def test_after_the_start_the_email_offers_no_check_in_nor_withdrawal(club, organiser,
                                                                     mailoutbox):
    tournament = open_tournament(club)
    ours = signed_up(tournament, 1, "ana@example.com")
    signed_up(tournament, 2, "rui@example.com")
    ask(tournament, "ana@example.com")
    assert "Open it to see your place, check in on the day, or withdraw:" in (
        mailoutbox[-1].body)
    tournament_services.tournament_start(tournament=tournament, by=organiser)
    ask(tournament, "ana@example.com", address="192.0.2.71")
    body = mailoutbox[-1].body
    assert "You asked for the private link of your sign-up" in body and link_of(ours) in body
    assert "open it to see the tournament and your matches" in body
    assert "check in" not in body and "withdraw" not in body


def test_an_address_no_sign_up_has_gets_the_same_answer_and_no_email(tournament, club,
                                                                     mailoutbox):
    signed_up(tournament, 1, "ana@example.com")
    Player.objects.create(club=club, name="Sócia", email="socia@example.com")  # not a sign-up's
    known = ask(tournament, "ana@example.com").content.decode()
    mailoutbox.clear()
    for unknown in ("nobody@example.com", "socia@example.com"):
        response = ask(tournament, unknown)
        assert response.status_code == 200 and ANSWER in response.content.decode()
        assert response.content.decode().count(ANSWER) == known.count(ANSWER)
    assert mailoutbox == []


def test_withdrawn_and_turned_down_sign_ups_send_no_link_but_a_new_one_does(
        club, organiser, mailoutbox):
    tournament = open_tournament(club, approval=True)
    withdrawn, refused = (signed_up(tournament, n, "ana@example.com") for n in (1, 2))
    services.signup_withdraw(signup=withdrawn)
    services.signup_refuse(signup=refused, by=organiser)
    ask(tournament, "ana@example.com")
    assert mailoutbox == []
    again = signed_up(tournament, 3, "ana@example.com")
    ask(tournament, "ana@example.com", address="192.0.2.71")
    [email] = mailoutbox
    assert link_of(again) in email.body
    assert withdrawn.token not in email.body and refused.token not in email.body


def test_a_sign_up_awaiting_its_players_gets_its_link(club, tournament, mailoutbox):
    Player.objects.create(club=club, name="Ana Sousa")
    held = services.signup_create(tournament=tournament, names=["Ana Sousa", "Zé"],
                                  contact="ze@example.com")
    ask(tournament, "ze@example.com")
    assert [link_of(held) in email.body for email in mailoutbox] == [True]


def test_asking_stops_at_the_limit_per_email_address_and_per_client_address(
        tournament, settings, mailoutbox):
    settings.POST_RATE_LIMITS = {"tournament_link_recovery": (3, 3600)}
    settings.EMAIL_RATE_LIMITS = {"tournament_link_recovery": (2, 3600)}
    signed_up(tournament, 1, "ana@example.com")
    answers = [ask(tournament, "ana@example.com", address=f"192.0.2.{80 + n}").status_code
               for n in range(3)]
    assert answers == [200, 200, 429] and len(mailoutbox) == 2
    from_one_address = [ask(tournament, f"someone{n}@example.com", address="192.0.2.90")
                        for n in range(4)]
    assert [r.status_code for r in from_one_address] == [200, 200, 200, 429]
    refused = from_one_address[-1]
    assert "Too many requests" in refused.content.decode() and refused["Retry-After"] == "3600"


def test_a_malformed_address_is_asked_again_and_nothing_is_sent(tournament, mailoutbox):
    response = ask(tournament, "not-an-address")
    assert response.status_code == 200 and ANSWER not in response.content.decode()
    assert "Enter a valid email address." in response.content.decode()
    assert mailoutbox == []


def test_the_page_offers_it_after_sign_up_has_closed(tournament):
    services.registration_update(tournament=tournament, open=False, cap=None, closes_at=None,
                                 approval=False, check_in_from=None)
    page = Client().get(f"/t/{tournament.slug}/sign-up/").content.decode()
    assert "does not take sign-ups here" in page and "lost-link/" in page
