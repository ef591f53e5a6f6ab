"""What follows a write runs after it commits: the transactional outbox (DESIGN.md).

A write service runs in one durable transaction (`@service`). When it changes something
that has consequences (a result a tournament follows, a rating, an email, an export), it
says so with `follow(step, **args)`, which writes an `OutboxStep` row in that same
transaction: the consequence is recorded exactly when the write is, never without it.

Once the transaction has committed, `@service` calls `relay()`. Each step recorded by the
write runs in its own transaction, so a failing step never refuses, slows or undoes the
write that caused it; its error is kept on the row and it is tried again later with a
growing delay (`sweep()`, run by `manage.py outbox_relay` and now and then by the site
itself). A crash between the write and its steps is repaired the same way. Steps are
idempotent: running one twice, or after a retry, changes nothing more.

Where a step runs:

- `in_worker=False` (drawing the next round, placing tables): in the process that made the
  write, right after its commit (in a request, right after its answer went out), so the
  table's next match is there when the referee looks.
- `in_worker=True` (emails, ratings, files): by a Celery worker. The web process hands the
  step's id to the broker from a background thread with timeouts of a second or two, so a
  broker that is down or frozen never holds an answer; a step that could not be handed over
  is handed over again by the next sweep. With no broker configured (`make run`, tests)
  these steps run in-process too.

A step is a function of JSON-able keyword arguments, registered with `@step(name)` in its
app's `steps` module (imported by the app's `ready()`). `emit(event, **args)` writes one step
for each step registered `on=event`: how scoring tells whoever follows a match's result (the
tournaments, the ratings, the result emails) without importing them.
"""

import contextlib
import datetime
import fcntl
import functools
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from django.utils import timezone

from sueca_club.jobs import PermanentError, is_eager
from sueca_club.models import OutboxStep

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
# A worker step handed over but not done by then is handed over again (a worker killed while
# running it leaves its message unacknowledged for the broker's visibility timeout).
RESEND_AFTER = datetime.timedelta(minutes=2)
LOCK_SPACE = 0x5375  # the first key of the outbox's advisory locks ("Su")
SWEEP_EVERY = 10.0  # seconds between the sweeps a web process makes by itself
SWEEP_BATCH = 20


@dataclass(frozen=True)
class Step:
    name: str
    run: Callable[..., None]
    in_worker: bool
    on_failure: Callable[..., None] | None  # called with (message, **args) when it gives up
    attempts: int
    atomic: bool


STEPS: dict[str, Step] = {}
EVENTS: dict[str, list[str]] = {}


def step(name: str, *, in_worker: bool = False, on: str = "",
         on_failure: Callable[..., None] | None = None, attempts: int = MAX_ATTEMPTS,
         atomic: bool = True):
    """Register a step; `on` also makes `emit(on, ...)` write it."""
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        STEPS[name] = Step(name, fn, in_worker, on_failure, attempts, atomic)
        if on:
            EVENTS.setdefault(on, []).append(name)
        return fn
    return register


_local = threading.local()


def _recorded() -> list[tuple[int, str]]:
    if not hasattr(_local, "ids"):
        _local.ids = []
    return _local.ids


def follow(name: str, **args) -> None:
    """Record that step `name` must run with `args` once the current transaction commits."""
    follow_each(name, [args])


def follow_each(name: str, each: list[dict]) -> None:
    """`follow(name, **args)` for each of `each`, written in one statement."""
    if name not in STEPS:
        raise LookupError(f"no outbox step {name!r} is registered")
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("follow_each() records steps inside the write's transaction")
    rows = OutboxStep.objects.bulk_create([OutboxStep(name=name, args=args) for args in each])
    _recorded().extend((row.pk, name) for row in rows)


def emit(event: str, **args) -> None:
    """Record every step registered for `event`."""
    for name in EVENTS.get(event, ()):
        follow(name, **args)


@contextlib.contextmanager
def writing(*, durable: bool = True):
    """One write: its transaction, then the steps recorded in it (`relay`). Only those: what
    was recorded before it began belongs to some other write."""
    _recorded().clear()
    with _in_turn(), transaction.atomic(durable=durable):
        yield
    relay()


@contextlib.contextmanager
def _in_turn():
    """On a SQLite file, one write at a time: the processes queue on a file lock beside it
    before they begin, and the next is woken the moment the lock is free, where SQLite's own
    wait for its lock sleeps 1, 2, 5, 10, 15... ms between tries (with three web processes a
    fifth more deals a second: `make bench`, deals_saturated). Each write waits for the disk
    once its turn is over (_on_disk_after). PostgreSQL locks rows: nothing to do.

    Each thread opens the lock file for itself: a lock belongs to the open file, so threads
    sharing one (runserver answers each request on a thread, the outbox's sender is one) would
    all hold it at once."""
    connection = transaction.get_connection()
    if (connection.vendor != "sqlite" or connection.in_atomic_block
            or connection.is_in_memory_db()):
        yield
        return
    path = f"{connection.settings_dict['NAME']}.writer"
    files = _local.__dict__.setdefault("turn_files", {})
    held = files.get(path)
    if held is None or held[0] != os.getpid():  # a lock opened before a fork is not this one's
        held = files[path] = (os.getpid(), open(path, "a"))  # noqa: SIM115 - kept open
    connection.ensure_connection()
    with _on_disk_after(connection):
        fcntl.flock(held[1], fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(held[1], fcntl.LOCK_UN)


@contextlib.contextmanager
def _on_disk_after(connection):
    """A write that waits for the disk after its turn, not in it: its transaction commits
    without flushing SQLite's log (the -wal file; `synchronous=NORMAL` inside the block), and
    when the block ends well the log is flushed (fsync) before the write returns. What is
    answered is on disk as with SQLite's default (FULL), which flushes inside the commit, but
    the next writer goes on meanwhile, and one flush may carry several writes (deals_saturated
    a sixth higher). NORMAL keeps the log consistent: it is flushed before every checkpoint.
    Only in WAL mode (settings.py asks for it); a file system that refuses it keeps SQLite's
    rollback journal, and FULL."""
    database = connection.connection
    if database.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        yield
        return
    database.execute("PRAGMA synchronous = NORMAL")
    try:
        yield
        _flush(f"{connection.settings_dict['NAME']}-wal")
    finally:
        if connection.connection is database:  # not closed by a failure in the write
            database.execute("PRAGMA synchronous = FULL")  # SQLite's default


def _flush(log: str) -> None:
    """Flush SQLite's log to disk: the commits written to it so far, this process's and any
    other's. It is opened each time: SQLite removes it when the last connection closes (not
    while this one is open) and makes a new one later."""
    descriptor = os.open(log, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def service(fn: Callable) -> Callable:
    """A write service: one durable transaction, then the steps it recorded."""
    @functools.wraps(fn)
    def write(*args, **kwargs):
        with writing():
            return fn(*args, **kwargs)
    return write


def relay() -> None:
    """Run or hand over the steps recorded by the write that just committed, and those that
    they record in turn; now and then, also sweep up steps left over from earlier.

    Within a request they wait for its answer: they run once the answer has gone
    (`_after_the_answer`), so a referee whose deal ends a round is answered before the next
    round is drawn, however long drawing takes."""
    if getattr(_local, "answering", False):
        _local.after_answer = [*getattr(_local, "after_answer", []), *_recorded()]
        _recorded().clear()
        return
    _drain()
    if time.monotonic() - getattr(_local, "swept", 0.0) > SWEEP_EVERY:
        _local.swept = time.monotonic()
        if _eager():
            try:
                sweep()
            except Exception:  # noqa: BLE001 - the next sweep tries again
                logger.exception("The outbox sweep failed")
        else:
            _Sender.put(None)  # the sender thread sweeps


def _answering(**kwargs) -> None:
    _local.answering, _local.after_answer = True, []


def _after_the_answer(**kwargs) -> None:
    """Django sends request_finished when the server closes the response, after its last
    byte went out: what the request's writes recorded runs now, on the same process."""
    _local.answering = False
    waiting, _local.after_answer = getattr(_local, "after_answer", []), []
    if waiting:
        _recorded()[:0] = waiting
        relay()


request_started.connect(_answering, dispatch_uid="outbox-answering")
request_finished.connect(_after_the_answer, dispatch_uid="outbox-after-the-answer")


def dispatch(step_id: int, name: str) -> None:
    if STEPS[name].in_worker and not _eager():
        _Sender.put(step_id)
    else:
        run(step_id)


def run(step_id: int) -> None:
    """Run one step, unless it is done or another process is running it. An atomic step runs
    in its own transaction; the others (a file that reports its progress as it goes) manage
    their own. On a SQLite file the step's transaction and its row's update wait for the
    writer's turn as a service's write does (`_in_turn`): SQLite's own wait gives up after
    five seconds, and a round's results (a draw, ratings and emails for every match) kept it
    waiting longer than that at 1,024 partnerships, so steps failed with "database is locked"
    and a draw waited for its retry. An atomic step is marked done in its own transaction:
    done exactly when what it did has committed, and one turn on SQLite, not two."""
    with _running(step_id) as mine:
        row = mine and OutboxStep.objects.filter(pk=step_id,
                                                 status=OutboxStep.Status.PENDING).first()
        if not row:
            return
        spec = STEPS[row.name]
        try:
            if spec.atomic:
                with _in_turn(), transaction.atomic():
                    spec.run(**row.args)
                    _mark_done(step_id)
            else:
                spec.run(**row.args)
                with _in_turn():
                    _mark_done(step_id)
        except Exception as exc:  # noqa: BLE001 - any failure is kept on the row and retried
            _failed(row, spec, exc)
            with _in_turn():
                row.save(update_fields=["status", "error", "attempts", "run_after"])
    _drain()  # the steps that this step recorded


def _mark_done(step_id: int) -> None:
    OutboxStep.objects.filter(pk=step_id).update(status=OutboxStep.Status.DONE,
                                                 done_at=timezone.now(), error="")


@contextlib.contextmanager
def _running(step_id: int):
    """Whether this process may run the step: on PostgreSQL, a session lock on it, which the
    server lets go of when the process dies (a worker killed mid-step leaves the step free
    for the next delivery of its message). SQLite has one writer: nothing to take."""
    connection = transaction.get_connection()
    if connection.vendor != "postgresql":
        yield True
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [LOCK_SPACE, step_id % 2**31])
        mine = cursor.fetchone()[0]
    try:
        yield mine
    finally:
        if mine:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [LOCK_SPACE, step_id % 2**31])


def _drain() -> None:
    """Dispatch the recorded steps, in the order they were recorded; a failure here is the
    sweep's to repair, never the caller's (the write has committed).

    One loop per thread: a step run from here that records steps of its own (a draw, one
    notification per pairing) leaves them to this loop rather than nesting another, so a
    draw of a thousand pairings does not run a thousand frames deep."""
    if getattr(_local, "draining", False):
        return
    _local.draining = True
    try:
        ids = _recorded()
        while ids:
            step_id, name = ids.pop(0)
            try:
                dispatch(step_id, name)
            except Exception:  # noqa: BLE001
                logger.exception("Outbox step %s could not be run now; the sweep will", step_id)
    finally:
        _local.draining = False


def _failed(row: OutboxStep, spec: Step, exc: Exception) -> None:
    row.attempts += 1
    row.error = str(getattr(exc, "message", None) or exc or exc.__class__.__name__)[:1000]
    logger.warning("Outbox step %s %s failed (attempt %s): %r", row.name, row.args,
                   row.attempts, exc, exc_info=exc)
    if row.attempts >= spec.attempts or isinstance(exc, PermanentError):
        row.status = OutboxStep.Status.FAILED
        if spec.on_failure is not None:
            spec.on_failure(row.error, **row.args)
    else:
        row.run_after = timezone.now() + datetime.timedelta(seconds=2 ** row.attempts)


def sweep(*, limit: int = SWEEP_BATCH) -> int:
    """Run (or hand over) the steps that are due and not under way: those whose last attempt
    failed, those a crash left behind, and worker steps whose hand-over did not arrive."""
    now = timezone.now()
    due = (OutboxStep.objects.filter(status=OutboxStep.Status.PENDING, run_after__lte=now)
           .exclude(sent_at__gt=now - RESEND_AFTER)
           .exclude(created_at__gt=now - datetime.timedelta(seconds=2))  # its writer relays it
           .filter(name__in=list(STEPS)).values_list("pk", "name")[:limit])
    due = list(due)
    for step_id, name in due:
        try:
            if STEPS[name].in_worker and not _eager():
                send(step_id)  # a sweep never runs on a request's path
            else:
                run(step_id)
        except Exception:  # noqa: BLE001 - tried again at the next sweep
            logger.exception("Outbox step %s could not be run now", step_id)
    return len(due)


def _eager() -> bool:
    return is_eager()


class _Sender:
    """One background thread per process hands worker steps to the broker, so that no answer
    waits on it. `None` in the queue asks for a sweep."""

    _queue: "queue.SimpleQueue[int | None]" = queue.SimpleQueue()
    _thread: threading.Thread | None = None
    _lock = threading.Lock()

    @classmethod
    def put(cls, step_id: int | None) -> None:
        with cls._lock:
            if cls._thread is None or not cls._thread.is_alive():
                cls._thread = threading.Thread(target=cls._loop, name="outbox-sender",
                                               daemon=True)
                cls._thread.start()
        cls._queue.put(step_id)

    @classmethod
    def _loop(cls) -> None:
        while True:
            step_id = cls._queue.get()
            try:
                if step_id is None:
                    sweep()
                else:
                    send(step_id)
            except Exception:  # noqa: BLE001 - the sweep hands it over again later
                logger.exception("The outbox could not hand over step %s", step_id)
            finally:
                if cls._queue.empty():  # it waits holding no database connection
                    transaction.get_connection().close()
                else:
                    close_old_connections()


def send(step_id: int) -> None:
    """Hand a worker step to the broker once (no retries here: the sweep retries)."""
    from sueca_club.tasks import outbox_run

    outbox_run.apply_async((step_id,), retry=False)
    OutboxStep.objects.filter(pk=step_id).update(sent_at=timezone.now())
