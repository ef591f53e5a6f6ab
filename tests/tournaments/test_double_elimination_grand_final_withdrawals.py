"""A withdrawal around a double elimination's grand final: a withdrawn partnership never
advances (RULES.md), so it is never crowned. Between the two grand-final matches the reset
is a walkover to the side still in; a withdrawal after the event is over is refused (the
knockout's version of this case: test_withdrawn_final_winner_is_not_champion.py)."""

import pytest

from scoring import services as scoring
from scoring.models import Deal
from tests.tournaments.helpers import in_play, play, play_to_the_end, record
from tests.tournaments.test_double_elimination_events import (
    assert_equals_a_pure_replay,
    make_event,
    pairing_at,
    play_until_grand_final,
)
from tournaments import selectors, services
from tournaments.models import Entry, Tournament
from tournaments.services import TournamentRefused

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("withdrawn_side", ["a", "b"])
def test_a_side_that_withdraws_before_the_reset_hands_the_title_to_the_other(
        club, organiser, withdrawn_side):
    tournament = make_event(club, 4)
    play_until_grand_final(tournament)
    gf1 = pairing_at(tournament, "GF1")
    play(gf1, "B")  # the losers' bracket winner forces the reset
    withdrawn = Entry.objects.get(pk=getattr(gf1, f"{withdrawn_side}_id"))
    services.entry_withdraw(entry=withdrawn, by=organiser)
    gf2 = pairing_at(tournament, "GF2")
    assert gf2.finished and gf2.walkover
    assert gf2.winner_id != withdrawn.pk
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == ({gf1.a_id, gf1.b_id} - {withdrawn.pk}).pop()
    assert_equals_a_pure_replay(tournament)


def test_a_withdrawal_in_the_reset_that_is_under_way_leaves_the_other_side_champion(
        club, organiser):
    tournament = make_event(club, 4)
    play_until_grand_final(tournament)
    play(pairing_at(tournament, "GF1"), "B")
    gf2 = pairing_at(tournament, "GF2")
    record(gf2.match, {"points": [60, 60]})  # the reset is under way (a 60-60: no game yet)
    services.entry_withdraw(entry=Entry.objects.get(pk=gf2.b_id), by=organiser)
    gf2 = pairing_at(tournament, "GF2")
    assert gf2.finished and gf2.walkover and gf2.winner_id == gf2.a_id
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == gf2.a_id
    assert_equals_a_pure_replay(tournament)


def test_the_champion_cannot_withdraw_once_the_grand_final_is_won(club, organiser):
    tournament = make_event(club, 4)
    play_until_grand_final(tournament)
    gf1 = pairing_at(tournament, "GF1")
    play(gf1, "A")  # the winners' bracket winner: no reset, the event is over
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    with pytest.raises(TournamentRefused):
        services.entry_withdraw(entry=Entry.objects.get(pk=gf1.a_id), by=organiser)
    tournament.refresh_from_db()
    assert tournament.champion_id == gf1.a_id


def test_a_winners_bracket_winner_that_withdraws_is_not_crowned_through_a_bye(club, organiser):
    """It withdrew waiting for the grand final, and both sides of the losers' final were
    absent: the grand final is it against nobody. Nobody is champion (found by random
    events: it was crowned through the bye)."""
    tournament = make_event(club, 4)
    for slot_id in ("W1-1", "W1-2", "W2-1", "L1-1"):
        play(pairing_at(tournament, slot_id), "A")
    leader = Entry.objects.get(pk=pairing_at(tournament, "W2-1").a_id)
    services.entry_withdraw(entry=leader, by=organiser)
    services.pairing_walkover(pairing=pairing_at(tournament, "L2-1"), present="-",
                              by=organiser)
    tournament.refresh_from_db()
    assert (tournament.status, tournament.champion_id) == (Tournament.Status.FINISHED, None)
    assert_equals_a_pure_replay(tournament)


def test_a_correction_after_a_bye_and_a_withdrawal_keeps_where_it_went_on(club, organiser):
    """A partnership went on from a bye, won its next match, then withdrew; that match's last
    deal is voided. Its bye still took it there (its match was put on): nothing upstream is
    rewritten, and the event plays on to its end as a pure replay says."""
    tournament = make_event(club, 5, draw="seeded")
    first_round = {e for p in selectors.pairings(tournament) for e in (p.a_id, p.b_id)}
    for pairing in in_play(tournament):
        play(pairing, "A")
    after_bye = next(p for p in in_play(tournament) if p.a_id not in first_round)
    play(after_bye, "A")
    services.entry_withdraw(entry=Entry.objects.get(pk=after_bye.a_id), by=organiser)
    last = Deal.objects.filter(match=after_bye.match_id, active=True).order_by("-number").first()
    scoring.deal_void(deal=last, reason="wrong", user=organiser, allow_reset=True)
    play_to_the_end(tournament)
    assert_equals_a_pure_replay(tournament)


@pytest.mark.parametrize("reset", [True, False])
def test_both_finalists_withdrawn_leave_no_champion_when_the_losers_final_is_a_bye(
        club, organiser, reset):
    """The winners' final's loser withdrew (its walkover to the winner), then the winner
    withdrew waiting for the grand final; the other losers' match was then a double forfeit.
    The loser meets a bye in the losers' final and goes nowhere, so the grand final is the
    winner against a bye: it has withdrawn too, and nobody is crowned. (Found by the double
    elimination events' property test: the winner was crowned through that bye.)"""
    tournament = make_event(club, 4, draw="seeded", bracket_reset=reset)
    play(pairing_at(tournament, "W1-1"), "A")
    play(pairing_at(tournament, "W1-2"), "A")
    final = pairing_at(tournament, "W2-1")
    services.entry_withdraw(entry=Entry.objects.get(pk=final.b_id), by=organiser)
    services.entry_withdraw(entry=Entry.objects.get(pk=final.a_id), by=organiser)
    services.pairing_walkover(pairing=pairing_at(tournament, "L1-1"), present="-",
                              by=organiser)
    tournament.refresh_from_db()
    assert (tournament.status, tournament.champion_id) == (Tournament.Status.FINISHED, None)
    assert_equals_a_pure_replay(tournament)
