"""A match's result places the matches waiting for a table (draws.place_waiting) without
reading what it does not need: with nothing waiting, no table at all; with matches waiting,
the tables free for them with their links, never the matches on them (a big event's hundreds
of finished matches, each with its tally: 150 ms a result at 1,024 partnerships)."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import services
from tournaments.models import Pairing

TABLES = 'SELECT "tournaments_table"."id"'  # the tables read themselves, not as a subquery


def ending(pairing) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        play(pairing, "A")
    return [query["sql"] for query in queries.captured_queries]


def test_a_result_with_nothing_waiting_reads_no_table(club):
    tournament = make_tournament(club, 8, tables_count=4)
    services.tournament_start(tournament=tournament)
    first, *others = in_play(tournament)
    assert not Pairing.objects.filter(round__tournament=tournament, table=None).exists()
    assert not [sql for sql in ending(first) if sql.startswith(TABLES)]


def test_a_result_reads_the_free_tables_links_not_their_matches(club):
    tournament = make_tournament(club, 8, tables_count=2)
    services.tournament_start(tournament=tournament)
    waiting = Pairing.objects.filter(round__tournament=tournament, table=None)
    assert waiting.count() == 2
    first = in_play(tournament)[0]
    read = [sql for sql in ending(first) if sql.startswith(TABLES)]
    assert read and not [sql for sql in read if '"scoring_match"."state"' in sql]
    assert waiting.count() == 1  # the one first in line took the table
