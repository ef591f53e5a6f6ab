"""A referee's deal is worked out on the match as the write read it before the lock
(services.deal_record's `read`) and written as it is when the match still has that version
under the lock; when anything wrote the match meanwhile, the deal is worked out again on the
locked row, which decides. Whatever the read, what is stored and answered is what a write that
read nothing before the lock stores and answers."""

import contextlib
import json
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import engine, presenters, selectors, services
from scoring.models import AuditEntry, Deal, RefereeRequest
from tests.conftest import make_match
from tests.scoring.test_stored_tally_equals_replay import (
    FORMATS,
    PRESETS,
    deals,
    entered,
    pairs,  # noqa: F401 (a fixture)
    replayed,
    take,
)

TWO_DEALS = {"type": "fixed_deals", "deals": 2}


def read(match):
    """The match as a referee's write reads it with its link: the row and who plays."""
    return selectors.matches_with_teams().get(pk=match.pk)


def record(match, data: dict, *, read_as=None, **kwargs) -> services.Answer:
    return services.deal_record(match_id=match.pk, deal=engine.deal_from(data),
                                key=str(uuid.uuid4()), read=read_as, **kwargs)


def answered(match) -> dict:
    """What a deal's answer says of the match now: its JSON read afresh."""
    return json.loads(json.dumps(selectors.match_payload(read(match))))


def test_a_read_still_current_is_written_as_it_was_worked_out(match):
    answer = record(match, {"points": [73, 47]}, read_as=read(match))
    assert answer.status == 201
    assert json.loads(answer.body) == answered(match)
    [deal] = Deal.objects.filter(match=match)
    assert deal.number == 1
    audit = AuditEntry.objects.get(match=match, deal=deal)
    assert audit.before == {"games": [0, 0], "partidas": [0, 0]}
    assert audit.after == {"deal": {"points": [73, 47]}, "games": [1, 0], "partidas": [0, 0]}


def test_a_deal_recorded_meanwhile_counts_before_this_one(match):
    """Two phones at one table: the second's read is from before the first's deal."""
    before = read(match)
    record(match, {"points": [73, 47]})
    answer = record(match, {"points": [30, 90]}, read_as=before)
    assert answer.status == 201
    body = json.loads(answer.body)
    assert [row["number"] for row in body["tally"]] == [1, 2]
    assert body == answered(match)
    match.refresh_from_db()
    assert (match.tally, match.state) == (replayed(match)[1], replayed(match)[0].stored())


def test_a_match_that_a_deal_ended_meanwhile_refuses_the_next(club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, fmt=TWO_DEALS)
    record(match, {"points": [73, 47]})
    before = read(match)
    record(match, {"points": [80, 40]})  # the last deal
    with pytest.raises(services.MatchFinished):
        record(match, {"points": [70, 50]}, read_as=before)
    assert Deal.objects.filter(match=match).count() == 2


def test_a_match_that_an_undo_reopened_meanwhile_takes_the_deal(club, pair_a, pair_b):
    """The read says the match is over; the locked row, after an undo, says it is not."""
    match = make_match(club, pair_a, pair_b, fmt=TWO_DEALS)
    for points in (73, 80):
        record(match, {"points": [points, 120 - points]})
    finished = read(match)
    assert finished.finished
    services.deal_undo(match_id=match.pk, key="undo")
    answer = record(match, {"points": [80, 40]}, read_as=finished)
    assert answer.status == 201
    assert json.loads(answer.body) == answered(match)
    match.refresh_from_db()
    assert match.finished and match.tally == replayed(match)[1]
    assert [deal.data for deal in services.active_deals(match)] == [{"points": [73, 47]},
                                                                    {"points": [80, 40]}]


def test_a_stale_screen_is_refused_whatever_the_write_read(match):
    before = read(match)
    record(match, {"points": [73, 47]})
    with pytest.raises(services.StaleScore):
        record(match, {"points": [30, 90]}, read_as=before, expected_version=before.version)
    with pytest.raises(services.StaleScore):
        record(match, {"points": [30, 90]}, read_as=read(match), expected_version=before.version)
    assert Deal.objects.filter(match=match).count() == 1


def test_a_match_abandoned_meanwhile_takes_no_deal(match):
    before = read(match)
    services.matches_abandon([match.pk])
    with pytest.raises(services.MatchFinished):
        record(match, {"points": [73, 47]}, read_as=before)
    assert not Deal.objects.filter(match=match).exists()


def test_a_retry_with_a_read_gets_the_first_answer(match):
    first = services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [73, 47]}),
                                 key="once", read=read(match))
    again = services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [73, 47]}),
                                 key="once", read=read(match))
    assert again == first
    assert Deal.objects.filter(match=match).count() == 1
    assert RefereeRequest.objects.filter(match=match).count() == 1


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), fmt=st.sampled_from(FORMATS),
       first_dealer=st.integers(0, 3),
       steps=st.lists(st.one_of(
           st.tuples(st.just("read"), deals(), st.integers(0, 3)),
           st.tuples(st.just("record"), deals()),
           st.tuples(st.just("undo")),
           st.tuples(st.just("correct"), st.integers(0, 40), deals()),
           st.tuples(st.just("void"), st.integers(0, 40)),
       ), min_size=8, max_size=30))
def test_deals_written_on_reads_of_any_age_store_and_answer_the_replay(
        club, organiser, pairs, preset, fmt, first_dealer, steps):  # noqa: F811
    """A deal made on a read 0 to 3 writes old, among deals, undos, corrections and voids:
    after every write the stored tally and state are the replay of the deals, and each
    deal's answer is the match as it then is."""
    match = make_match(club, *pairs, preset=preset, fmt=fmt, first_dealer=first_dealer)
    reads = [read(match)]
    for step in steps:
        with contextlib.suppress(services.ScoringRefused):
            if step[0] == "read":
                _, data, age = step
                answer = record(match, entered(match, data).as_dict(),
                                read_as=reads[-1 - min(age, len(reads) - 1)])
                assert json.loads(answer.body) == answered(match)
            else:
                take(match, step, organiser)
        match.refresh_from_db()
        state, tally = replayed(match)
        assert (match.tally, match.state) == (tally, state.stored())
        now = read(match)
        assert presenters.tally_payload(now) == [row.as_dict()
                                                 for row in presenters.deal_tally(now)]
        reads.append(now)
