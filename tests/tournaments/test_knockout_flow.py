"""A knockout from the draw to its champion, with byes, tables and the third-place match."""

from tests.tournaments.helpers import make_tournament, play, play_to_the_end
from tournaments import services
from tournaments.models import Pairing, Round, Tournament


def test_thirteen_partnerships_play_to_a_champion_through_byes(club):
    tournament = make_tournament(club, 13, tables_count=4)
    services.tournament_start(tournament=tournament)
    first = Round.objects.get(tournament=tournament, number=1)
    assert first.code == "round_of_16"
    assert first.pairings.filter(b=None).count() == 3
    assert first.pairings.filter(b=None, finished=True).count() == 3
    assert Pairing.objects.exclude(match=None).count() == 4  # four tables, four matches started
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    final = Round.objects.get(tournament=tournament, code="final").pairings.get()
    assert tournament.champion_id == final.winner_id
    assert [r.code for r in tournament.rounds.order_by("number")] == [
        "round_of_16", "quarter_final", "semi_final", "final"]


def test_the_third_place_match_is_played_by_the_semi_final_losers(club):
    tournament = make_tournament(club, 8, third_place=True, tables_count=4)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    final_round = Round.objects.get(tournament=tournament, code="final")
    semis = Round.objects.get(tournament=tournament, code="semi_final").pairings.all()
    losers = {p.a_id if p.winner_id == p.b_id else p.b_id for p in semis}
    third = final_round.pairings.get(third_place=True)
    assert {third.a_id, third.b_id} == losers and third.finished


def test_a_waiting_match_takes_the_first_table_that_frees(club):
    tournament = make_tournament(club, 8, tables_count=2)
    services.tournament_start(tournament=tournament)
    started = list(Pairing.objects.exclude(match=None).order_by("slot"))
    assert len(started) == 2
    table = started[0].table
    play(started[0])
    table.link.refresh_from_db()
    waiting = Pairing.objects.get(round__number=1, slot=2)
    assert waiting.table == table and table.link.match_id == waiting.match_id
