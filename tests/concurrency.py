"""Run work in real threads at the same moment, for the PostgreSQL locking tests."""

import threading
import time

import pytest
from django.db import connection

postgres_only = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def needs_postgres():
    if connection.vendor != "postgresql":
        pytest.skip("row locks are only real on PostgreSQL (set DATABASE_URL)")


def run_together(count: int, work) -> list:
    """Start `count` threads at the same moment; return what each returned or raised."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def runner(i):
        barrier.wait()
        try:
            results[i] = work(i)
        except Exception as error:  # noqa: BLE001 - collected for the assertions
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=runner, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def waiting_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                       "AND datname = current_database()")
        return cursor.fetchone()[0] > 0


def until_waiting_on_a_lock() -> None:
    for _ in range(250):
        if waiting_on_a_lock():
            return
        time.sleep(0.02)
    raise AssertionError("the second write never waited for the first one's lock")
