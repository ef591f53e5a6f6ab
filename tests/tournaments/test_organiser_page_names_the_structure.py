"""The organiser's tournament page and its settings form (where the structure's settings can
still change) name the structure as it is played:
rounds by their pairing (a round robin first to 4 games has no fixed number of deals)."""

import re

import pytest

from tests.tournaments.helpers import make_tournament


def heading_line(client, tournament) -> str:
    html = client.get(f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/").content
    line = re.search(r'<span class="status">.*?</p>', html.decode(), re.S).group(0)
    return " ".join(re.sub(r"<[^>]+>", " ", line).split())


@pytest.mark.parametrize(("options", "name"), [
    ({"structure": "rounds", "pairing": "round_robin"}, "Round robin"),
    ({"structure": "rounds", "pairing": "swiss"}, "Swiss"),
    ({"structure": "knockout"}, "Knockout"),
    ({"structure": "league"}, "League over weeks"),
])
def test_the_heading_names_the_structure_as_played(organiser_client, club, options, name):
    tournament = make_tournament(club, 6, fmt={"type": "first_to", "target": 4}, **options)
    line = heading_line(organiser_client, tournament)
    assert f"Registration · {name} · " in line
    assert "First to 4 games" in line and "fixed deals" not in line
    settings = organiser_client.get(
        f"/manage/{club.slug}/tournaments/{tournament.slug}/edit/").content.decode()
    changeable = 'id="structure"' in settings  # a Swiss's rounds, a group stage
    assert changeable == (name == "Swiss")
    assert not changeable or f"<h2>{name}</h2>" in settings


def test_portuguese_names_a_round_robin_too(organiser_client, club):
    tournament = make_tournament(club, 4, structure="rounds", pairing="round_robin")
    html = organiser_client.get(f"/manage/{club.slug}/tournaments/{tournament.slug}/",
                                HTTP_ACCEPT_LANGUAGE="pt-pt").content.decode()
    heading = html.split("<details")[0]
    assert "Todos contra todos ·" in heading and "Rondas de mãos fixas" not in heading
