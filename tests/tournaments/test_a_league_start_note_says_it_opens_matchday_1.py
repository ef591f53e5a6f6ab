"""Before a league starts, the note under "Start and open matchday 1" says what starting it
does: the whole season's fixtures drawn and matchday 1 opened, in each language, where it
said a knockout's "draws round 1". Other structures still draw round 1."""

import pytest

from tests.tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db


def tournament_page(client, tournament, language="en") -> str:
    return client.get(f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/",
                      HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_the_league_start_note_says_it_opens_matchday_1(organiser_client, club):
    league = make_tournament(club, 4, "league", legs=1)
    html = tournament_page(organiser_client, league)
    assert "draws the fixtures of the whole season and opens matchday 1." in html
    assert "round 1" not in html


@pytest.mark.parametrize(("language", "round_1"), [("pt-pt", "sorteia a ronda 1"),
                                                   ("pt-br", "sorteia a rodada 1")])
def test_the_league_start_note_draws_no_round_in_portuguese(organiser_client, club, language,
                                                            round_1):
    league = make_tournament(club, 4, "league", legs=1)
    assert round_1 not in tournament_page(organiser_client, league, language)


def test_a_knockout_start_note_still_draws_round_1(organiser_client, club):
    knockout = make_tournament(club, 4)
    assert "and draws round 1." in tournament_page(organiser_client, knockout)
