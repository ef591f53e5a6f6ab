"""A knockout's final winner that withdraws while the third-place match is still in play is not
crowned (a withdrawn partnership never advances, RULES.md): its opponent in the final is.
Found by tests/tournaments/test_whole_events.py on a random event."""

from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import services
from tournaments.models import Entry, Tournament


def test_the_final_s_loser_is_champion_when_its_winner_withdrew_before_the_end(club):
    tournament = make_tournament(club, 4, tables_count=2, third_place=True)
    services.tournament_start(tournament=tournament)
    for semi_final in in_play(tournament):
        play(semi_final, "A")
    final, third_place = sorted(in_play(tournament), key=lambda pairing: pairing.third_place)
    assert not final.third_place and third_place.third_place
    play(final, "A")
    final.refresh_from_db()
    services.entry_withdraw(entry=Entry.objects.get(pk=final.winner_id))
    play(third_place, "A")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == final.b_id


def test_the_final_s_winner_is_champion_otherwise(club):
    tournament = make_tournament(club, 4, tables_count=2, third_place=True)
    services.tournament_start(tournament=tournament)
    for _ in range(4):
        play(in_play(tournament)[0], "A")
    tournament.refresh_from_db()
    final = tournament.rounds.get(code="final").pairings.get(third_place=False)
    assert tournament.champion_id == final.winner_id == final.a_id
