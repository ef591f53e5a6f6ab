"""Ratings and deal writes on PostgreSQL: a rating takes only its club's lock, never a match's
row, so a deal saved while a rating waits or works is never held up by it, and the two never
deadlock however they interleave."""

import threading
import time

import pytest
from django.db import connection, transaction

from scoring import services as scoring
from scoring.models import Deal, Match, PartnershipRating
from scoring.ratings import services as ratings
from tests.concurrency import (  # noqa: F401
    needs_postgres,
    postgres_only,
    run_together,
    waiting_on_a_lock,
)
from tests.conftest import make_match, make_partnership
from tests.ratings.helpers import FLAG, record

pytestmark = [*postgres_only, pytest.mark.usefixtures("needs_postgres")]


def test_a_deal_is_saved_while_a_rating_waits_for_its_club(club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b)
    held, release = threading.Event(), threading.Event()

    def long_rebuild():  # another worker's rebuild of the club, holding its lock
        try:
            with transaction.atomic():
                ratings._lock(club.pk)
                held.set()
                release.wait(10)
        finally:
            connection.close()

    def rating():
        try:
            return ratings.ratings_follow_match(match_id=match.pk, version=match.version)
        finally:
            connection.close()

    holder = threading.Thread(target=long_rebuild)
    holder.start()
    held.wait(10)
    answers = []
    waiter = threading.Thread(target=lambda: answers.append(rating()))
    waiter.start()
    for _ in range(200):  # until the rating is queued behind the club's lock
        if waiting_on_a_lock():
            break
        time.sleep(0.02)
    try:
        answer = record(match, {"points": [73, 47]})  # lock_timeout (3 s) raises if held up
    finally:
        release.set()
        holder.join()
        waiter.join()
    assert answer.status == 201
    assert answers == ["nothing"]  # not finished: nothing to rate
    assert Deal.objects.filter(match=match).count() == 1


def test_a_correction_is_saved_while_a_ratings_new_rows_point_at_its_match(club, pair_a,
                                                                              pair_b, organiser):
    """A rating's new rows lock the key of the match they point at (their foreign key's check,
    at its commit); a scoring write locks the match for a no-key update, so neither waits for
    the other, and a write that locks two matches cannot deadlock with a rating."""
    match = make_match(club, pair_a, pair_b)
    record(match, FLAG["A"])
    held, release = threading.Event(), threading.Event()

    def rating_commits():
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(f"SELECT 1 FROM {Match._meta.db_table} WHERE id = %s "
                               "FOR KEY SHARE", [match.pk])  # what the key's check takes
                held.set()
                release.wait(10)
        finally:
            connection.close()

    holder = threading.Thread(target=rating_commits)
    holder.start()
    held.wait(10)
    try:  # lock_timeout (3 s) raises if held up
        scoring.deal_void(deal=Deal.objects.get(match=match), reason="no flag", user=organiser)
    finally:
        release.set()
        holder.join()
    match.refresh_from_db()
    assert not match.finished


def test_deals_and_rebuilds_running_together_never_deadlock(club, pair_a, pair_b):
    pair_c = make_partnership(club, "Carla", "Duarte")
    pairs = [(pair_a, pair_b), (pair_b, pair_c), (pair_c, pair_a)]
    matches = [make_match(club, a, b) for a, b in pairs * 2]

    def work(i):
        if i < len(matches):
            record(matches[i], {"points": [70, 50]})
            return record(matches[i], FLAG["AB"[i % 2]]).status
        for _ in range(3):
            ratings.ratings_rebuild(club=club)
        return "rebuilt"

    results = run_together(len(matches) + 2, work)
    assert results == [201] * len(matches) + ["rebuilt", "rebuilt"], results
    for match in matches:
        match.refresh_from_db()
        ratings.ratings_follow_match(match_id=match.pk, version=match.version)
    after_updates = sorted(PartnershipRating.objects.values_list("partnership_id", "mu"))
    ratings.ratings_rebuild(club=club)
    assert sorted(PartnershipRating.objects.values_list("partnership_id", "mu")) == after_updates
