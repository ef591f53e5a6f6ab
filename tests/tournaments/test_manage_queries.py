"""Query budgets: the organiser's tournament pages cost the same at 8 or 32 entries."""

from scoring import engine
from tests.conftest import make_partnership
from tests.tournaments.helpers import play
from tournaments import services
from tournaments.models import Pairing, Tournament

EIGHT_DEALS = {"type": "fixed_deals", "deals": 8}


def swiss(club, size: int, rounds_played: int | None, name: str) -> Tournament:
    """A Swiss of `size` partnerships with `rounds_played` rounds over and the next on tables."""
    tournament = services.tournament_create(
        club=club, name=name, rules=engine.rules_from("portugal"),
        fmt=engine.format_from(EIGHT_DEALS), structure="rounds", pairing="swiss",
        rounds_count=5, tables_count=size // 2)
    services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, f"{name} {i}a", f"{name} {i}b") for i in range(size)])
    if rounds_played is None:
        return tournament
    services.tournament_start(tournament=tournament)
    for number in range(1, rounds_played + 1):
        for pairing in Pairing.objects.filter(round__tournament=tournament, round__number=number,
                                              finished=False).select_related("match"):
            play(pairing, "A")
    return tournament


def queries(client, url, django_assert_max_num_queries, budget, **headers) -> int:
    with django_assert_max_num_queries(budget) as captured:
        assert client.get(url, headers=headers).status_code == 200
    return len(captured.captured_queries)


def small_and_large(club) -> tuple[Tournament, Tournament]:
    small, large = swiss(club, 8, 1, "Small"), swiss(club, 32, 3, "Large")
    assert (small.rounds.count(), large.rounds.count()) == (2, 4)
    return small, large


def test_the_tournament_page_costs_the_same_whatever_the_entries_and_rounds(
        organiser_client, club, django_assert_max_num_queries):
    small, large = small_and_large(club)
    few = queries(organiser_client, f"/manage/{small.club.slug}/tournaments/{small.slug}/",
                  django_assert_max_num_queries, 7)  # 7: the action log
    queries(organiser_client, f"/manage/{large.club.slug}/tournaments/{large.slug}/",
            django_assert_max_num_queries, few)


def test_the_registration_page_costs_the_same_whatever_the_entries(
        organiser_client, club, django_assert_max_num_queries):
    small, large = swiss(club, 8, None, "Small"), swiss(club, 32, None, "Large")
    few = queries(organiser_client, f"/manage/{small.club.slug}/tournaments/{small.slug}/",
                  django_assert_max_num_queries, 10)  # the action log; the sign-ups to decide
    queries(organiser_client, f"/manage/{large.club.slug}/tournaments/{large.slug}/",
            django_assert_max_num_queries, few)


def test_the_status_board_and_its_fragment_cost_the_same_whatever_the_tables_and_rounds(
        organiser_client, club, django_assert_max_num_queries):
    small, large = small_and_large(club)
    for headers in ({}, {"HX-Request": "true"}):
        few = queries(organiser_client, f"/manage/{small.club.slug}/tournaments/{small.slug}/board/",
                      django_assert_max_num_queries, 6 + bool(headers), **headers)
        queries(organiser_client, f"/manage/{large.club.slug}/tournaments/{large.slug}/board/",
                django_assert_max_num_queries, few, **headers)


def test_the_tables_and_cards_pages_cost_the_same_whatever_the_tables(
        organiser_client, club, django_assert_max_num_queries):
    small, large = small_and_large(club)
    for page in ("tables/", "tables/cards/"):
        few = queries(organiser_client, f"/manage/{small.club.slug}/tournaments/{small.slug}/{page}",
                      django_assert_max_num_queries, 4)
        queries(organiser_client, f"/manage/{large.club.slug}/tournaments/{large.slug}/{page}",
                django_assert_max_num_queries, few)
