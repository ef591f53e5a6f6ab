"""A kept PostgreSQL connection is checked before a request uses it (CONN_HEALTH_CHECKS) by
reading what the server sent meanwhile, not with Django's `SELECT 1` round trip
(sueca_club/postgresql/base.py): a connection the server ended is replaced before the
request's first query, one the server keeps is used as it is."""

import psycopg
import pytest
from django.db import connection, transaction

from tests.concurrency import postgres_only
from tests.faults.conftest import sql, wait_until

pytestmark = [*postgres_only, pytest.mark.faults, pytest.mark.usefixtures("needs_postgres")]


def new_request() -> None:
    """What Django does between two requests: the next one checks the kept connection."""
    connection.close_if_unusable_or_obsolete()
    assert connection.health_check_enabled and not connection.health_check_done


def test_a_connection_the_server_keeps_is_used_without_a_query(monkeypatch):
    sql("SELECT 1")
    pid = connection.connection.info.backend_pid
    new_request()

    def no_query(*args, **kwargs):
        raise AssertionError("the check sent a query")

    monkeypatch.setattr(psycopg.Connection, "execute", no_query)
    monkeypatch.setattr(psycopg.Connection, "cursor", no_query)
    connection.close_if_health_check_failed()
    monkeypatch.undo()
    assert connection.health_check_done
    assert sql("SELECT pg_backend_pid()") == [(pid,)]


def terminated(pid: int) -> None:
    """The server ends the backend `pid`, told from a connection of the test's own."""
    settings = connection.settings_dict
    with psycopg.connect(host=settings["HOST"] or "127.0.0.1", port=settings["PORT"] or 5432,
                         user=settings["USER"], dbname=settings["NAME"],
                         autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
        wait_until(lambda: not other.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s",
                                             [pid]).fetchall(), what=f"backend {pid} to exit")


def test_a_connection_whose_backend_was_terminated_is_replaced_before_the_first_query():
    sql("SELECT 1")
    ended = connection.connection
    terminated(ended.info.backend_pid)
    new_request()
    assert sql("SELECT 1") == [(1,)]  # no error: the check found it ended
    assert connection.connection is not ended and ended.closed


def test_a_connection_in_a_failed_transaction_is_not_usable_as_django_s_select_1_finds():
    with transaction.atomic():
        sql("SELECT 1")
        assert connection.is_usable()
        with pytest.raises(psycopg.errors.DivisionByZero):
            connection.connection.execute("SELECT 1 / 0")  # not Django's: no savepoint
        assert not connection.is_usable()
        transaction.set_rollback(True)
    assert connection.is_usable()
