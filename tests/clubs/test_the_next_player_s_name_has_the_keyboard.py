"""After adding a player, or a name refused, the club page puts the keyboard back in the name
field (plain autofocus), so the next name is typed at once and a phone's keyboard stays up."""

import re


def name_field(page: str) -> str:
    return re.search(r'<input[^>]*id="id_player_name"[^>]*>', page).group(0)


def test_after_adding_a_player_the_name_field_has_the_keyboard(organiser_client, club):
    response = organiser_client.post(f"/manage/{club.slug}/players/add/", {"name": "Ana Silva"})
    assert "autofocus" in name_field(organiser_client.get(response.url).content.decode())


def test_a_refused_name_keeps_the_keyboard_in_the_name_field(organiser_client, club):
    organiser_client.post(f"/manage/{club.slug}/players/add/", {"name": "Ana Silva"})
    response = organiser_client.post(f"/manage/{club.slug}/players/add/", {"name": "ana silva"})
    assert "autofocus" in name_field(response.content.decode())


def test_the_club_page_opened_plainly_takes_no_keyboard(organiser_client, club):
    page = organiser_client.get(f"/manage/{club.slug}/").content.decode()
    assert "autofocus" not in page
