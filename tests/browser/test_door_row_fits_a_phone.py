"""The door's list at a phone's width in Portuguese, where "✓ presentes" and "lista de
espera" are longest: a partnership here and on the waiting list wraps its badges under its
name, where they stuck out of the row and the page scrolled sideways."""

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration import services
from tournaments.registration.models import door_token


def test_a_waiting_partnership_here_fits_the_door_list_on_a_phone(phone, live_server, club,
                                                                  screenshot):
    tournament = open_tournament(club, cap=1, check_in=True)
    sign_up(tournament, 1)
    waiting = sign_up(tournament, 2, name_1="Maria Conceição Albuquerque",
                      name_2="Bartolomeu Vasconcelos")
    services.signup_check_in(signup=waiting)
    phone.context.add_cookies([{"name": "django_language", "value": "pt-pt",
                                "url": live_server.url}])
    phone.goto(f"/t/{tournament.slug}/door/{door_token(tournament)}/")
    row = phone.locator("#door-live li").filter(has_text="Bartolomeu")
    assert "lista de espera" in row.inner_text()
    screenshot(phone, "door-waiting-here-pt")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
