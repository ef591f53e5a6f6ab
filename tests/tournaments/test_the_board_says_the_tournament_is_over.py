"""The round status board of a finished tournament says it is over and who won, and that each
table shows the last match played on it, where it headed "Final · Finished" over tables still
showing group matches as if current."""

from tests.tournaments.helpers import make_tournament, play_to_the_end
from tournaments import services
from tournaments.models import Tournament


def test_a_finished_tournaments_board_says_it_is_over(organiser_client, club):
    tournament = make_tournament(club, 4, "knockout", tables_count=2)
    services.tournament_start(tournament=tournament)
    board = f"/manage/{club.slug}/tournaments/{tournament.slug}/board/"
    assert "The tournament is over" not in organiser_client.get(board).content.decode()
    play_to_the_end(tournament)
    tournament = Tournament.objects.get(pk=tournament.pk)
    champion = tournament.champion.partnership.display_name
    html = organiser_client.get(board).content.decode().replace("&amp;", "&")
    assert (f"The tournament is over: {champion} won it. Each table shows the last match "
            "played on it.") in html
