"""The bracket fills in a round not drawn yet as results come: a bye's holder and a finished
match's winner show in their next slot at once, where the draw will then put them; on the
bracket page, the TV and the printed poster alike (all three take presenters.bracket)."""

import shutil
import subprocess
from html import escape

import pytest

from tests.conftest import NO_PDFTOTEXT
from tests.tournaments.helpers import in_play, make_tournament, play
from tests.tournaments.public_helpers import knockout_of_13
from tournaments import bracket_ahead, presenters, selectors, services
from tournaments.models import Pairing, Round
from tournaments.printing import layout, printables


def bracket_of(tournament):
    knockout = selectors.pairings(tournament).filter(round__stage=Round.Stage.KNOCKOUT)
    return presenters.bracket(tournament, presenters.lines(tournament, knockout))


def placed(column) -> list[tuple]:
    return [(slot.a, slot.b) if slot else (None, None) for slot in column.lines]


def name_of(entry) -> str:
    return entry.partnership.display_name


def test_the_bye_holders_are_in_the_quarter_finals_from_the_start(club):
    tournament = knockout_of_13(club)
    byes = selectors.pairings(tournament).filter(b=None)
    quarters = bracket_of(tournament).columns[1]
    assert not quarters.drawn and len(byes) == 3
    for bye in byes:
        assert placed(quarters)[bye.slot // 2][bye.slot % 2] == name_of(bye.a)


def test_a_winner_moves_on_as_soon_as_the_match_ends(client, club):
    tournament = knockout_of_13(club)
    pairing = in_play(tournament)[0]
    play(pairing, "B")
    assert tournament.rounds.count() == 1  # the quarter-finals are not drawn yet
    pairing.refresh_from_db()
    winner = name_of(pairing.b)
    assert winner in placed(bracket_of(tournament).columns[1])[pairing.slot // 2]
    for page in ("bracket/", "tv/?i=2"):  # the bracket page and the TV's bracket screen
        html = client.get(f"/t/{tournament.slug}/{page}").content.decode()
        quarters = html[html.index("<h3>Quarter-finals</h3>"):html.index("<h3>Semi-finals</h3>")]
        assert f'<span class="bm-side through"><span class="name" title="{escape(winner)}">' in (
            quarters), page


def test_the_draw_puts_everyone_where_the_bracket_showed_them(club):
    tournament = knockout_of_13(club)
    while len(in_play(tournament)) > 1:
        play(in_play(tournament)[0])
    before = placed(bracket_of(tournament).columns[1])  # all but one of the round of 16 known
    last = in_play(tournament)[0]
    play(last, "B")
    quarters = bracket_of(tournament).columns[1]
    assert quarters.drawn  # the round of 16 is over: the quarter-finals are drawn
    drawn = [(line.a, line.b) for line in quarters.lines]
    assert before.count((None, None)) == 0 and sum(None in pair for pair in before) == 1
    for (a, b), (drawn_a, drawn_b) in zip(before, drawn, strict=True):
        assert a in (None, drawn_a) and b in (None, drawn_b)


def test_the_semi_final_losers_fill_in_the_third_place_match(club):
    tournament = make_tournament(club, 4, "knockout", third_place=True, tables_count=2)
    services.tournament_start(tournament=tournament)
    semi = in_play(tournament)[0]
    play(semi, "A")
    semi.refresh_from_db()
    shown = bracket_of(tournament)
    assert shown.third_pending and shown.third == bracket_ahead.Awaiting(
        a=name_of(semi.b), b=None)
    assert placed(shown.columns[1]) == [(name_of(semi.a), None)]


def test_a_knockout_drawn_afresh_each_round_fills_in_nothing(club):
    tournament = knockout_of_13(club, draw="redraw")
    play(in_play(tournament)[0])
    assert placed(bracket_of(tournament).columns[1]) == [(None, None)] * 4


def test_a_slot_with_both_sides_known_says_when_it_plays_not_that_it_is_undrawn(client, club):
    tournament = knockout_of_13(club)
    while len(in_play(tournament)) > 1:
        play(in_play(tournament)[0])  # every quarter-final but one has both its sides
    html = client.get(f"/t/{tournament.slug}/bracket/").content.decode()
    quarters = html[html.index("<h3>Quarter-finals</h3>"):html.index("<h3>Semi-finals</h3>")]
    assert quarters.count("Plays when the round before ends") == 3
    assert quarters.count("Not drawn yet") == 1


def test_walkovers_and_withdrawals_send_their_winner_on_and_a_double_forfeit_nobody(club):
    tournament = make_tournament(club, 8, "knockout", tables_count=4)
    services.tournament_start(tournament=tournament)
    first, second, third, fourth = Pairing.objects.filter(
        round__tournament=tournament).order_by("slot")
    play(fourth, "A")
    services.pairing_walkover(pairing=first, present="B")
    services.pairing_walkover(pairing=third, present="-")  # fourth's winner: a bye
    shown = bracket_of(tournament)
    before = placed(shown.columns[1])
    assert before == [(name_of(first.b), None), (name_of(fourth.a), None)]
    assert shown.columns[1].lines[1].bye
    assert placed(shown.columns[2]) == [(None, name_of(fourth.a))]  # the bye carries it on

    services.entry_withdraw(entry=second.a)  # the last of the quarter-finals
    semis = bracket_of(tournament).columns[1]
    assert semis.drawn
    assert [(line.a, None if line.is_bye else line.b) for line in semis.lines] == [
        (name_of(first.b), name_of(second.b)), (name_of(fourth.a), None)]


def poster(tournament) -> layout.Bracket:
    [bracket] = [block for block in printables.bracket_document(tournament).pages[-1].blocks
                 if isinstance(block, layout.Bracket)]
    return bracket


def poster_text(tournament) -> str:
    text = subprocess.run(["pdftotext", "-raw", "-", "-"], capture_output=True, check=True,
                          input=printables.bracket_pdf(tournament)).stdout.decode()
    return " ".join(text.split())


def test_the_poster_writes_a_winner_into_the_next_round_before_it_is_drawn(club):
    tournament = knockout_of_13(club)
    pairing = in_play(tournament)[0]
    play(pairing, "B")
    pairing.refresh_from_db()
    quarter = poster(tournament).rounds[1].boxes[pairing.slot // 2]
    assert quarter.sides[pairing.slot % 2] == layout.Side(name_of(pairing.b))


@pytest.mark.skipif(not shutil.which("pdftotext"), reason=NO_PDFTOTEXT)
def test_the_printed_poster_names_the_winner_twice_its_match_and_its_next_one(club):
    tournament = knockout_of_13(club)
    pairing = in_play(tournament)[0]
    assert poster_text(tournament).count(name_of(pairing.a)) == 1
    play(pairing, "A")
    assert poster_text(tournament).count(name_of(pairing.a)) == 2


def test_the_poster_has_the_third_place_match_while_the_semi_finals_are_played(club):
    tournament = make_tournament(club, 4, "knockout", third_place=True, tables_count=2)
    services.tournament_start(tournament=tournament)
    printed = poster(tournament)
    assert printed.third == layout.Box() and printed.third_title == "Third-place match"
    semi = in_play(tournament)[0]
    play(semi, "A")
    semi.refresh_from_db()
    assert poster(tournament).third == layout.Box((layout.Side(name_of(semi.b)), layout.Side()))


@pytest.mark.skipif(not shutil.which("pdftotext"), reason=NO_PDFTOTEXT)
def test_the_printed_poster_has_the_third_place_match_from_the_start(club):
    tournament = make_tournament(club, 4, "knockout", third_place=True, tables_count=2)
    services.tournament_start(tournament=tournament)
    assert poster_text(tournament).endswith("Final Third-place match")
    semi = in_play(tournament)[0]
    play(semi, "A")
    semi.refresh_from_db()
    assert poster_text(tournament).endswith(
        f"Final {name_of(semi.a)} Third-place match {name_of(semi.b)}")
