"""The bracket fills in a round not drawn yet as results come: a bye's holder and a finished
match's winner show in their next slot at once, where the draw will then put them."""

from html import escape

from tests.tournaments.helpers import in_play, make_tournament, play
from tests.tournaments.public_helpers import knockout_of_13
from tournaments import bracket_ahead, presenters, selectors, services
from tournaments.models import Round


def bracket_of(tournament):
    knockout = selectors.pairings(tournament).filter(round__stage=Round.Stage.KNOCKOUT)
    return bracket_ahead.filled(tournament, presenters.bracket(tournament,
                                                           presenters.lines(tournament, knockout)))


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
