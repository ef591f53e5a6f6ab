"""A pasted list naming an archived player says so in its preview, and saving it brings the
player back: the new partnership can play at once, never a silent partnership of someone the
club cannot pick."""

from sueca_club.models import Player
from tests.conftest import make_partnership


def url(club):
    return f"/manage/{club.slug}/partnerships/bulk/"


def test_the_preview_says_the_archived_player_will_be_brought_back(organiser_client, club):
    Player.objects.create(club=club, name="Eva Matos", archived=True)
    response = organiser_client.post(url(club), {"text": "eva matos & Gil Vaz", "preview": ""})
    body = response.content.decode()
    assert "eva matos <span class=\"muted\">(archived player, brought back when you save)" in body
    assert Player.objects.get(name="Eva Matos").archived


def test_saving_brings_the_archived_player_back_to_play(organiser_client, club):
    eva = Player.objects.create(club=club, name="Eva Matos", archived=True)
    organiser_client.post(url(club), {"text": "Eva Matos & Gil Vaz", "save": ""})
    eva.refresh_from_db()
    assert not eva.archived
    assert [p.player_1 for p in club.partnerships.active()] == [eva]


def test_a_line_of_a_partnership_already_there_brings_nobody_back(organiser_client, club):
    pair = make_partnership(club, "Eva Matos", "Gil Vaz")
    pair.player_1.archived = True
    pair.player_1.save()
    organiser_client.post(url(club), {"text": "Eva Matos & Gil Vaz", "save": ""})
    pair.player_1.refresh_from_db()
    assert pair.player_1.archived
