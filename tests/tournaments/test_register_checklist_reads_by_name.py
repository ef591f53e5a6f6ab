"""The tournament page's checklist of the club's partnerships to register reads in
alphabetical order as the club page lists them (accents and capitals not counting), not in
the order they were added to the club."""

import re

import pytest

from tests.conftest import make_partnership
from tests.tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db


def test_the_partnerships_to_register_are_listed_by_name(organiser_client, club):
    tournament = make_tournament(club, 2)
    for first, second in [("Zé Gomes", "Rui Lima"), ("José Ferreira", "Ana Dias"),
                          ("álvaro Sá", "Bruno Reis"), ("João Pereira", "Carla Vaz")]:
        make_partnership(club, first, second)
    html = organiser_client.get(
        f"/manage/{club.slug}/tournaments/{tournament.slug}/").content.decode()
    listed = re.findall(r'name="partnerships" value="\d+"[^>]*>\s*([^&<]+) &amp;', html)
    assert listed == ["álvaro Sá", "João Pereira", "José Ferreira", "Zé Gomes"]
