"""On the organiser's 360 px phone, a sign-up's private link is given again: from the sign-ups
page to a QR code big enough to scan off the screen, the address copied with one tap, and the
SMS button; thumb-sized targets, nothing wider than the screen, nothing blocked by the
Content-Security-Policy."""

from django.conf import settings
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.browser.test_content_security_policy import WATCH
from tests.tournaments.registration.helpers import open_tournament
from tournaments.registration import services

TARGET = 44  # px
QR = 280  # px: a phone's camera reads it off the organiser's screen at arm's length


def test_the_organiser_shows_copies_and_texts_the_private_link(new_phone, club, organiser,
                                                               screenshot):
    tournament = open_tournament(club)
    signup = services.signup_create(tournament=tournament, contact="+351 912 345 678",
                                    names=["Maria João Albuquerque", "Rosa Pires"])
    address = settings.SITE_URL + signup.get_absolute_url()
    phone = new_phone(permissions=["clipboard-read", "clipboard-write"])
    phone.add_init_script(WATCH)
    log_in(phone, organiser)
    phone.goto(f"/manage/{club.slug}/tournaments/{tournament.slug}/sign-ups/")
    action = phone.get_by_role("link", name="Private link")
    assert action.bounding_box()["height"] >= TARGET
    screenshot(phone, "sign-ups")
    action.click()
    phone.wait_for_url(f"**/sign-ups/{signup.pk}/link/")

    qr = phone.locator(".private-link-qr svg")
    box = qr.bounding_box()
    assert box["width"] >= QR and box["x"] >= 0 and box["x"] + box["width"] <= 360
    expect(phone.get_by_label("The link's address")).to_have_value(address)
    copy = phone.get_by_role("button", name="Copy the link")
    expect(copy).to_be_visible()  # shown by copy-link.js
    sms = phone.get_by_role("link", name="Send by SMS")
    for target in (copy, sms):
        assert target.bounding_box()["height"] >= TARGET
    assert sms.get_attribute("href").startswith("sms:+351912345678?body=")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(phone, "private-link")

    copy.click()
    expect(phone.locator("[data-copy]")).to_have_text("Copied")
    assert phone.evaluate("navigator.clipboard.readText()") == address
    assert phone.evaluate("window.__violations") == []
