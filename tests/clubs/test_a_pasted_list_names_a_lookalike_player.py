"""A pasted name that is not a club player's but looks like one (accents left out) is named
in the preview, so the organiser notices before a second player is made."""

from sueca_club.models import Player


def test_the_preview_names_the_player_a_new_name_looks_like(organiser_client, club):
    maria = Player.objects.create(club=club, name="Maria João Gonçalves")
    response = organiser_client.post(f"/manage/{club.slug}/partnerships/bulk/", {
        "text": "MARIA JOAO GONCALVES & Rui Paz", "preview": ""})
    seats = response.context["lines"][0].players
    assert [(seat.player, seat.alike) for seat in seats] == [(None, maria), (None, None)]
    assert ("new player, though it looks like Maria João Gonçalves, already in the club"
            in response.content.decode())


def test_a_name_of_a_club_player_is_that_player_not_a_lookalike(organiser_client, club):
    maria = Player.objects.create(club=club, name="Maria João Gonçalves")
    response = organiser_client.post(f"/manage/{club.slug}/partnerships/bulk/", {
        "text": "maria joão gonçalves & Rui Paz", "preview": ""})
    assert response.context["lines"][0].players[0].player == maria
    assert "looks like" not in response.content.decode()
