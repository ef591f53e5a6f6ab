"""/t/<slug>/ on a phone at a big event: a round of more than OVERVIEW_LINES tables shows the
tables still in play (at most that many), and the round's page shows every table."""

import re

import pytest

from tests.tournaments.public_helpers import play_matches, swiss
from tournaments.views.public import OVERVIEW_LINES

TABLE = re.compile(r"Table (\d+)<")


def tables_on(client, path: str) -> list[int]:
    response = client.get(path)
    assert response.status_code == 200
    return [int(number) for number in TABLE.findall(response.content.decode())]


@pytest.mark.django_db
def test_a_long_round_s_overview_lists_the_tables_still_in_play_and_the_round_page_all(client,
                                                                                       club):
    tables = OVERVIEW_LINES + 16
    tournament = swiss(club, size=2 * tables, rounds=2)
    play_matches(tournament, 10)  # tables 1 to 10 finish
    overview = tables_on(client, f"/t/{tournament.slug}/")
    assert overview == list(range(11, 11 + OVERVIEW_LINES))
    html = client.get(f"/t/{tournament.slug}/").content.decode()
    assert f"Showing {OVERVIEW_LINES} tables in play of {tables}" in html
    assert f"10 of {tables} matches finished" in html
    assert tables_on(client, f"/t/{tournament.slug}/rounds/1/") == list(range(1, tables + 1))

    play_matches(tournament, tables - 12)  # two left in play
    assert tables_on(client, f"/t/{tournament.slug}/") == [tables - 1, tables]
    assert "Showing 2 tables in play" in client.get(f"/t/{tournament.slug}/").content.decode()


@pytest.mark.django_db
def test_a_round_of_few_tables_is_shown_whole_on_the_overview(client, club):
    tournament = swiss(club, size=2 * OVERVIEW_LINES, rounds=2)
    play_matches(tournament, 3)
    assert tables_on(client, f"/t/{tournament.slug}/") == list(range(1, OVERVIEW_LINES + 1))
    assert "tables in play of" not in client.get(f"/t/{tournament.slug}/").content.decode()
