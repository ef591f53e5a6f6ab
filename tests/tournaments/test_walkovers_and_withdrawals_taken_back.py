"""A no-show's walkover given by mistake, or a partnership withdrawn by mistake, is taken back
by the organiser: the match is played after all (a match the withdrawal stopped resumes with
its deals), and the later matches drawn from the walkover are shown first and taken back once
the organiser confirms, as a correction of a played result does."""

import pytest

from tests.tournaments.helpers import in_play, make_tournament, play, play_to_the_end, record
from tournaments import services
from tournaments.models import Action, Entry, Pairing, Round, Tournament
from tournaments.services import LaterMatchesStarted, TournamentRefused

A_DEAL, B_DEAL = {"points": [80, 40]}, {"points": [40, 80]}  # a game each


def semi_finals(club) -> tuple[Tournament, Pairing, Pairing]:
    tournament = make_tournament(club, 4, fmt={"type": "first_to", "target": 4}, tables_count=2)
    services.tournament_start(tournament=tournament)
    first, other = Pairing.objects.filter(round__tournament=tournament).order_by("slot")
    return tournament, first, other


def fresh(pairing: Pairing) -> Pairing:
    return Pairing.objects.select_related("round", "match", "table").get(pk=pairing.pk)


def test_a_walkover_nothing_was_drawn_from_is_taken_back_at_once_and_played(club, organiser):
    tournament, semi, _other = semi_finals(club)
    services.pairing_walkover(pairing=semi, present="A", by=organiser)

    services.pairing_walkover_undo(pairing=semi, by=organiser)

    semi = fresh(semi)
    assert (semi.finished, semi.walkover, semi.winner_id) == (False, "", None)
    assert semi.match is not None and semi.table is not None
    assert semi.table.link.match_id == semi.match_id
    assert Action.objects.filter(tournament=tournament, kind=Action.Kind.TAKE_BACK,
                                 user=organiser).exists()
    play_to_the_end(tournament)
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED


def test_a_walkover_the_final_was_drawn_from_says_so_and_takes_it_back_once_confirmed(
        club, organiser):
    tournament, semi, other = semi_finals(club)
    services.pairing_walkover(pairing=semi, present="A", by=organiser)
    play(other, "B")
    assert Pairing.objects.filter(round__tournament=tournament, round__code="final").exists()

    with pytest.raises(LaterMatchesStarted) as asked:
        services.pairing_walkover_undo(pairing=semi, by=organiser)
    assert "Final" in asked.value.affected[0]
    assert fresh(semi).walkover == "A"  # nothing changed yet

    services.pairing_walkover_undo(pairing=semi, allow_reset=True, by=organiser)
    assert not Round.objects.filter(tournament=tournament, code="final").exists()
    assert fresh(semi).match is not None
    play_to_the_end(tournament)
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED


def test_a_double_forfeit_is_taken_back_too(club, organiser):
    tournament, semi, _other = semi_finals(club)
    services.pairing_walkover(pairing=semi, present="-", by=organiser)
    services.pairing_walkover_undo(pairing=semi, by=organiser)
    assert fresh(semi).match is not None


def test_a_swiss_round_drawn_from_a_walkover_is_drawn_again(club, organiser):
    tournament = make_tournament(club, 4, "rounds", fmt={"type": "fixed_deals", "deals": 1},
                                 pairing="swiss", rounds_count=3, tables_count=2)
    services.tournament_start(tournament=tournament)
    first, other = in_play(tournament)
    services.pairing_walkover(pairing=first, present="B", by=organiser)
    play(other, "A")
    assert Round.objects.filter(tournament=tournament, number=2).exists()

    with pytest.raises(LaterMatchesStarted):
        services.pairing_walkover_undo(pairing=first, by=organiser)
    services.pairing_walkover_undo(pairing=first, allow_reset=True, by=organiser)
    assert not Round.objects.filter(tournament=tournament, number=2).exists()
    play_to_the_end(tournament)


def test_a_withdrawal_s_walkover_is_taken_back_by_reinstating_not_here(club, organiser):
    _tournament, semi, _other = semi_finals(club)
    services.entry_withdraw(entry=semi.b, by=organiser)
    with pytest.raises(TournamentRefused, match="reinstate"):
        services.pairing_walkover_undo(pairing=semi, by=organiser)


def test_a_partnership_withdrawn_mid_match_is_reinstated_and_its_match_resumes(club, organiser):
    tournament, semi, _other = semi_finals(club)
    record(semi.match, A_DEAL)
    record(semi.match, B_DEAL)
    record(semi.match, B_DEAL)
    stopped = semi.match_id
    services.entry_withdraw(entry=semi.a, by=organiser)
    assert fresh(semi).walkover == "B"

    services.entry_reinstate(entry=semi.a, by=organiser)

    semi = fresh(semi)
    assert not Entry.objects.get(pk=semi.a_id).withdrawn
    assert (semi.finished, semi.walkover, semi.match_id) == (False, "", stopped)
    assert semi.match.abandoned_at is None and semi.match.state["deals"]
    assert semi.table.link.match_id == stopped
    assert Action.objects.filter(tournament=tournament, kind=Action.Kind.REINSTATE).exists()
    play_to_the_end(tournament)
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED


def test_reinstating_past_a_final_drawn_from_the_withdrawal_asks_first(club, organiser):
    tournament, semi, other = semi_finals(club)
    services.entry_withdraw(entry=semi.a, by=organiser)
    play(other, "A")
    with pytest.raises(LaterMatchesStarted) as asked:
        services.entry_reinstate(entry=semi.a, by=organiser)
    assert "Final" in asked.value.affected[0]
    assert Entry.objects.get(pk=semi.a_id).withdrawn

    services.entry_reinstate(entry=semi.a, allow_reset=True, by=organiser)
    assert not Round.objects.filter(tournament=tournament, code="final").exists()
    play_to_the_end(tournament)


def test_a_partnership_cannot_be_reinstated_once_the_tournament_is_over(club, organiser):
    tournament, semi, other = semi_finals(club)
    services.entry_withdraw(entry=semi.a, by=organiser)
    play_to_the_end(tournament)
    with pytest.raises(TournamentRefused, match="over"):
        services.entry_reinstate(entry=semi.a, by=organiser)


def page(tournament: Tournament) -> str:
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/"


def test_the_organiser_s_page_offers_to_take_back_a_walkover_and_confirms_what_it_changes(
        organiser_client, club, organiser):
    tournament, semi, other = semi_finals(club)
    services.pairing_walkover(pairing=semi, present="A", by=organiser)
    play(other, "B")
    html = organiser_client.get(page(tournament)).content.decode()
    assert "Take back the walkover…" in html
    undo = page(tournament) + f"pairings/{semi.pk}/walkover/undo/"

    asked = organiser_client.post(undo, {"round": 1})
    assert asked.status_code == 200
    text = asked.content.decode()
    assert "Final:" in text and 'name="reset_later" value="1"' in text
    assert fresh(semi).walkover == "A"

    done = organiser_client.post(undo, {"round": 1, "reset_later": "1"})
    assert done.status_code == 302
    assert fresh(semi).walkover == "" and fresh(semi).match is not None
    assert "is to be played" in organiser_client.get(page(tournament)).content.decode()


def test_a_withdrawn_partnership_is_reinstated_from_the_entries_list(organiser_client, club,
                                                                     organiser):
    tournament, semi, _other = semi_finals(club)
    services.entry_withdraw(entry=semi.a, by=organiser)
    html = organiser_client.get(page(tournament)).content.decode()
    assert "Reinstate the partnership…" in html

    response = organiser_client.post(page(tournament) + f"entries/{semi.a_id}/reinstate/")
    assert response.status_code == 302
    assert not Entry.objects.get(pk=semi.a_id).withdrawn
    assert "is back in the tournament" in organiser_client.get(page(tournament)).content.decode()


def test_reinstating_after_the_end_is_refused_with_the_reason(organiser_client, club,
                                                              organiser):
    tournament, semi, _other = semi_finals(club)
    services.entry_withdraw(entry=semi.a, by=organiser)
    play_to_the_end(tournament)
    response = organiser_client.post(page(tournament) + f"entries/{semi.a_id}/reinstate/",
                                     follow=True)
    assert "The tournament is over" in response.content.decode()
    assert Entry.objects.get(pk=semi.a_id).withdrawn

