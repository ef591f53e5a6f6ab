"""On PostgreSQL a timestamptz is parsed by psycopg's own loader (in C) where Django's parses
it in Python (sueca_club/postgresql/base.py, QuickTzLoader): the values, and their time zone,
are those Django's loader gives, whatever the session and the value."""

import datetime

import pytest
from django.db import connection
from django.db.backends.postgresql.psycopg_any import register_tzloader
from django.utils import timezone

from sueca_club.models import OutboxStep
from sueca_club.postgresql.base import QuickTzLoader
from tests.concurrency import needs_postgres  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("needs_postgres")]

SQL = """SELECT v::timestamptz FROM (VALUES (%s), (%s), (%s), (%s), (%s), (NULL)) AS t(v)"""
VALUES = ["2026-12-06 10:45:11.330931+00", "2026-03-29 01:30:00+01", "1999-12-31 23:59:59.5-08",
          "2026-12-06 10:45:11+00", "0001-01-01 00:00:00+00"]


def read(cursor) -> list:
    cursor.execute(SQL, VALUES)
    return [row[0] for row in cursor.fetchall()]


def test_times_are_read_as_djangos_loader_reads_them():
    with connection.cursor() as cursor:
        assert issubclass(cursor.adapters.get_loader(1184, 0), QuickTzLoader)
        quick = read(cursor)
    with connection.cursor() as cursor:
        register_tzloader(connection.timezone, cursor)  # Django's own, on this cursor alone
        assert not issubclass(cursor.adapters.get_loader(1184, 0), QuickTzLoader)
        django = read(cursor)
    assert quick == django and quick[-1] is None
    assert all(value.tzinfo is connection.timezone is datetime.UTC
               for value in quick[:-1])
    assert quick[0] == datetime.datetime(2026, 12, 6, 10, 45, 11, 330931, tzinfo=datetime.UTC)


def test_a_model_keeps_its_time_to_the_microsecond():
    now = timezone.now()
    step = OutboxStep.objects.create(name="x", run_after=now)
    step.refresh_from_db()
    assert step.run_after == now and step.run_after.tzinfo is datetime.UTC
