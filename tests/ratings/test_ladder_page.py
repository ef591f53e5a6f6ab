"""The public club ladder: players and partnerships by rating, each with an inline SVG chart."""

import re

import pytest
from django.urls import reverse

from tests.conftest import make_partnership
from tests.ratings.helpers import play

pytestmark = pytest.mark.django_db


def ladder(client, club) -> str:
    response = client.get(reverse("ladder", args=[club.slug]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_ladder_ranks_the_winners_first_with_their_history(
        client, club, pair_a, pair_b, django_capture_on_commit_callbacks):
    for _ in range(3):
        play(django_capture_on_commit_callbacks, club, pair_a, pair_b, "A")
    page = ladder(client, club)
    assert page.index("Ana Silva") < page.index("Carla Dias")
    assert page.index("Ana Silva &amp; Bruno Costa") < page.index("Carla Dias &amp; Duarte Lima")
    assert page.count("<svg") == 6  # four players and two partnerships
    assert page.count("<polyline") == 6
    assert "<script" not in page.split("<main", 1)[1].split("</main>", 1)[0]
    assert "<td>3</td>" in page  # matches played


def test_a_club_with_no_finished_match_says_so(client, club, pair_a):
    page = ladder(client, club)
    assert "No rated players yet" in page
    assert "<svg" not in page


def test_an_unknown_club_is_a_404(client, db):
    assert client.get(reverse("ladder", args=["nowhere"])).status_code == 404


def test_the_ladder_needs_no_login_and_the_club_page_links_to_it(client, club):
    page = client.get(reverse("club", args=[club.slug])).content.decode()
    assert reverse("ladder", args=[club.slug]) in page


def test_the_ladder_keeps_its_query_budget_with_more_players_and_matches(
        client, club, pair_a, pair_b, django_assert_max_num_queries,
        django_capture_on_commit_callbacks):
    play(django_capture_on_commit_callbacks, club, pair_a, pair_b, "A")
    with django_assert_max_num_queries(4) as few:
        ladder(client, club)
    pairs = [make_partnership(club, f"P{i}a", f"P{i}b") for i in range(8)]
    for i in range(0, 8, 2):
        for side in "ABA":
            play(django_capture_on_commit_callbacks, club, pairs[i], pairs[i + 1], side)
    with django_assert_max_num_queries(len(few.captured_queries)):
        page = ladder(client, club)
    assert page.count("<svg") == 4 + 16 + 2 + 8


def test_the_ladder_says_a_loss_lowers_the_rating_as_the_losers_below_0_show(
        client, club, pair_a, pair_b, django_capture_on_commit_callbacks):
    play(django_capture_on_commit_callbacks, club, pair_a, pair_b, "A")
    page = ladder(client, club)
    assert "it starts at 0; a win raises it and a loss lowers it, below 0 too." in page
    assert "grows as results come in" not in page
    loser = page.split("Carla Dias", 1)[1]
    assert re.search(r"<td[^>]*>-\d+\.\d</td>", loser)  # as the sentence says
