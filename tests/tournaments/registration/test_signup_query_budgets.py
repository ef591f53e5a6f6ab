"""Query budgets: the sign-up, door and organiser pages (a sign-up's private link too) cost
the same at 3 or 30 sign-ups (and at 1 or 5 whose players the organiser confirms)."""

from sueca_club.models import Player
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration.models import door_token


def urls(tournament):
    club = tournament.club.slug
    return [f"/t/{tournament.slug}/sign-up/",
            f"/t/{tournament.slug}/door/{door_token(tournament)}/",
            tournament.signups.last().get_absolute_url(),
            f"/manage/{club}/tournaments/{tournament.slug}/sign-ups/",
            f"/manage/{club}/tournaments/{tournament.slug}/sign-ups/"
            f"{tournament.signups.last().pk}/link/",
            f"/manage/{club}/tournaments/{tournament.slug}/check-in/"]


def counts(client, tournament, django_assert_max_num_queries):
    found = []
    for url in urls(tournament):
        with django_assert_max_num_queries(25) as captured:
            assert client.get(url).status_code == 200, url
        found.append(len(captured.captured_queries))
    return found


def test_the_pages_cost_the_same_whatever_the_number_of_sign_ups(
        club, organiser_client, django_assert_max_num_queries):
    Player.objects.bulk_create([Player(club=club, name=f"Sócio {n}") for n in range(6)])
    small = open_tournament(club, cap=2, check_in=True)
    sign_up(small, 0, name_1="Sócio 0")
    for n in range(1, 4):
        sign_up(small, n)
    large = open_tournament(club, cap=20, check_in=True)
    for n in range(1, 6):
        sign_up(large, 200 + n, name_1=f"Sócio {n}")
    for n in range(30):
        sign_up(large, 100 + n)
    assert counts(organiser_client, small, django_assert_max_num_queries) == counts(
        organiser_client, large, django_assert_max_num_queries)
