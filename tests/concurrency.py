"""Run work in real threads at the same moment, for the PostgreSQL locking tests."""

import threading

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
