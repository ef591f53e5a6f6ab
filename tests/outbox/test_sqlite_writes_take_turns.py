"""On a SQLite file, a service's write holds a file lock beside the database from before its
transaction begins to after it ends, so the web processes' writes queue on it (woken at once)
instead of on SQLite's own sleeping wait; so do the outbox's steps; on PostgreSQL and in
memory there is no such file.
Its commit does not wait for the disk inside that turn: SQLite's log is flushed once the lock
is free, before the write returns."""

import contextlib
import fcntl
import os
import sqlite3
import threading
from types import SimpleNamespace

import pytest
from django.db import transaction

from sueca_club import outbox
from sueca_club.models import OutboxStep


def fake_connection(vendor: str, name, *, in_memory: bool = False, in_atomic: bool = False):
    return SimpleNamespace(vendor=vendor, settings_dict={"NAME": name},
                           in_atomic_block=in_atomic, is_in_memory_db=lambda: in_memory)


def taken_elsewhere(path) -> bool:
    """Whether another holder has the lock: another open file tries for it without waiting."""
    with open(path, "a") as other:
        try:
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(other, fcntl.LOCK_UN)
        return False


@pytest.fixture
def on(monkeypatch):
    def use(connection):
        monkeypatch.setattr(outbox.transaction, "get_connection", lambda: connection)
    return use


@pytest.fixture(params=["wal"])
def sqlite_file(request, tmp_path):
    """A connection to a SQLite database file of its own, in WAL mode as the site's is unless
    a test asks for another journal mode."""
    name = tmp_path / "db.sqlite3"
    database = sqlite3.connect(name, isolation_level=None)
    database.execute(f"PRAGMA journal_mode={request.param}")
    database.execute("CREATE TABLE deal (points INTEGER)")
    connection = fake_connection("sqlite", name)
    connection.connection, connection.ensure_connection = database, lambda: None
    yield connection
    database.close()


def synchronous(connection) -> int:
    return connection.connection.execute("PRAGMA synchronous").fetchone()[0]


FULL, NORMAL = 2, 1


def test_a_write_on_a_sqlite_file_holds_the_lock_while_it_runs_and_only_then(on, sqlite_file):
    on(sqlite_file)
    lock = f"{sqlite_file.settings_dict['NAME']}.writer"
    with outbox._in_turn():
        assert taken_elsewhere(lock)
    assert not taken_elsewhere(lock)
    with pytest.raises(RuntimeError), outbox._in_turn():
        raise RuntimeError("the write failed")
    assert not taken_elsewhere(lock)  # a failed write lets the next one in


def test_its_log_is_flushed_to_disk_after_its_turn_before_it_returns(on, sqlite_file,
                                                                     monkeypatch):
    """The commit inside the turn does not wait for the disk (NORMAL); the log (-wal) is
    flushed once the lock is free, before the write returns; the connection's other writes
    keep SQLite's default (FULL). A write that failed has nothing to flush."""
    on(sqlite_file)
    name = sqlite_file.settings_dict["NAME"]
    flushed, fsync = [], os.fsync

    def watched(descriptor):
        flushed.append((os.readlink(f"/proc/self/fd/{descriptor}"),
                        taken_elsewhere(f"{name}.writer")))
        fsync(descriptor)

    monkeypatch.setattr(outbox.os, "fsync", watched)
    assert synchronous(sqlite_file) == FULL
    with outbox._in_turn():
        assert synchronous(sqlite_file) == NORMAL
        sqlite_file.connection.execute("INSERT INTO deal VALUES (95)")
        assert flushed == []
    assert flushed == [(f"{name}-wal", False)]  # the lock already free
    assert synchronous(sqlite_file) == FULL
    with pytest.raises(RuntimeError), outbox._in_turn():
        raise RuntimeError("the write failed")
    assert len(flushed) == 1 and synchronous(sqlite_file) == FULL


@pytest.mark.parametrize("connection", [
    fake_connection("postgresql", "sueca"),
    fake_connection("sqlite", "memory", in_memory=True),
    fake_connection("sqlite", "inner", in_atomic=True),  # inside a write that holds it already
])
def test_no_lock_file_where_there_is_nothing_to_queue_for(on, tmp_path, connection):
    connection.settings_dict["NAME"] = tmp_path / connection.settings_dict["NAME"]
    on(connection)
    with outbox._in_turn():
        pass
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("sqlite_file", ["delete"], indirect=True)
def test_without_a_write_ahead_log_the_commit_flushes_as_sqlite_s_default(on, sqlite_file,
                                                                         monkeypatch):
    """A file system that refuses WAL mode keeps the rollback journal: FULL, nothing after."""
    on(sqlite_file)
    monkeypatch.setattr(outbox.os, "fsync", lambda descriptor: pytest.fail("flushed after"))
    with outbox._in_turn():
        assert synchronous(sqlite_file) == FULL
        sqlite_file.connection.execute("INSERT INTO deal VALUES (95)")
    assert synchronous(sqlite_file) == FULL


def test_the_threads_of_one_process_take_turns_too(on, sqlite_file):
    """runserver answers each request on a thread of its own and the outbox's sender is a
    thread: a lock is held by an open file, so threads sharing one would write at once."""
    sqlite_file.connection = sqlite3.connect(sqlite_file.settings_dict["NAME"],
                                             isolation_level=None, check_same_thread=False)
    on(sqlite_file)
    order, holding, release = [], threading.Event(), threading.Event()

    def first():
        with outbox._in_turn():
            order.append("first in")
            holding.set()
            release.wait(5)
            order.append("first out")

    def second():
        holding.wait(5)
        with outbox._in_turn():
            order.append("second in")

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    holding.wait(5)
    threads[1].join(0.3)  # were the second let in beside the first, it would be done by now
    release.set()
    for thread in threads:
        thread.join(5)
    sqlite_file.connection.close()
    assert order == ["first in", "first out", "second in"]


turns: list[str] = []


@outbox.step("tests.in_its_turn")
def in_its_turn(*, fails: bool):
    turns.append(f"step {'in' if 'turn' in turns else 'outside'} the turn")
    turns.append(len(transaction.get_connection().atomic_blocks))
    if fails:
        raise ValueError("the step failed")


@pytest.mark.parametrize("fails", [False, True])
def test_a_step_and_its_row_wait_for_the_writers_turn(db, monkeypatch, fails):
    """What follows a write writes too: the step's transaction and its row's update (done, or
    failed and when to try again) each take the writer's turn, as a service's write does, so
    they never wait in SQLite's own wait, which gives up after five seconds ("database is
    locked", seen with a round's results at 1,024 partnerships). A step that worked is marked
    done in its own transaction, in the same turn."""
    @contextlib.contextmanager
    def turn():
        turns.append("turn")
        try:
            yield
        finally:
            turns.remove("turn")

    turns.clear()
    step = OutboxStep.objects.create(name="tests.in_its_turn", args={"fails": fails})
    monkeypatch.setattr(outbox, "_in_turn", turn)
    marked, mark_done = [], outbox._mark_done

    def watched(step_id):
        marked.append(("turn" in turns, len(transaction.get_connection().atomic_blocks)))
        mark_done(step_id)

    monkeypatch.setattr(outbox, "_mark_done", watched)
    outbox.run(step.pk)
    step.refresh_from_db()
    in_step, depth = turns
    assert in_step == "step in the turn"
    if fails:
        assert marked == []
        assert (step.status, step.attempts, step.error) == ("pending", 1, "the step failed")
    else:
        assert marked == [(True, depth)]  # in the turn, and in the step's transaction
        assert (step.status, step.error) == ("done", "") and step.done_at is not None
