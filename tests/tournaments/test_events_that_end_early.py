"""Events that run out of partnerships before their last round: double no-shows and
withdrawals leave one winner or none to draw. The event ends (a champion when one is left,
none when nobody is), where it crashed or stuck (found by playing random whole events)."""

import pytest

from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db


def first_round(tournament: Tournament) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=tournament, round__number=1)
                .select_related("match").order_by("slot"))


def ended(tournament: Tournament) -> Tournament:
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert not Pairing.objects.filter(round__tournament=tournament, finished=False).exists()
    return tournament


def test_both_semi_finals_double_no_shows_end_the_knockout_without_a_champion(club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    for pairing in first_round(tournament):
        services.pairing_walkover(pairing=pairing, present="-")
    assert ended(tournament).champion_id is None


def test_every_semi_finalist_withdrawn_ends_the_knockout_drawn_by_hand(club):
    tournament = make_tournament(club, 8, tables_count=4, auto_advance=False)
    services.tournament_start(tournament=tournament)
    for pairing in in_play(tournament):
        play(pairing, "A")
    for pairing in first_round(tournament):
        services.entry_withdraw(entry=pairing.winner)
    services.round_draw_next(tournament=tournament)  # two double forfeits
    services.round_draw_next(tournament=tournament)  # nobody left for the final
    assert ended(tournament).champion_id is None


@pytest.mark.parametrize("draw", ["seeded", "redraw"])
def test_one_semi_final_a_double_no_show_makes_the_others_winner_champion(club, draw):
    tournament = make_tournament(club, 4, tables_count=2, draw=draw)
    services.tournament_start(tournament=tournament)
    no_show, played = first_round(tournament)
    services.pairing_walkover(pairing=no_show, present="-")
    play(played, "A")
    assert ended(tournament).champion_id == played.a_id


def test_a_swiss_withdrawn_down_to_one_ends_with_it_champion(club):
    tournament = make_tournament(club, 5, "rounds", pairing="swiss", rounds_count=4,
                                 tables_count=3)
    services.tournament_start(tournament=tournament)
    entries = list(tournament.entries.order_by("pk"))
    for entry in entries[:-1]:
        services.entry_withdraw(entry=entry)
    assert ended(tournament).champion_id == entries[-1].pk


def test_both_finalists_withdrawn_before_the_third_place_match_ends_crown_nobody(club):
    tournament = make_tournament(club, 4, tables_count=2, third_place=True)
    services.tournament_start(tournament=tournament)
    for pairing in in_play(tournament):
        play(pairing, "A")
    final = Pairing.objects.get(round__tournament=tournament, round__code="final",
                                third_place=False)
    play(final, "A")
    final.refresh_from_db()
    services.entry_withdraw(entry=final.a)
    services.entry_withdraw(entry=final.b)
    play(Pairing.objects.get(round__tournament=tournament, third_place=True), "A")
    assert ended(tournament).champion_id is None


def play_out(tournament: Tournament) -> None:
    while pairings := in_play(tournament):
        play(pairings[0], "A")


def test_a_group_withdrawn_whole_sends_nobody_and_the_others_qualifiers_play_on(club):
    tournament = make_tournament(club, 8, "groups", groups_count=2, qualifiers_per_group=2,
                                 tables_count=4)
    services.tournament_start(tournament=tournament)
    group_a = list(tournament.entries.filter(group="A"))
    for entry in group_a:
        services.entry_withdraw(entry=entry)
    play_out(tournament)
    champion = ended(tournament).champion
    assert champion is not None and champion.group == "B"


def test_a_group_stage_with_one_partnership_left_tells_the_organiser_and_ends_by_hand(club):
    tournament = make_tournament(club, 5, "groups", groups_count=1, qualifiers_per_group=2,
                                 tables_count=2)
    services.tournament_start(tournament=tournament)
    entries = list(tournament.entries.order_by("pk"))
    for entry in entries[:-1]:
        services.entry_withdraw(entry=entry)
    play_out(tournament)
    tournament.refresh_from_db()
    assert tournament.draw_problem.startswith("Fewer than two partnerships are left")
    services.tournament_finish(tournament=tournament)
    assert ended(tournament).champion_id == entries[-1].pk


def test_a_group_withdrawals_left_short_takes_no_place_from_the_other_groups(club):
    """Four groups of three, two qualify from each; two of group C withdraw: C sends its one,
    A, B and D still send two each (the seven through; the best group winner has the bye).
    Before, C's shortage cut every group to one qualifier."""
    tournament = make_tournament(club, 12, "groups", groups_count=4, qualifiers_per_group=2,
                                 tables_count=6, auto_advance=True)
    services.tournament_start(tournament=tournament)
    for entry in list(tournament.entries.filter(group="C"))[:2]:
        services.entry_withdraw(entry=entry)
    while in_play(tournament) and in_play(tournament)[0].round.stage == "groups":
        for pairing in in_play(tournament):
            play(pairing, "A")
    knockout = Pairing.objects.filter(round__tournament=tournament, round__stage="knockout")
    through = {e for p in knockout for e in (p.a, p.b) if e is not None}
    assert len(through) == 7 and sum(p.is_bye for p in knockout) == 1
    assert sorted(e.group for e in through) == ["A", "A", "B", "B", "C", "D", "D"]
    assert not any(e.withdrawn for e in through)
