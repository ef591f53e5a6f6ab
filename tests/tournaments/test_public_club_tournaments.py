"""The club's public page lists its tournaments, at one query however many there are."""

import pytest

from scoring import engine
from tests.conftest import make_partnership
from tournaments import services

HTMX = {"HX-Request": "true"}


@pytest.fixture
def partnerships(club):
    return [make_partnership(club, f"Jogador {i}a", f"Jogador {i}b") for i in range(4)]


def tournament(club, partnerships, name, start=True):
    made = services.tournament_create(club=club, name=name, rules=engine.rules_from("portugal"),
                                      fmt=engine.format_from(None), structure="knockout")
    services.entries_register(tournament=made, partnerships=partnerships)
    if start:
        services.tournament_start(tournament=made)
    return made


def test_the_club_page_links_to_its_started_tournaments(client, club, partnerships):
    running = tournament(club, partnerships, "Torneio da Primavera")
    registering = tournament(club, partnerships, "Torneio de Verão", start=False)
    html = client.get(f"/c/{club.slug}/").content.decode()
    assert '<h2 id="tournaments-heading">Tournaments</h2>' in html
    assert f'<a href="/t/{running.slug}/">Torneio da Primavera</a>' in html and "In play" in html
    assert registering.slug not in html


def test_the_club_poll_does_not_list_tournaments(client, club, partnerships):
    tournament(club, partnerships, "Torneio da Primavera")
    html = client.get(f"/c/{club.slug}/", headers=HTMX).content.decode()
    assert "tournaments-heading" not in html and 'href="/t/' not in html  # its matches may show


def test_the_club_page_query_count_does_not_grow_with_tournaments(
        client, club, partnerships, django_assert_max_num_queries):
    for n in range(12):
        tournament(club, partnerships, f"Torneio {n}")
    # as tests/scoring/test_live_pages.py: the tournaments, those open for sign-up, their version
    with django_assert_max_num_queries(7):
        html = client.get(f"/c/{club.slug}/").content.decode()
    assert html.count('href="/t/') == 10
