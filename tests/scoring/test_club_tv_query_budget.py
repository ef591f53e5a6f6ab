"""The club TV's grid reads the same few queries for 2 tables as for 16, and for every page."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import make_match, make_partnership
from tests.scoring.test_live_pages import HTMX

TV_BUDGET = 3  # the ETag's (which also counts the live matches), the club, one page of matches


def cost(client, url, **headers) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, headers=headers).status_code == 200
    return len(queries)


def test_the_tv_costs_the_same_queries_for_2_tables_as_for_16_and_for_page_2(client, club):
    pairs = [make_partnership(club, f"Player {i}a", f"Player {i}b") for i in range(18)]
    url = f"/c/{club.slug}/tv/?page=1"
    measured = []
    for count in (2, 16, 17):
        while club.matches.count() < count:
            number = club.matches.count()
            make_match(club, pairs[number], pairs[number + 1])
        measured += [cost(client, url), cost(client, url, **HTMX)]
    measured.append(cost(client, f"/c/{club.slug}/tv/?page=2"))
    assert measured == [TV_BUDGET] * len(measured)
