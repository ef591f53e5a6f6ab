"""sueca_club.outbox: what follows a write runs after it commits, in its own transaction,
is retried until done, and never fails, refuses or undoes the write."""

import datetime

import pytest
from django.db import transaction
from django.utils import timezone

from sueca_club import outbox
from sueca_club.jobs import PermanentError
from sueca_club.models import OutboxStep

ran: list = []
given_up: list = []


@outbox.step("tests.works")
def works(*, label):
    ran.append(label)


@outbox.step("tests.breaks", attempts=3, on_failure=lambda message, **args: given_up.append(
    (message, args)))
def breaks(*, label):
    raise ValueError(f"broken {label}")


@outbox.step("tests.gone", on_failure=lambda message, **args: given_up.append((message, args)))
def gone(*, label):
    raise PermanentError("the row is gone")


@outbox.service
def write(*steps):
    for name, label in steps:
        outbox.follow(name, label=label)
    ran.append("write")


@pytest.fixture(autouse=True)
def fresh():
    ran.clear()
    given_up.clear()


def due_again(step: OutboxStep) -> None:
    OutboxStep.objects.filter(pk=step.pk).update(
        run_after=timezone.now(), created_at=timezone.now() - datetime.timedelta(minutes=1))


def test_a_step_runs_after_its_write_and_only_once(db):
    write(("tests.works", "a"))
    assert ran == ["write", "a"]
    step = OutboxStep.objects.get()
    assert step.status == "done"
    outbox.run(step.pk)
    assert ran == ["write", "a"]


def test_a_write_that_is_refused_leaves_no_step_behind(db):
    with pytest.raises(ValueError), transaction.atomic():
        outbox.follow("tests.works", label="never")
        raise ValueError("the write is refused")
    assert not OutboxStep.objects.exists() and ran == []


def test_a_failing_step_fails_nothing_and_is_retried_until_it_gives_up(db):
    write(("tests.breaks", "b"), ("tests.works", "c"))
    assert ran == ["write", "c"]  # the other step ran all the same
    step = OutboxStep.objects.get(name="tests.breaks")
    assert (step.status, step.attempts, step.error) == ("pending", 1, "broken b")
    assert step.run_after > timezone.now()  # not before its delay
    assert outbox.sweep() == 0
    for attempt in (2, 3):
        due_again(step)
        outbox.sweep()
        step.refresh_from_db()
        assert step.attempts == attempt
    assert step.status == "failed"
    assert given_up == [("broken b", {"label": "b"})]


def test_a_permanent_error_fails_at_once_and_says_why(db):
    write(("tests.gone", "d"))
    step = OutboxStep.objects.get()
    assert (step.status, step.attempts) == ("failed", 1)
    assert given_up == [("the row is gone", {"label": "d"})]


def test_a_step_left_behind_by_a_crash_is_run_by_the_sweep(db, monkeypatch):
    with monkeypatch.context() as crashed:
        crashed.setattr(outbox, "relay", lambda: None)  # the process died after the commit
        write(("tests.works", "e"))
    assert ran == ["write"]
    due_again(OutboxStep.objects.get())
    assert outbox.sweep() == 1 and ran == ["write", "e"]


def test_follow_outside_a_transaction_is_a_mistake(transactional_db):
    with pytest.raises(RuntimeError):  # a step with no write to belong to
        outbox.follow("tests.works", label="f")
    with pytest.raises(LookupError), transaction.atomic():
        outbox.follow("tests.unknown", label="g")


def test_the_relay_command_sweeps(db, monkeypatch):
    from django.core.management import call_command

    with monkeypatch.context() as crashed:
        crashed.setattr(outbox, "relay", lambda: None)
        write(("tests.works", "h"))
    due_again(OutboxStep.objects.get())
    call_command("outbox_relay")
    assert ran == ["write", "h"]


@outbox.step("tests.fans_out")
def fans_out(*, label):  # `label`: how many steps to record
    for number in range(label):
        outbox.follow("tests.works", label=number)


def test_a_step_that_records_thousands_more_runs_them_all_without_going_deeper(db):
    """A draw records one notification per pairing: far more than Python's recursion limit."""
    import sys

    count = sys.getrecursionlimit() + 500
    write(("tests.fans_out", count))
    assert ran == ["write", *range(count)]
    assert not OutboxStep.objects.exclude(status="done").exists()
