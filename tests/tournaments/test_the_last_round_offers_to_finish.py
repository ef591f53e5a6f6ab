"""Drawing by hand, the organiser whose last scheduled round (a Swiss's last, a knockout's
final) has ended is offered to finish the tournament, once, where the page offered "Draw the
next round" beside "Finish", and the draw then said "The next round is drawn." and "That was
the last round" together."""

from html import unescape

from django.contrib.messages import get_messages

from tests.tournaments.helpers import in_play, make_tournament, play
from tests.tournaments.public_helpers import swiss
from tournaments import services
from tournaments.models import Tournament

DRAW_NEXT = "Draw the next round"


def page(organiser_client, tournament) -> str:
    return unescape(organiser_client.get(
        f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/").content.decode())


def play_round(tournament) -> None:
    for pairing in in_play(tournament):
        play(pairing)


def draw_next(organiser_client, tournament) -> list[str]:
    response = organiser_client.post(
        f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/rounds/next/", follow=True)
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_a_swiss_offers_the_next_round_then_to_finish(organiser_client, club):
    tournament = swiss(club, size=4, rounds=2, auto_advance=False)
    play_round(tournament)
    assert DRAW_NEXT in page(organiser_client, tournament)
    assert draw_next(organiser_client, tournament) == ["The next round is drawn."]
    play_round(tournament)
    html = page(organiser_client, tournament)
    assert DRAW_NEXT not in html
    assert "Every match of the last round is finished." in html
    assert html.count("Finish the tournament") == 1
    assert draw_next(organiser_client, tournament) == [
        "That was the last round: the tournament is finished."]
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED


def test_a_knockouts_final_offers_to_finish(organiser_client, club):
    tournament = make_tournament(club, 4, "knockout", auto_advance=False, tables_count=2)
    services.tournament_start(tournament=tournament)
    play_round(tournament)
    assert draw_next(organiser_client, tournament) == ["The next round is drawn."]
    play_round(tournament)  # the final
    assert DRAW_NEXT not in page(organiser_client, tournament)
    assert draw_next(organiser_client, tournament) == [
        "That was the last round: the tournament is finished."]
