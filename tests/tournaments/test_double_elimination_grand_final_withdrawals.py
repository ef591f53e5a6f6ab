"""A withdrawal around a double elimination's grand final: a withdrawn partnership never
advances (RULES.md), so it is never crowned. Between the two grand-final matches the reset
is a walkover to the side still in; a withdrawal after the event is over is refused (the
knockout's version of this case: test_withdrawn_final_winner_is_not_champion.py)."""

import pytest

from tests.tournaments.helpers import play, record
from tests.tournaments.test_double_elimination_events import (
    assert_equals_a_pure_replay,
    make_event,
    pairing_at,
    play_until_grand_final,
)
from tournaments import services
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
