"""A deal entered on a score the match no longer has is refused naming what changed it
meanwhile: another deal, the organiser's correction or void of deal N, an undo, a reset or
who deals, where every one read "Another deal was recorded on this match meanwhile" (a
referee whose screen an organiser's correction made stale was told of a deal nobody entered)."""

import pytest

from scoring import engine, services

CHECK = " Check the score, then enter this deal again if it is still due."


def record(match, points, key, **kwargs):
    return services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": points}),
                                key=key, **kwargs)


def refusal_after(match, change) -> str:
    record(match, [70, 50], "first")
    record(match, [50, 70], "second")
    match.refresh_from_db()
    seen = match.version
    change(match)
    with pytest.raises(services.StaleScore) as refused:
        record(match, [80, 40], "late", expected_version=seen)
    return refused.value.message


def test_a_correction_is_named_with_its_deal(match, organiser):
    message = refusal_after(match, lambda m: services.deal_correct(
        deal=m.deals.get(number=1), replacement=engine.deal_from({"points": [60, 60]}),
        reason="typo", user=organiser))
    assert message == "Deal 1 of this match was corrected meanwhile." + CHECK


def test_a_void_is_named_with_its_deal(match, organiser):
    message = refusal_after(match, lambda m: services.deal_void(
        deal=m.deals.get(number=2), reason="never played", user=organiser))
    assert message == "Deal 2 of this match was voided meanwhile." + CHECK


def test_another_deal_is_named_as_such(match):
    message = refusal_after(match, lambda m: record(m, [90, 30], "other phone"))
    assert message == "Another deal was recorded on this match meanwhile." + CHECK


def test_who_deals_changed_after_deals_is_named(match, organiser):
    message = refusal_after(match, lambda m: services.first_dealer_set(
        match_id=m.pk, seat=2, user=organiser))
    assert message == "Who deals was changed meanwhile. Check who deals, then enter this deal again."


def test_a_deal_that_ended_the_match_meanwhile_is_named_as_another_deal(match):
    """A phone offline enters deal 3 while another phone's deal 3 ends the match: it is told of
    that other deal, to compare, and that the match is over (nothing to enter again)."""
    def end(m):  # 1-1 in games, then A +2 and +2: 5-1, first to 4
        record(m, [100, 20], "other phone")
        record(m, [100, 20], "other phone, last deal")

    message = refusal_after(match, end)
    match.refresh_from_db()
    assert match.finished
    assert message == ("Another deal was recorded on this match meanwhile. This match is "
                       "finished: no more deals.")
