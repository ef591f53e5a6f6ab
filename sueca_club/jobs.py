"""Background jobs: the one way a task is declared and queued in this project.

Conventions (DESIGN.md, "Background work"):

- Declare a task with ``@job`` (never a bare ``@shared_task``). It is a thin wrapper: it
  takes ids and the data version, loads the rows, calls one service, and returns nothing
  anyone depends on. Logic, validation and writes live in the service.
- Idempotent, keyed by the version of the data it is made from: pass the version
  (``Tournament.version``, ``Match.version``...) as an argument; the service checks whether
  the product for that key and version already exists and returns early if so. Running a
  task twice, or after a retry, changes nothing. A result is never recorded by a task.
- ``acks_late`` with ``reject_on_worker_lost``: a worker that dies mid-task leaves the
  message on the broker for another worker. Hence idempotency.
- Retried on any exception with exponential backoff (``retry_backoff``, jitter, capped),
  at most ``MAX_RETRIES`` times. Raise ``PermanentError`` for what a retry cannot fix (the
  row is gone, the data is invalid): it fails at once.
- A failure is never silent: ``@job(on_failure=fn)`` calls ``fn(exc, *args, **kwargs)``
  with the task's arguments once the task has given up (retries exhausted or permanent),
  to record it where people see it (e.g. ``Export.status = "failed"``). Without one, the
  failure is logged at ERROR with its traceback.
- Queue with ``enqueue(task, *args, **kwargs)``: it sends after the current transaction
  commits (``transaction.on_commit``), so a worker never reads rows that are not there yet.
  With no broker configured (``make run``, tests) tasks run eagerly in-process; a failing
  eager task has its failure recorded and logged, and never crashes the request. Eager
  tasks are not retried (a retry at once, in the request, would only fail again). A broker
  that cannot be reached is recorded as the task's failure too.
- In tests (pytest-django's ``db`` fixture wraps each test in a transaction) on-commit
  callbacks never fire; use the ``django_capture_on_commit_callbacks(execute=True)``
  fixture, ``transactional_db``, or call the service directly.

Example::

    @job(on_failure=export_mark_failed)
    def export_build(export_id: int) -> None:
        exports.export_build(export=Export.objects.get(pk=export_id))

    enqueue(export_build, export.pk)
"""

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

from celery import Task
from django.db import transaction

from sueca_club.celery import app

logger = logging.getLogger(__name__)

MAX_RETRIES = 5
RETRY_BACKOFF_MAX = 300  # seconds


class PermanentError(Exception):
    """A failure a retry cannot fix: the task fails at once (and its failure is recorded)."""


class JobTask(Task):
    """Base class of every task: late acks, retries with backoff, failures recorded."""

    abstract = True
    acks_late = True
    reject_on_worker_lost = True
    autoretry_for = (Exception,)
    dont_autoretry_for = (PermanentError,)
    max_retries = MAX_RETRIES
    retry_backoff = True
    retry_backoff_max = RETRY_BACKOFF_MAX
    retry_jitter = True
    record_failure: Callable[..., None] | None = None

    def retry(self, args=None, kwargs=None, exc=None, throw=True, **options):
        if self.request.is_eager and exc is not None:
            raise exc  # no retries in-process: fail now, and let on_failure record it
        return super().retry(args=args, kwargs=kwargs, exc=exc, throw=throw, **options)

    def on_failure(self, exc, task_id, args, kwargs, einfo):
        logger.error("Task %s[%s] failed: %r", self.name, task_id, exc, exc_info=exc)
        if self.record_failure is not None:
            try:
                self.record_failure(exc, *args, **kwargs)
            except Exception:  # recording must not hide the original failure
                logger.exception("Could not record the failure of %s[%s]", self.name, task_id)


def job(fn: Callable | None = None, *, on_failure: Callable[..., None] | None = None,
        **options: Any):
    """Declare a task with the project's conventions; ``options`` go to ``app.task``."""

    def decorate(func: Callable) -> Task:
        extra = {"record_failure": staticmethod(on_failure)} if on_failure else {}
        return app.task(base=JobTask, **extra, **options)(func)

    return decorate(fn) if fn is not None else decorate


def is_eager() -> bool:
    return bool(app.conf.task_always_eager)


def enqueue(task: Task, *args: Any, **kwargs: Any) -> None:
    """Send ``task`` once the current transaction commits (at once outside a transaction)."""
    transaction.on_commit(partial(_send, task, args, kwargs))


def _send(task: Task, args: tuple, kwargs: dict) -> None:
    if is_eager():
        # throw=False: the failure is recorded by on_failure and the request goes on.
        task.apply(args=args, kwargs=kwargs, throw=False)
        return
    try:
        task.apply_async(args=args, kwargs=kwargs)
    except Exception as exc:  # the broker is unreachable: nothing will run it, say so
        logger.exception("Could not queue %s", task.name)
        if task.record_failure is not None:
            task.record_failure(exc, *args, **kwargs)
