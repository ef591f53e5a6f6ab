"""A corrected result flows on: the bracket follows at once, or the organiser confirms a reset."""

import pytest

from scoring import engine
from scoring import services as scoring
from scoring.models import AuditEntry
from tests.tournaments.helpers import make_tournament, play, record, swiss_round_one_played
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


def test_a_correction_that_changes_a_final_not_begun_names_it_and_changes_nothing_unconfirmed(
        bracket, organiser):
    tournament, semi = bracket
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    with pytest.raises(services.LaterMatchesStarted) as refused:
        flip(semi, organiser)
    assert refused.value.message.startswith("Later matches were drawn from this result")
    assert refused.value.affected == [f"Final: table 1 {final} changes partnerships"]
    semi.refresh_from_db()
    final.refresh_from_db()
    assert semi.winner_id == semi.a_id and final.a_id == semi.a_id


def test_a_confirmed_correction_moves_the_corrected_winner_into_a_final_not_begun(bracket,
                                                                                  organiser):
    tournament, semi = bracket
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    assert final.a_id == semi.a_id
    flip(semi, organiser, allow_reset=True)
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
    assert refused.value.message == "Later matches have already started and would be reset."
    assert refused.value.affected == [f"Final: table 1 {final} changes partnerships"]
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


def test_the_referee_cannot_undo_the_last_deal_of_a_round_once_the_next_is_drawn(bracket):
    """A result the tournament has gone on from is the organiser's to change: the final drawn
    from it, not begun, stays, and so does the result."""
    tournament, semi = bracket
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    with pytest.raises(scoring.MatchFinished) as refused:
        scoring.deal_undo(match_id=semi.match_id, key="undo")
    assert refused.value.message == ("The next round was drawn from this result: ask the "
                                     "organiser to correct it.")
    semi.refresh_from_db()
    assert semi.finished and semi.match.deals.filter(active=True).count() == 1
    assert Round.objects.get(tournament=tournament, code="final").pairings.get().pk == final.pk


def test_the_referee_undoes_the_last_deal_of_a_match_before_the_next_round_is_drawn(club):
    tournament = make_tournament(club, 4, tables_count=2, auto_advance=True)
    services.tournament_start(tournament=tournament)
    semi, _other = Pairing.objects.filter(round__number=1).order_by("slot")
    play(semi, "A")
    scoring.deal_undo(match_id=semi.match_id, key="undo")
    semi.refresh_from_db()
    assert not semi.finished and not semi.match.finished


def test_the_referee_cannot_undo_a_swiss_rounds_last_deal_once_a_round_of_a_bye_is_drawn(club):
    """The round drawn after it holds a bye and untouched matches: nothing under way, but
    drawn from the result all the same, so only the organiser may change it."""
    from tests.tournaments.helpers import in_play

    tournament = make_tournament(club, 5, "rounds", fmt={"type": "fixed_deals", "deals": 1},
                                 pairing="swiss", rounds_count=3, tables_count=2)
    services.tournament_start(tournament=tournament)
    *first, last = in_play(tournament)
    for pairing in first:
        play(pairing, "A")
    play(last, "A")
    assert Round.objects.filter(tournament=tournament).count() == 2
    with pytest.raises(scoring.MatchFinished):
        scoring.deal_undo(match_id=last.match_id, key="undo")
    last.refresh_from_db()
    assert last.finished
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
    assert str(final).replace("&", "&amp;") in html and "Yes, make these changes" in html
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


def test_a_quarter_final_corrected_after_the_final_takes_back_the_final_and_plays_on(
        club, organiser):
    """Two rounds on: the semi-final takes the corrected winner and is played again; the final,
    drawn from the semi-finals' old results, is taken back and drawn anew when the semi is
    over. Never a champion who lost on the way (found by playing random corrections)."""
    from tests.tournaments.helpers import in_play

    tournament = make_tournament(club, 8, tables_count=4)
    services.tournament_start(tournament=tournament)
    for _ in range(3):
        for pairing in in_play(tournament):
            play(pairing, "A")
    tournament.refresh_from_db()
    quarter = Pairing.objects.select_related("match").get(round__number=1, slot=0)
    assert tournament.champion_id == quarter.winner_id
    flip(quarter, organiser, allow_reset=True)
    tournament.refresh_from_db()
    assert tournament.status == tournament.Status.RUNNING and tournament.champion_id is None
    assert not Round.objects.filter(tournament=tournament, number=3).exists()
    [semi] = in_play(tournament)
    assert quarter.b_id in (semi.a_id, semi.b_id)
    play(semi, "A" if semi.a_id == quarter.b_id else "B")
    final = Pairing.objects.get(round__tournament=tournament, round__number=3, third_place=False)
    assert quarter.b_id in (final.a_id, final.b_id)
    play(final, "A" if final.a_id == quarter.b_id else "B")
    tournament.refresh_from_db()
    assert tournament.champion_id == quarter.b_id


@pytest.fixture
def swiss_after_round_one(club):
    return swiss_round_one_played(club)


def flip_fixed(pairing: Pairing, user, **kwargs):
    deal = pairing.match.deals.get(active=True)
    return scoring.deal_correct(deal=deal, replacement=engine.deal_from({"points": [50, 70]}),
                                reason="misread", user=user, **kwargs)


def test_a_swiss_result_corrected_before_the_next_round_begins_asks_before_drawing_it_again(
        swiss_after_round_one, organiser):
    tournament, corrected = swiss_after_round_one
    drawn = Round.objects.get(tournament=tournament, number=2)
    tables = [f"table {p.table.number} {p}" for p in drawn.pairings.order_by("slot")]
    with pytest.raises(services.LaterMatchesStarted) as refused:
        flip_fixed(corrected, organiser)
    assert refused.value.affected == [f"Round 2: {', '.join(tables)} are drawn again"]
    assert Round.objects.get(tournament=tournament, number=2).pk == drawn.pk
    corrected.refresh_from_db()
    assert corrected.winner_id == corrected.a_id  # nothing changed
    flip_fixed(corrected, organiser, allow_reset=True)
    again = Round.objects.get(tournament=tournament, number=2)
    assert again.pk != drawn.pk and again.pairings.count() == 3
    corrected.refresh_from_db()
    assert corrected.winner_id == corrected.b_id


def test_a_swiss_result_corrected_once_the_next_round_has_begun_leaves_that_round(
        swiss_after_round_one, organiser):
    from tests.tournaments.helpers import in_play

    tournament, corrected = swiss_after_round_one
    drawn = Round.objects.get(tournament=tournament, number=2)
    record(in_play(tournament)[0].match, {"points": [70, 50]})
    flip_fixed(corrected, organiser)  # no confirmation asked: nothing is reset
    assert Round.objects.get(tournament=tournament, number=2).pk == drawn.pk
    corrected.refresh_from_db()
    assert corrected.winner_id == corrected.b_id


def test_a_correction_for_a_partnership_withdrawn_since_gives_its_next_match_as_a_walkover(
        club, organiser):
    """The semi-final's loser withdrew before its third-place match (without one to play it
    would be out, with nothing to withdraw from); the result is then corrected in its favour:
    the final is its opponent's walkover, never a match to play (found by playing random
    events)."""
    tournament = make_tournament(club, 4, tables_count=2, third_place=True)
    services.tournament_start(tournament=tournament)
    semi, second = Pairing.objects.filter(round__number=1).order_by("slot")
    play(semi, "A")
    play(second, "A")
    semi.refresh_from_db()
    final = Pairing.objects.get(round__tournament=tournament, round__code="final",
                                third_place=False)
    services.entry_withdraw(entry=semi.b)
    flip(semi, organiser, allow_reset=True)  # its third-place walkover counts as begun
    final.refresh_from_db()
    other = final.b_id
    assert (final.a_id, final.finished, final.walkover, final.winner_id) == (
        semi.b_id, True, "B", other)
    assert final.match_id is None


def test_a_correction_that_re_teams_a_walkover_keeps_it_a_walkover(bracket, organiser):
    """The other finalist withdrew (the final was a walkover to the semi-final's winner);
    the semi-final is then corrected: the final is the new winner's walkover, not a match
    against the withdrawn partnership."""
    tournament, semi = bracket
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    gone = final.b_id
    services.entry_withdraw(entry=final.b)
    flip(semi, organiser, allow_reset=True)  # the walkover given counts as begun: confirmed
    final.refresh_from_db()
    assert (final.a_id, final.b_id, final.finished, final.walkover, final.winner_id) == (
        semi.b_id, gone, True, "A", semi.b_id)
    assert final.match_id is None


def bracket_with_the_other_semi_final_begun(club, size: int, draw: str):
    """`size` partnerships, side A winning every match to the semi-finals; the semi-final of
    the other half of the bracket has a deal. The tournament, the first round's first match
    played (not a bye), and the two semi-finals."""
    from tests.tournaments.helpers import in_play

    tournament = make_tournament(club, size, tables_count=8, draw=draw,
                                 auto_advance=True)
    services.tournament_start(tournament=tournament)
    while not Round.objects.filter(tournament=tournament, code="semi_final").exists():
        play(in_play(tournament)[0], "A")
    first = Pairing.objects.filter(round__tournament=tournament, round__number=1,
                                   b__isnull=False).select_related("match").order_by("slot")[0]
    semis = list(Pairing.objects.filter(round__tournament=tournament, round__code="semi_final")
                 .order_by("slot"))
    while len(semis) < 2:
        play(in_play(tournament)[0], "A")
        semis = list(Pairing.objects.filter(round__tournament=tournament, round__code="semi_final")
                     .order_by("slot"))
    return tournament, first, semis


@pytest.mark.parametrize("size", [16, 12])  # 12: four byes in the first round
def test_a_correction_in_a_fixed_bracket_takes_back_only_the_corrected_winners_path(
        club, organiser, size):
    """Seeded, so the bracket is fixed: the other half's semi-final keeps its partnerships,
    its deal and its table; only the quarter-final the corrected winner goes to changes
    partnerships, and the semi-final it feeds is drawn again once that is played."""
    tournament, first, (semi, other) = bracket_with_the_other_semi_final_begun(
        club, size, "seeded")
    record(other.match, {"points": [70, 50]})
    quarter = Pairing.objects.get(round__tournament=tournament, round__code="quarter_final",
                                  slot=first.slot // 2)
    with pytest.raises(services.LaterMatchesStarted) as refused:
        flip(first, organiser)
    assert refused.value.affected == [
        f"Quarter-finals: table {quarter.table.number} {quarter} changes partnerships",
        f"Semi-finals: table {semi.table.number} {semi} is drawn again"]
    flip(first, organiser, allow_reset=True)
    other_now = Pairing.objects.select_related("match").get(pk=other.pk)
    assert (other_now.a_id, other_now.b_id, other_now.match_id) == (other.a_id, other.b_id,
                                                                    other.match_id)
    assert len(other_now.match.state["deals"]) == 1
    assert not Pairing.objects.filter(pk=semi.pk).exists()
    quarter.refresh_from_db()
    assert first.b_id in (quarter.a_id, quarter.b_id)
    play(quarter, "A" if quarter.a_id == first.b_id else "B")
    again = Pairing.objects.get(round__tournament=tournament, round__code="semi_final",
                                slot=semi.slot)
    assert first.b_id in (again.a_id, again.b_id)


def test_a_correction_in_a_knockout_drawn_afresh_each_round_takes_back_every_later_round(
        club, organiser):
    tournament, first, (semi, other) = bracket_with_the_other_semi_final_begun(
        club, 16, "redraw")
    record(other.match, {"points": [70, 50]})
    flip(first, organiser, allow_reset=True)
    assert not Pairing.objects.filter(pk__in=[semi.pk, other.pk]).exists()
    assert not Round.objects.filter(tournament=tournament, code="semi_final").exists()
