"""A corrected result flows on: the bracket follows at once, or the organiser confirms a reset."""

import pytest

from scoring import engine
from scoring import services as scoring
from scoring.models import AuditEntry
from tests.tournaments.helpers import make_tournament, play, record
from tournaments import services
from tournaments.models import Pairing, Round


@pytest.fixture
def bracket(club):
    tournament = make_tournament(club, 4, tables_count=2, auto_advance=True)
    services.tournament_start(tournament=tournament)
    first, second = Pairing.objects.filter(round__number=1).order_by("slot")
    play(first, "A")
    play(second, "A")
    return tournament, Pairing.objects.get(pk=first.pk)


def flip(pairing: Pairing, user, **kwargs):
    """Correct the deciding flag of the pairing's match into a flag for the other side."""
    deal = pairing.match.deals.get(active=True)
    return scoring.deal_correct(deal=deal, replacement=engine.deal_from(
        {"points": [0, 120], "flag": "B"}), reason="flag was B's", user=user, **kwargs)


def test_a_corrected_winner_moves_into_the_final_at_once_when_it_has_not_started(bracket,
                                                                                organiser):
    tournament, semi = bracket
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    assert final.a_id == semi.a_id
    flip(semi, organiser)
    final.refresh_from_db()
    final.match.refresh_from_db()
    assert final.a_id == semi.b_id
    assert final.match.a_id == semi.b.partnership_id


def test_a_correction_that_would_reset_a_started_final_needs_confirmation(bracket, organiser):
    tournament, semi = bracket
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    record(final.match, {"points": [70, 50]})
    with pytest.raises(services.LaterMatchesStarted) as refused:
        flip(semi, organiser)
    assert refused.value.affected == [str(final)]
    semi.refresh_from_db()
    assert semi.winner_id == semi.a_id  # nothing changed


def test_a_confirmed_correction_resets_the_final_and_audits_it(bracket, organiser):
    tournament, semi = bracket
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    record(final.match, {"points": [70, 50]})
    flip(semi, organiser, allow_reset=True)
    final.refresh_from_db()
    final.match.refresh_from_db()
    assert final.a_id == semi.b_id and final.match.state["deals"] == []
    assert AuditEntry.objects.filter(match=final.match, action="reset").exists()


def test_a_corrected_final_crowns_the_other_champion(bracket, organiser):
    tournament, _ = bracket
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    play(final, "A")
    tournament.refresh_from_db()
    assert tournament.champion_id == final.a_id
    flip(Pairing.objects.get(pk=final.pk), organiser)
    tournament.refresh_from_db()
    assert tournament.champion_id == final.b_id


def test_undoing_the_last_deal_of_a_round_takes_back_the_unstarted_next_round(bracket):
    tournament, semi = bracket
    scoring.deal_undo(match_id=semi.match_id, key="undo")
    semi.refresh_from_db()
    assert not semi.finished
    assert not Round.objects.filter(tournament=tournament, code="final").exists()
    play(semi, "B")
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    assert final.a_id == semi.b_id


def test_undoing_a_swiss_rounds_last_deal_takes_back_a_next_round_of_a_bye_and_untouched_matches(
        club):
    """The bye of the round drawn after it is only drawn: nothing under way is reset, so the
    referee's undo is not refused (it was, as 'later matches have already started')."""
    from tests.tournaments.helpers import in_play

    tournament = make_tournament(club, 5, "rounds", fmt={"type": "fixed_deals", "deals": 1},
                                 pairing="swiss", rounds_count=3, tables_count=2)
    services.tournament_start(tournament=tournament)
    *first, last = in_play(tournament)
    for pairing in first:
        play(pairing, "A")
    play(last, "A")
    assert Round.objects.filter(tournament=tournament).count() == 2
    scoring.deal_undo(match_id=last.match_id, key="undo")
    last.refresh_from_db()
    assert not last.finished
    assert Round.objects.filter(tournament=tournament).count() == 1
    play(last, "B")
    assert Round.objects.filter(tournament=tournament).count() == 2


def test_a_walkover_gives_the_present_side_a_full_win(club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    pairing = Pairing.objects.filter(round__number=1).first()
    services.pairing_walkover(pairing=pairing, present="B")
    pairing.refresh_from_db()
    assert pairing.finished and pairing.walkover == "B" and pairing.winner_id == pairing.b_id
    assert pairing.match is None  # the unstarted match was taken off the table


def test_a_withdrawal_mid_event_hands_each_open_match_to_the_opponent(club):
    tournament = make_tournament(club, 4, "rounds", fmt={"type": "fixed_deals", "deals": 8},
                                 pairing="round_robin", tables_count=2)
    services.tournament_start(tournament=tournament)
    leaving = tournament.entries.first()
    services.entry_withdraw(entry=leaving)
    open_pairings = Pairing.objects.filter(round__tournament=tournament, finished=False)
    assert not open_pairings.filter(a=leaving).exists()
    assert not open_pairings.filter(b=leaving).exists()
    for pairing in Pairing.objects.filter(round__tournament=tournament):
        if leaving.pk in (pairing.a_id, pairing.b_id):
            assert pairing.walkover and pairing.winner_id != leaving.pk


def test_the_correction_page_lists_started_later_matches_and_resets_them_once_confirmed(
        bracket, organiser_client):
    tournament, semi = bracket
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    record(final.match, {"points": [70, 50]})
    deal = semi.match.deals.get(active=True)
    url = f"/manage/matches/{semi.match_id}/deals/{deal.pk}/correct/"
    data = {"points": [0, 120], "flag": "B", "reason": "flag was B's"}
    page = organiser_client.post(url, data)
    html = page.content.decode()
    assert "Later matches have already started and would be reset." in html
    assert str(final).replace("&", "&amp;") in html and "Reset those matches" in html
    assert organiser_client.post(url, {**data, "reset_later": "on"}).status_code == 302
    final.refresh_from_db()
    assert final.a_id == semi.b_id


def test_a_correction_that_resets_a_finished_final_takes_the_crown_back(bracket, organiser):
    """The final is played again between other partnerships: nobody is champion meanwhile."""
    tournament, semi = bracket
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    play(final, "A")
    tournament.refresh_from_db()
    assert tournament.status == "finished" and tournament.champion_id == final.a_id
    flip(Pairing.objects.get(pk=semi.pk), organiser, allow_reset=True)
    tournament.refresh_from_db()
    final.refresh_from_db()
    assert not final.finished and final.a_id == semi.b_id
    assert (tournament.status, tournament.champion_id) == ("running", None)
    play(final, "B")
    tournament.refresh_from_db()
    assert (tournament.status, tournament.champion_id) == ("finished", final.b_id)
