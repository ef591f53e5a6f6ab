"""Saving the club's settings comes back to the club page saying so, as creating a club or
adding a player does."""

import pytest


def save(client, club, **headers):
    return client.post(f"/manage/{club.slug}/settings/", {
        "name": "Café Central Novo", "town": "Porto", "default_preset": "portugal",
        "time_zone": "Europe/Lisbon"}, follow=True, **headers)


def test_saving_the_settings_says_they_are_saved_on_the_club_page(organiser_client, club):
    response = save(organiser_client, club)
    assert response.redirect_chain == [(f"/manage/{club.slug}/", 302)]
    page = response.content.decode()
    assert '<p class="msg success">The club&#x27;s settings are saved.</p>' in page
    assert "<h1>Café Central Novo</h1>" in page


@pytest.mark.parametrize(("language", "saved"), [
    ("pt-PT", "As definições do clube foram guardadas."),
    ("pt-BR", "As configurações do clube foram salvas."),
])
def test_it_says_so_in_portuguese(organiser_client, club, language, saved):
    page = save(organiser_client, club, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<p class="msg success">{saved}</p>' in page
