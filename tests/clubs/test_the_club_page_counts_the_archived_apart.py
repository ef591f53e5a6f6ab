"""The club page counts the players and partnerships the organiser picks from, and the
archived apart, where its count took in the archived."""

import re

from sueca_club.models import Player
from tests.conftest import make_partnership


def summary(body: str, heading: str) -> str:
    return re.search(rf"<h2>{heading}</h2>(.*?)</summary>", body).group(1)


def test_the_players_count_leaves_the_archived_apart(organiser_client, club, pair_a):
    Player.objects.create(club=club, name="Eva Matos", archived=True)
    body = organiser_client.get(f"/manage/{club.slug}/").content.decode()
    players = summary(body, "Players")
    assert '<span class="count">2</span>' in players
    assert "+ 1 archived" in players


def test_the_partnerships_count_leaves_the_archived_apart(organiser_client, club, pair_a, pair_b):
    archived = make_partnership(club, "Eva Matos", "Gil Vaz")
    archived.archived = True
    archived.save()
    partnerships = summary(organiser_client.get(f"/manage/{club.slug}/").content.decode(),
                           "Partnerships")
    assert '<span class="count">2</span>' in partnerships
    assert "+ 1 archived" in partnerships


def test_nothing_archived_says_nothing_of_an_archive(organiser_client, club, pair_a):
    body = organiser_client.get(f"/manage/{club.slug}/").content.decode()
    assert '<span class="count">2</span>' in summary(body, "Players")
    assert "archived" not in summary(body, "Players")
