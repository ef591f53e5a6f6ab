"""Run work in real threads at the same moment, for the PostgreSQL locking tests."""

import contextlib
import threading
import time

import pytest
from django.db import connection, transaction

from scoring.models import RefereeRequest

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


def waiting_on_locks() -> list[int]:
    """The server backends of the test's database that wait for a lock."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                       "AND datname = current_database() ORDER BY pid")
        return [pid for (pid,) in cursor.fetchall()]


def waiting_on_a_lock() -> bool:
    return bool(waiting_on_locks())


def until_waiting_on_a_lock(count: int = 1) -> list[int]:
    """Wait until `count` backends wait for a lock: their pids."""
    for _ in range(250):
        if len(waiting := waiting_on_locks()) >= count:
            return waiting
        time.sleep(0.02)
    raise AssertionError("the second write never waited for the first one's lock")


class _RolledBack(Exception):
    pass


@contextlib.contextmanager
def key_held(**request):
    """Another transaction holds a referee request's key (`request`: its match, link and key),
    uncommitted, until the block ends, then rolls back: a deal sent with that key waits on it
    in the middle of its one statement (_deal_alone), its match's row already locked, and goes
    on when the block ends."""
    held, release = threading.Event(), threading.Event()

    def hold():
        with contextlib.suppress(_RolledBack), transaction.atomic():
            RefereeRequest.objects.create(action="deal", status=201, body="{}", **request)
            held.set()
            release.wait(30)
            raise _RolledBack
    holder, _ = in_thread(hold)
    assert held.wait(10), "the key was never held"
    try:
        yield
    finally:
        release.set()
        holder.join(10)


def paused_after(monkeypatch, module, name: str):
    """Make `module.name` stop, once done, until released: (inside, release) events."""
    inside, release = threading.Event(), threading.Event()
    original = getattr(module, name)

    def paused(*args, **kwargs):
        result = original(*args, **kwargs)
        inside.set()
        release.wait(10)
        return result
    monkeypatch.setattr(module, name, paused)
    return inside, release


def in_thread(work) -> tuple[threading.Thread, list]:
    """Start `work` in a thread with its own connection: the thread, and a list that gets
    what it returned or raised."""
    outcome: list = []

    def run():
        try:
            outcome.append(work())
        except Exception as error:  # noqa: BLE001 - the assertions look at it
            outcome.append(error)
        finally:
            connection.close()
    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome
