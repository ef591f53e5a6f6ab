"""The organiser gives a sign-up its private link again, on the spot: from the sign-ups page,
a page of that link with its full address, a QR code of it to scan at the door, an SMS to a
phone contact, or the lost-link email sent again to an email contact; only to an organiser
of the tournament's club, and never kept by a cache."""

import re
from html import unescape
from urllib.parse import unquote

import pytest
import segno
from django.test import Client

from sueca_club.models import OutboxStep, Player
from tests.conftest import make_club
from tests.tournaments.registration.helpers import open_tournament
from tournaments import services as services_of_tournaments
from tournaments.registration import services

SITE = "https://sueca.example"
EMAIL_STEP = "tournaments.signup_links_email"


@pytest.fixture(autouse=True)
def site_url(settings):
    settings.SITE_URL = SITE


@pytest.fixture
def tournament(club):
    return open_tournament(club, cap=1)


def signed_up(tournament, n: int, contact: str = "", language: str = ""):
    return services.signup_create(tournament=tournament, contact=contact, language=language,
                                  names=[f"Jogador {n}a", f"Jogador {n}b"])


def page_url(signup) -> str:
    return (f"/manage/{signup.tournament.club.slug}/tournaments/{signup.tournament.slug}"
            f"/sign-ups/{signup.pk}/link/")


def email_url(signup) -> str:
    return page_url(signup) + "email/"


def address_of(signup) -> str:
    return SITE + signup.get_absolute_url()


def qr_modules(svg: str) -> str:
    """The drawing of a QR code's dark modules: the `d` of the SVG's last path (the first,
    with a light background, is the square behind it)."""
    return re.findall(r'<path[^>]* d="([^"]+)"', svg)[-1]


def test_every_sign_up_on_the_sign_ups_page_leads_to_its_private_link(
        club, tournament, organiser_client):
    accepted = signed_up(tournament, 1)
    waiting = signed_up(tournament, 2)
    Player.objects.create(club=club, name="Ana Sousa")
    confirming = services.signup_create(tournament=tournament, names=["Ana Sousa", "Zé"])
    body = organiser_client.get(f"/manage/{club.slug}/tournaments/{tournament.slug}/sign-ups/"
                                ).content.decode()
    for signup in (accepted, waiting, confirming):
        assert f'href="{page_url(signup)}"' in body
        assert signup.token not in body  # the link itself only on its own page
    assert body.count(">Private link<") == 3


def test_the_page_shows_the_full_address_and_a_qr_code_of_it(tournament, organiser_client):
    signup = signed_up(tournament, 1, contact="+351 912 345 678")
    response = organiser_client.get(page_url(signup))
    assert response.status_code == 200
    body = response.content.decode()
    address = address_of(signup)
    assert re.search(rf'<textarea id="private-link-url" readonly[^>]*>{address}</textarea>',
                     body)  # the whole address, to select
    assert 'data-copy="private-link-url"' in body  # the copy button, shown by copy-link.js
    [svg] = re.findall(r"<svg.*?</svg>", body, flags=re.S)
    assert qr_modules(svg) == qr_modules(segno.make(address, error="m").svg_inline(scale=8))
    assert qr_modules(svg) != qr_modules(segno.make(address + "x", error="m").svg_inline(scale=8))


def test_the_page_is_never_kept_by_a_cache(tournament, organiser_client):
    response = organiser_client.get(page_url(signed_up(tournament, 1)))
    cache_control = {part.strip() for part in response["Cache-Control"].split(",")}
    assert {"no-store", "private"} <= cache_control


def test_a_phone_contact_gets_an_sms_with_the_link_and_no_email_button(
        tournament, organiser_client):
    signup = signed_up(tournament, 1, contact="+351 912 345 678")
    body = organiser_client.get(page_url(signup)).content.decode()
    [sms] = re.findall(r'href="(sms:[^"]*)"', body)
    number, text = sms.removeprefix("sms:").split("?body=")
    assert number == "+351912345678"
    assert address_of(signup) in unquote(text) and tournament.name in unquote(text)
    assert "Send by SMS" in body and "Send by email again" not in body
    assert email_url(signup) not in body


def test_an_email_contact_gets_the_lost_link_email_once_through_the_outbox(
        tournament, organiser_client, mailoutbox):
    signup = signed_up(tournament, 1, contact="ana@example.com", language="pt-br")
    body = organiser_client.get(page_url(signup)).content.decode()
    assert f'action="{email_url(signup)}"' in body and "sms:" not in body
    response = organiser_client.post(email_url(signup), follow=True)
    assert response.redirect_chain[-1][0] == page_url(signup)
    assert "on its way to ana@example.com" in response.content.decode()
    [email] = mailoutbox
    assert email.to == ["ana@example.com"] and address_of(signup) in email.body
    [step] = OutboxStep.objects.filter(name=EMAIL_STEP)
    assert step.status == OutboxStep.Status.DONE
    assert step.args == {"signup_ids": [signup.pk], "language": "pt-br",  # its players'
                         "by_organiser": True}


def test_the_email_says_the_organiser_sent_it_and_after_the_start_only_what_the_link_does(
        club, organiser, organiser_client, mailoutbox):
    tournament = open_tournament(club)
    signup = signed_up(tournament, 1, contact="ana@example.com", language="en")
    organiser_client.post(email_url(signup))
    before = mailoutbox[-1].body
    assert "The organiser of Torneio aberto sends you the private link" in before
    assert "check in on the day, or withdraw" in before
    assert "You asked" not in before and "did not ask" not in before

    signed_up(tournament, 2)
    services_of_tournaments.tournament_start(tournament=tournament, by=organiser)
    organiser_client.post(email_url(signup))
    after = mailoutbox[-1].body
    assert "The organiser of Torneio aberto sends you" in after
    assert "The tournament has started: open it to see the tournament and your matches:" in after
    assert "check in" not in after and "withdraw" not in after
    assert address_of(signup) in after


def test_a_sign_up_without_an_email_address_is_not_emailed(tournament, organiser_client,
                                                           mailoutbox):
    signup = signed_up(tournament, 1, contact="912 345 678")
    response = organiser_client.post(email_url(signup), follow=True)
    assert "This sign-up gave no email address." in response.content.decode()
    assert mailoutbox == [] and not OutboxStep.objects.filter(name=EMAIL_STEP).exists()


def test_a_withdrawn_sign_up_is_not_emailed_and_its_page_says_so(tournament, organiser_client,
                                                                 mailoutbox):
    signup = signed_up(tournament, 1, contact="ana@example.com")
    services.signup_withdraw(signup=signup)
    body = organiser_client.get(page_url(signup)).content.decode()
    assert "no longer in the tournament" in body and "Send by email again" not in body
    response = organiser_client.post(email_url(signup), follow=True)
    assert "This sign-up is no longer in the tournament." in response.content.decode()
    assert mailoutbox == []


def test_another_clubs_organiser_and_anonymous_visitors_are_refused(
        tournament, other_organiser, mailoutbox):
    signup = signed_up(tournament, 1, contact="ana@example.com")
    other = Client()
    other.force_login(other_organiser)
    make_club("tasca-do-rui", other_organiser)
    for url in (page_url(signup), email_url(signup)):
        send = other.get if url == page_url(signup) else other.post
        assert send(url).status_code == 404
    anonymous = Client()
    for response in (anonymous.get(page_url(signup)), anonymous.post(email_url(signup))):
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert signup.token not in other.get(page_url(signup)).content.decode()
    assert mailoutbox == [] and not OutboxStep.objects.filter(name=EMAIL_STEP).exists()


def test_another_tournaments_sign_up_is_not_found_under_this_one(club, tournament,
                                                                 organiser_client):
    ours = signed_up(tournament, 1)
    elsewhere = signed_up(open_tournament(club), 2)
    url = page_url(ours).replace(f"/sign-ups/{ours.pk}/", f"/sign-ups/{elsewhere.pk}/")
    assert organiser_client.get(url).status_code == 404


def test_the_page_says_where_the_sign_up_stands_as_its_link_does(club, organiser_client):
    tournament = open_tournament(club)
    away = signed_up(tournament, 1)
    for here in (signed_up(tournament, 2), signed_up(tournament, 3)):
        services_of_tournaments.entry_update(entry=here.entry, checked_in=True)
    services_of_tournaments.tournament_start(tournament=tournament)
    told = "Not playing: you had not checked in when the tournament started."
    assert told in unescape(Client().get(away.get_absolute_url()).content.decode())
    page = unescape(organiser_client.get(page_url(away)).content.decode())
    assert told in page and "· accepted" not in page


def test_after_the_start_the_page_says_what_the_link_does_now(club, organiser_client):
    """It said the link could check the partnership in, correct its names and withdraw it
    (a retest), none of which it can once the tournament has started."""
    tournament = open_tournament(club, cap=4)
    signups = [signed_up(tournament, n) for n in (1, 2)]
    services_of_tournaments.tournament_start(tournament=tournament)
    body = organiser_client.get(page_url(signups[0])).content.decode()
    assert "this link shows the partnership's matches and where it stands" in body
    assert "can check the partnership in" not in body
