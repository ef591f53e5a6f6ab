"""After adding a player or a partnership the club page comes back with that section open at
its form, so the next one is typed straight away (no JS: a link to the form, and <details open>)."""

import re

from sueca_club.models import Player


def opened(page: str, section: str) -> bool:
    return re.search(rf'<details class="club-part" id="{section}"[^>]* open>', page) is not None


def test_adding_a_player_comes_back_with_the_players_open_at_their_form(organiser_client,
                                                                        club):
    response = organiser_client.post(f"/manage/{club.slug}/players/add/", {"name": "Ana Silva"})
    assert response.url == f"/manage/{club.slug}/?added=players#id_player_name"
    page = organiser_client.get(response.url).content.decode()
    assert opened(page, "players") and not opened(page, "partnerships")
    assert 'id="add-player"' in page
    assert "Ana Silva" in page


def test_adding_a_partnership_comes_back_with_the_partnerships_open_at_their_form(
        organiser_client, club):
    first, second = (Player.objects.create(club=club, name=name)
                     for name in ("Ana Silva", "Bruno Costa"))
    response = organiser_client.post(f"/manage/{club.slug}/partnerships/add/",
                                     {"player_1": first.pk, "player_2": second.pk, "name": ""})
    assert response.url == f"/manage/{club.slug}/?added=partnerships#add-partnership"
    page = organiser_client.get(response.url).content.decode()
    assert opened(page, "partnerships") and not opened(page, "players")
    assert 'id="add-partnership"' in page


def test_the_club_page_opened_plainly_keeps_its_sections_closed(organiser_client, club):
    page = organiser_client.get(f"/manage/{club.slug}/").content.decode()
    assert not opened(page, "players") and not opened(page, "partnerships")
