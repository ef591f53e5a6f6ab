"""A partnership that moves from the waiting list into the tournament (a sign-up withdrawn or
turned down, a larger field, the organiser's move up, an entry removed) is told: by email to
the address it signed up with, once, after the commit, and on its private link."""

from dataclasses import replace

import pytest
from django.conf import settings
from django.test import Client

from sueca_club import outbox
from sueca_club.models import OutboxStep, Player
from tests.tournaments.registration.helpers import open_tournament
from tournaments import services as tournament_services
from tournaments.registration import emails, services
from tournaments.registration.models import SignUp

STEP = "tournaments.signup_moved_up_email"


def signed_up(tournament, n: int, contact: str = "", **extra):
    return services.signup_create(tournament=tournament, names=[f"Jogador {n}a", f"Jogador {n}b"],
                                  contact=contact or f"dupla{n}@example.com", **extra)


@pytest.fixture
def full(club):
    """A field of one, taken, and one partnership on the waiting list."""
    tournament = open_tournament(club, cap=1)
    return tournament, signed_up(tournament, 1), signed_up(tournament, 2)


def fresh(signup) -> SignUp:
    return SignUp.objects.get(pk=signup.pk)


def test_a_withdrawal_emails_the_partnership_that_moves_up_once(full, mailoutbox):
    tournament, first, second = full
    assert mailoutbox == []  # being put on the waiting list is no move
    Client().post(f"{first.get_absolute_url()}withdraw/")
    [email] = mailoutbox
    assert email.to == ["dupla2@example.com"]
    assert email.subject == f"{tournament.name}: a place for you"
    assert "moved up from the waiting list" in email.body
    assert settings.SITE_URL + second.get_absolute_url() in email.body
    assert "check in when you arrive" in email.body
    assert fresh(second).status == "accepted" and fresh(second).moved_up_emailed_at


def test_the_email_is_sent_once_when_the_step_runs_twice(full, mailoutbox):
    tournament, first, second = full
    services.signup_withdraw(signup=first)
    assert len(mailoutbox) == 1
    outbox.STEPS[STEP].run(signup_id=second.pk)
    outbox.STEPS[STEP].run(signup_id=second.pk)
    assert len(mailoutbox) == 1
    assert OutboxStep.objects.filter(name=STEP).count() == 1


def test_a_send_that_fails_is_sent_by_the_retry(full, mailoutbox, monkeypatch):
    tournament, first, second = full

    def down(*args, **kwargs):
        raise OSError("the mail server is down")

    with monkeypatch.context() as patch:
        patch.setattr(emails.EmailMessage, "send", down)
        services.signup_withdraw(signup=first)  # the write stands; its step failed
    assert fresh(second).status == "accepted" and fresh(second).moved_up_emailed_at is None
    assert mailoutbox == []
    outbox.STEPS[STEP].run(signup_id=second.pk)
    outbox.STEPS[STEP].run(signup_id=second.pk)
    assert len(mailoutbox) == 1


def test_a_larger_field_emails_each_partnership_that_moves_up(club, mailoutbox):
    tournament = open_tournament(club, cap=1)
    signups = [signed_up(tournament, n) for n in range(1, 5)]
    services.registration_update(tournament=tournament, open=True, cap=3, closes_at=None,
                                 approval=False, check_in_from=None)
    assert sorted(email.to[0] for email in mailoutbox) == [
        "dupla2@example.com", "dupla3@example.com"]
    assert fresh(signups[3]).status == "waiting"


def test_the_organiser_moving_one_up_or_removing_an_entry_tells_it(club, organiser, mailoutbox):
    tournament = open_tournament(club, cap=1)
    first, second, third = (signed_up(tournament, n) for n in range(1, 4))
    services.signup_move_up(signup=third, by=organiser)
    assert [email.to for email in mailoutbox] == [["dupla3@example.com"]]
    tournament_services.entry_remove(entry=fresh(first).entry)
    tournament_services.entry_remove(entry=fresh(third).entry)  # no one left to move up
    assert [email.to for email in mailoutbox] == [["dupla3@example.com"],
                                                  ["dupla2@example.com"]]


def test_the_organiser_registering_a_waiting_partnership_tells_it(full, mailoutbox):
    tournament, first, second = full
    tournament_services.entries_register(tournament=tournament,
                                         partnerships=[second.partnership])
    assert fresh(second).status == "accepted"
    assert [email.to for email in mailoutbox] == [["dupla2@example.com"]]


def test_a_refused_sign_up_that_held_a_place_moves_the_next_up(club, organiser, mailoutbox):
    Player.objects.create(club=club, name="Jogador 1a")  # the organiser says who is who
    tournament = open_tournament(club, cap=1)
    held, waiting = signed_up(tournament, 1), signed_up(tournament, 2)
    assert (fresh(held).status, fresh(waiting).status) == ("confirm", "waiting")
    services.signup_refuse(signup=held, by=organiser)
    assert [email.to for email in mailoutbox] == [["dupla2@example.com"]]


def test_one_whose_players_the_organiser_confirms_is_told_once_confirmed(
        club, full, organiser, mailoutbox):
    tournament, first, second = full
    Player.objects.create(club=club, name="Sócia Antiga")
    third = services.signup_create(tournament=tournament, names=["Sócia Antiga", "Zé Novo"],
                                   contact="socia@example.com")
    services.signup_withdraw(signup=first)
    services.signup_withdraw(signup=second)  # the place freed is held for the third
    assert mailoutbox[-1].to == ["dupla2@example.com"] and len(mailoutbox) == 1
    services.signup_players_confirm(signup=third, names=["Sócia Antiga", "Zé Novo"],
                                    by=organiser)
    assert fresh(third).status == "accepted"
    assert [email.to for email in mailoutbox[1:]] == [["socia@example.com"]]


def test_the_private_link_says_it_moved_up(full):
    tournament, first, second = full
    services.signup_withdraw(signup=first)
    page = Client().get(second.get_absolute_url()).content.decode()
    assert "A place freed: you moved up from the waiting list into the tournament." in page
    assert "Accepted: you are in the tournament." in page
    accepted_at_once = Client().get(first.get_absolute_url()).content.decode()
    assert "you moved up" not in accepted_at_once


def test_a_phone_number_gets_no_email_but_the_page_says_it(club, mailoutbox):
    tournament = open_tournament(club, cap=1)
    first, second = signed_up(tournament, 1), signed_up(tournament, 2, "+351 912 345 678")
    services.signup_withdraw(signup=first)
    assert mailoutbox == []
    assert "you moved up" in Client().get(second.get_absolute_url()).content.decode()


def test_one_that_left_before_the_email_went_gets_none(full, mailoutbox, monkeypatch):
    tournament, first, second = full
    with monkeypatch.context() as patch:
        patch.setitem(outbox.STEPS, STEP, replace(outbox.STEPS[STEP], run=lambda **_: None))
        services.signup_withdraw(signup=first)
        services.signup_withdraw(signup=second)
    assert emails.signup_moved_up_email_send(signup_id=second.pk) is False
    assert mailoutbox == []


def test_the_email_is_in_the_language_of_the_sign_up_page(club, mailoutbox):
    tournament = open_tournament(club, cap=1)
    first = signed_up(tournament, 1)
    Client().post(f"/t/{tournament.slug}/sign-up/", {
        "name_1": "Jogador 2a", "name_2": "Jogador 2b", "contact": "dupla2@example.com"},
        HTTP_ACCEPT_LANGUAGE="pt-br")
    second = SignUp.objects.get(contact="dupla2@example.com")
    assert (second.status, second.language) == ("waiting", "pt-br")
    services.signup_withdraw(signup=first)
    [email] = mailoutbox
    assert email.subject == f"{tournament.name}: uma vaga para vocês"
    assert "lista de espera" in email.body and "— — —" not in email.body
    assert "a vaga passa para a próxima dupla da lista de espera" in email.body  # pt-BR's word
    assert settings.SITE_URL + second.get_absolute_url() in email.body
