"""The round status board says who has no match in the current round, as the tournament
page and the TV do: a round robin's sit-out (a group's, named with its group) and a Swiss's
bye, read with the board (sit_outs), where the board named neither."""

import html as markup

import pytest

from tests.tournaments.helpers import make_tournament
from tests.tournaments.test_pages_say_who_sits_out_and_what_the_lot_decided import (
    FIRST_TO_2,
    groups_of_three,
    manage_url,
    playing,
    round_robin,
    sits_out,
)
from tournaments import services
from tournaments.models import Entry, Pairing

pytestmark = pytest.mark.django_db


def board(client, tournament) -> str:
    return client.get(manage_url(tournament) + "board/").content.decode()


def test_the_board_names_who_sits_out_each_group_as_the_tournament_page(organiser_client,
                                                                         club):
    tournament, expected = groups_of_three(club)
    assert sorted(sits_out(board(organiser_client, tournament))[0].split(", ")) == expected
    assert (sits_out(board(organiser_client, tournament))
            == sits_out(organiser_client.get(manage_url(tournament)).content.decode()))


def test_the_board_names_who_sits_out_a_round_robins_round(organiser_client, club):
    tournament = round_robin(club, 5)
    [idle] = [e.partnership.display_name for e in Entry.objects.filter(tournament=tournament)
              if e.partnership.display_name not in playing(tournament, 1)]
    assert sits_out(board(organiser_client, tournament)) == [idle]


def test_the_board_names_a_swiss_rounds_bye(organiser_client, club):
    tournament = make_tournament(club, 5, "rounds", fmt=FIRST_TO_2, pairing="swiss",
                                 rounds_count=3, tables_count=2)
    services.tournament_start(tournament=tournament)
    bye = Pairing.objects.select_related("a__partnership").get(round__tournament=tournament,
                                                               b=None)
    html = markup.unescape(board(organiser_client, tournament))
    assert f'<p class="sits-out">Bye: {bye.a.partnership.display_name}</p>' in html
    assert "Sits out" not in html


def test_an_even_field_has_no_line(organiser_client, club):
    html = board(organiser_client, round_robin(club, 4))
    assert "Sits out" not in html and "Bye:" not in html
