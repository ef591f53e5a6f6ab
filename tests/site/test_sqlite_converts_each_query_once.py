"""On SQLite a query's `%s` placeholders become SQLite's `?` once per query text, not on every
execution (sueca_club/sqlite3), and the queries read what Django's own conversion reads."""

import pytest
from django.db import connection

from sueca_club.sqlite3.base import KEPT_LENGTH, _with_qmarks

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite backend's own"),
]


def run(sql: str, params):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def test_placeholders_and_percent_signs_read_as_django_reads_them():
    assert run("SELECT %s, 'a%%b', %s || '%%s'", [1, "x"]) == (1, "a%b", "x%s")
    assert run("SELECT %(first)s, %(second)s", {"first": 1, "second": 2}) == (1, 2)


def test_a_query_sent_again_is_not_converted_again():
    sql = "SELECT %s + 1 AS sent_again"
    run(sql, [1])
    before = _with_qmarks.cache_info()
    assert run(sql, [2]) == (3,)
    after = _with_qmarks.cache_info()
    assert (after.hits - before.hits, after.misses - before.misses) == (1, 0)  # found, kept
    assert _with_qmarks(sql) == "SELECT ? + 1 AS sent_again"


def test_a_long_query_is_converted_each_time_not_kept():
    sql = f"SELECT %s AS long_one /* {'x' * KEPT_LENGTH} */"
    asked = _with_qmarks.cache_info()
    assert run(sql, [7]) == (7,)
    assert _with_qmarks.cache_info()[:2] == asked[:2]  # neither found nor kept
