"""Public pages and the API read a fixed number of queries, whatever the size of the event.

Each pair of events differs in partnerships, rounds played and deals per match; every page
must cost the same queries on both, within its budget.
"""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import forget_kept_pages, make_club
from tests.tournaments.helpers import make_tournament
from tests.tournaments.public_helpers import HTMX, play_rounds, swiss
from tournaments import services

BUDGETS = {  # live_etag, the tournament, then what the page shows
    "": 3,
    "bracket/": 3,
    "groups/": 4,
    "standings/": 4,
    "rounds/2/": 3,
    "results/": 3,
    "tv/?i=0": 3,
    "tv/?i=1": 3,
    "tv/?page=2": 3,  # the second page of the TV's tables (16 a page), or its first again
}
# The TV's cycle has one screen of tables per 16 tables in play: its screens are measured by
# name, each as often as it comes round (tv_costs).
# The TV reads the pairings its screens show (not every round played); the standings and
# groups screens read every pairing in a query of their own when their ranking is not kept.
TV_BUDGETS = {"overview": 3, "round": 3, "standings": 5, "groups": 5, "bracket": 4}
API_BUDGET = 4


def cost(client, url, **headers) -> int:
    """What a rebuild costs: nothing kept from an earlier request."""
    forget_kept_pages()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, headers=headers).status_code == 200
    return len(queries)


def costs(client, tournament) -> dict[str, int]:
    urls = {path: f"/t/{tournament.slug}/{path}" for path in BUDGETS}
    measured = {path: cost(client, url) for path, url in urls.items()}
    measured |= {f"htmx {path}": cost(client, url, **HTMX) for path, url in urls.items()}
    measured["api"] = cost(client, f"/api/v1/tournaments/{tournament.slug}")
    return measured | tv_costs(client, tournament)


def tv_costs(client, tournament) -> dict[str, int]:
    """The most queries each screen of the TV's cycle costs, following the cycle once round."""
    measured: dict[str, int] = {}
    for i in range(20):
        forget_kept_pages()
        with CaptureQueriesContext(connection) as queries:
            html = client.get(f"/t/{tournament.slug}/tv/?i={i}").content.decode()
        screen = re.search(r'data-screen="(\w+)"', html)[1]
        measured[f"tv {screen}"] = max(measured.get(f"tv {screen}", 0), len(queries))
        if '/tv/?i=0"' in html:
            return measured
    raise AssertionError("the TV's cycle did not come back to its start")


def within_budget(client, tournament, django_assert_max_num_queries) -> None:
    for path, budget in BUDGETS.items():
        for headers in ({}, HTMX):
            forget_kept_pages()
            with django_assert_max_num_queries(budget):
                client.get(f"/t/{tournament.slug}/{path}", headers=headers)
    forget_kept_pages()
    with django_assert_max_num_queries(API_BUDGET):
        client.get(f"/api/v1/tournaments/{tournament.slug}")
    for screen, spent in tv_costs(client, tournament).items():
        assert spent <= TV_BUDGETS[screen.removeprefix("tv ")], screen


def test_a_swiss_of_40_costs_the_queries_of_a_swiss_of_8(client, organiser,
                                                         django_assert_max_num_queries):
    small = swiss(make_club("small", organiser), size=8, rounds=4,
                  fmt={"type": "fixed_deals", "deals": 2})
    play_rounds(small, 2)
    large = swiss(make_club("large", organiser), size=40, rounds=5,
                  fmt={"type": "fixed_deals", "deals": 6})
    play_rounds(large, 3)
    assert large.rounds.count() > small.rounds.count()
    assert costs(client, large) == costs(client, small)
    within_budget(client, small, django_assert_max_num_queries)
    within_budget(client, large, django_assert_max_num_queries)


def knockout(club, size):
    tournament = make_tournament(club, size, "knockout", third_place=True, tables_count=8)
    services.tournament_start(tournament=tournament)
    return tournament


def test_a_knockout_of_40_costs_the_queries_of_a_knockout_of_13(client, organiser,
                                                               django_assert_max_num_queries):
    small = knockout(make_club("small", organiser), 13)
    play_rounds(small, 2)
    large = knockout(make_club("large", organiser), 40)
    play_rounds(large, 3)
    assert costs(client, large) == costs(client, small)
    within_budget(client, large, django_assert_max_num_queries)


@pytest.mark.parametrize("groups", [2, 4])
def test_groups_pages_keep_their_budget(client, club, groups, django_assert_max_num_queries):
    tournament = make_tournament(club, 6 * groups, "groups", groups_count=groups,
                                 qualifiers_per_group=2, tables_count=6)
    services.tournament_start(tournament=tournament)
    play_rounds(tournament, 6)
    within_budget(client, tournament, django_assert_max_num_queries)
