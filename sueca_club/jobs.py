"""Background jobs: how a Celery task is declared in this project.

There is one task, `sueca_club.tasks.outbox_run`: what follows a write is an outbox step
(sueca_club/outbox.py), written in the write's transaction and handed to a worker after the
commit. Conventions (DESIGN.md, "Background work"):

- Declare a task with ``@job`` (never a bare ``@shared_task``): a thin wrapper that takes ids
  and calls one service. The outbox step it runs is idempotent, keyed by what it makes.
- ``acks_late`` with ``reject_on_worker_lost``: a worker that dies mid-task leaves the
  message on the broker for another worker. Hence idempotency.
- Retries are the outbox's (the step keeps its error and is tried again later, with a
  growing delay); raise ``PermanentError`` from a step for what a retry cannot fix (the row
  is gone, the data is invalid): it fails at once, and its failure is recorded.
- With no broker configured (``make run``, tests) steps run in-process, after the commit.
"""

from collections.abc import Callable
from typing import Any

from celery import Task

from sueca_club.celery import app


class PermanentError(Exception):
    """A failure a retry cannot fix: the step fails at once (and its failure is recorded)."""


class JobTask(Task):
    """Base class of every task: late acks, so a lost worker's message is delivered again."""

    abstract = True
    acks_late = True
    reject_on_worker_lost = True


def job(fn: Callable | None = None, **options: Any):
    """Declare a task with the project's conventions; ``options`` go to ``app.task``."""

    def decorate(func: Callable) -> Task:
        return app.task(base=JobTask, **options)(func)

    return decorate(fn) if fn is not None else decorate


def is_eager() -> bool:
    return bool(app.conf.task_always_eager)
