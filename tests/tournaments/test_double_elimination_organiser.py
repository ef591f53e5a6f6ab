"""An organiser runs a double elimination from its pages: the tournament page and the board,
walkovers and withdrawals, no round to draw, finishing only once everything is played."""

import pytest

from tests.tournaments.helpers import in_play, play, play_to_the_end
from tests.tournaments.test_double_elimination_events import make_event, pairing_at
from tournaments.models import Action, Tournament

pytestmark = pytest.mark.django_db


def page(t: Tournament) -> str:
    return f"/manage/{t.club.slug}/tournaments/{t.slug}/"


def post(client, t: Tournament, action: str, data=None) -> str:
    return client.post(page(t) + action, data or {}, follow=True).content.decode()


def test_the_tournament_page_and_the_board_show_it_without_a_round_to_draw(organiser_client,
                                                                           club):
    tournament = make_event(club, 6)
    play(in_play(tournament)[0], "A")
    html = organiser_client.get(page(tournament)).content.decode()
    assert "Double elimination" in html and "Winners&#x27; round" in html
    assert "Draw the next round" not in html and "Draw this round again" not in html
    assert organiser_client.get(page(tournament) + "board/").status_code == 200
    assert "A double elimination draws no rounds" in post(organiser_client, tournament,
                                                          "rounds/next/")


def test_a_walkover_and_a_withdrawal_from_the_pages_move_the_bracket_on(organiser_client,
                                                                        club):
    tournament = make_event(club, 4)
    first = pairing_at(tournament, "W1-1")
    assert "Walkover to" in post(organiser_client, tournament,
                                      f"pairings/{first.pk}/walkover/", {"present": "B"})
    second = pairing_at(tournament, "W1-2")
    post(organiser_client, tournament, f"entries/{second.a_id}/withdraw/")
    assert pairing_at(tournament, "W1-2").winner_id == second.b_id
    assert pairing_at(tournament, "W2-1").b_id == second.b_id
    assert pairing_at(tournament, "L1-1").finished  # the withdrawn loser hands it over
    assert set(Action.objects.filter(tournament=tournament).values_list("kind", flat=True)) >= {
        Action.Kind.WALKOVER, Action.Kind.WITHDRAWAL}


def test_finishing_waits_for_the_last_match(organiser_client, club):
    tournament = make_event(club, 3)
    assert "matches still to finish" in post(organiser_client, tournament, "finish/")
    play_to_the_end(tournament)
    post(organiser_client, tournament, "finish/")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.champion_id
    assert Action.objects.filter(tournament=tournament, kind=Action.Kind.FINISH).exists()


def test_the_page_names_every_round_in_play_not_the_last_drawn_as_the_current(
        organiser_client, club):
    """With W1-2 still to play, "Current round: Winners' round 2" told the organiser the
    first round was over."""
    tournament = make_event(club, 8)
    play(pairing_at(tournament, "W1-1"), "A")
    play(pairing_at(tournament, "W1-2"), "A")
    html = organiser_client.get(page(tournament)).content.decode()
    assert "In play: Winners&#x27; round 1, Winners&#x27; round 2" in html
    assert "Current round" not in html
