"""On a SQLite file, a service's write holds a file lock beside the database from before its
transaction begins to after it ends, so the web processes' writes queue on it (woken at once)
instead of on SQLite's own sleeping wait; on PostgreSQL and in memory there is no such file."""

import fcntl
from types import SimpleNamespace

import pytest

from sueca_club import outbox


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


def test_a_write_on_a_sqlite_file_holds_the_lock_while_it_runs_and_only_then(on, tmp_path):
    database = tmp_path / "db.sqlite3"
    on(fake_connection("sqlite", database))
    lock = f"{database}.writer"
    with outbox._in_turn():
        assert taken_elsewhere(lock)
    assert not taken_elsewhere(lock)
    with pytest.raises(RuntimeError), outbox._in_turn():
        raise RuntimeError("the write failed")
    assert not taken_elsewhere(lock)  # a failed write lets the next one in


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
