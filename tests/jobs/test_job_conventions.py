"""sueca_club.jobs: late acks, retries with backoff, and failures that are recorded, never lost."""

from unittest import mock

import pytest

from sueca_club import jobs

failures: list = []


def remember(exc, *args, **kwargs):
    failures.append((type(exc).__name__, args))


@jobs.job(on_failure=remember)
def breaks(label):
    raise ValueError(f"broken {label}")


@jobs.job(on_failure=remember)
def gone(label):
    raise jobs.PermanentError("gone")


@jobs.job
def works(label):
    failures.append(("ok", (label,)))


@pytest.fixture(autouse=True)
def fresh():
    failures.clear()


def test_a_job_acks_late_and_retries_with_backoff_a_bounded_number_of_times():
    assert breaks.acks_late and breaks.reject_on_worker_lost
    assert breaks.autoretry_for == (Exception,) and breaks.retry_backoff
    assert breaks.max_retries == jobs.MAX_RETRIES
    assert jobs.PermanentError in breaks.dont_autoretry_for


def test_an_in_process_failure_is_recorded_once_and_does_not_reach_the_caller(db, run_queued):
    with run_queued():
        jobs.enqueue(breaks, "x")
    assert failures == [("ValueError", ("x",))]


def test_a_permanent_error_is_recorded_without_retrying(db, run_queued):
    with run_queued():
        jobs.enqueue(gone, "y")
    assert failures == [("PermanentError", ("y",))]


def test_a_job_runs_only_when_the_transaction_commits(db, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        jobs.enqueue(works, "z")
        assert failures == []
    assert failures == [("ok", ("z",))]


def test_a_broker_that_cannot_be_reached_is_recorded_as_the_failure(db, run_queued):
    from sueca_club.celery import app

    app.conf.task_always_eager = False  # the autouse fixture restores it
    with mock.patch.object(breaks, "apply_async", side_effect=OSError("connection refused")), \
            run_queued():
        jobs.enqueue(breaks, "w")
    assert failures == [("OSError", ("w",))]

