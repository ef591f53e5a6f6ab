"""On "Who signed up?" each radio is inside the label it picks, so it sits beside its words
and the whole line is its tap target (at 360 px each radio sat alone above its label, the
first seeming the heading's). The look on a phone: tests/browser/test_sign_ups_on_a_phone.py."""

import re

from tests.conftest import make_partnership
from tests.tournaments.registration.helpers import open_tournament
from tournaments.registration import services


def test_each_radio_is_inside_its_own_label(club, organiser_client):
    make_partnership(club, "Ana Sousa", "Bruno Lima")
    tournament = open_tournament(club)
    signup = services.signup_create(tournament=tournament, names=["Ana Sousa", "Zé Novo"])
    page = organiser_client.get(
        f"/manage/{club.slug}/tournaments/{tournament.slug}/sign-ups/").content.decode()
    labels = re.findall(r'<label for="([^"]+)"><input type="radio"[^>]*id="([^"]+)"[^>]*> '
                        r'<span>([^<]+)</span></label>', page)
    assert [(label == radio, words) for label, radio, words in labels] == [
        (True, "The club&#x27;s player Ana Sousa"), (True, "Someone else, called:")]
    assert f'name="s{signup.pk}-name_1"' in page
