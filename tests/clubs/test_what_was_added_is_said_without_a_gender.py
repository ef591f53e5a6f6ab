"""The messages after adding, saving or archiving a player or a partnership name them after a
neutral wording: "%(name)s adicionado" or "Jogador guardado" said every player was a man."""

from sueca_club.models import Player


def message(response) -> str:
    return [str(m) for m in response.context["messages"]][0]


def test_adding_a_player_says_where_they_were_added(organiser_client, club):
    response = organiser_client.post(f"/manage/{club.slug}/players/add/",
                                     {"name": "Maria da Conceição Gonçalves Araújo"},
                                     follow=True)
    assert message(response) == "Added to the players: Maria da Conceição Gonçalves Araújo."


def test_adding_a_partnership_says_where_it_was_added(organiser_client, club):
    first, second = (Player.objects.create(club=club, name=name)
                     for name in ("Ana Silva", "Bruno Costa"))
    response = organiser_client.post(f"/manage/{club.slug}/partnerships/add/",
                                     {"player_1": first.pk, "player_2": second.pk, "name": ""},
                                     follow=True)
    assert message(response) == "Added to the partnerships: Ana Silva & Bruno Costa."


def test_archiving_a_player_says_where_they_went(organiser_client, club):
    player = Player.objects.create(club=club, name="Ana Silva")
    response = organiser_client.post(f"/manage/{club.slug}/players/{player.pk}/archive/",
                                     follow=True)
    assert message(response) == "Moved to the archive: Ana Silva."


def test_saving_a_player_says_what_was_saved(organiser_client, club):
    player = Player.objects.create(club=club, name="Ana Silva")
    response = organiser_client.post(f"/manage/{club.slug}/players/{player.pk}/",
                                     {"name": "Ana Sílvia"}, follow=True)
    assert message(response) == "Saved: Ana Sílvia."
