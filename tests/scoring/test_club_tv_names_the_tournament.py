"""The club TV names each tournament table by its tournament (a friendly by its format), whole
on up to two lines of its tile, a longer name shortened after a whole word (a long dealer's name is
sent whole); a name on two lines marks its tile (long-note); the game sets won show
beside each side's score, never in a note that an ellipsis may cut. Tournament tables cost the
TV no more queries."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import presenters, tv
from tests.conftest import make_match, make_partnership
from tests.scoring.test_club_tv_query_budget import TV_BUDGET
from tests.scoring.test_club_tv_shows_every_table import tiles, tv_page
from tests.scoring.test_live_pages import record
from tests.tournaments.helpers import in_play
from tests.tournaments.public_helpers import swiss
from tournaments.models import Tournament

EVENT = "Grande Torneio de Sueca de Natal do Café Central"
LONGER = "Grande Torneio de Sueca de Natal do Café Central e da Junta de Freguesia"


def test_a_tournament_table_is_named_by_its_whole_tournament_on_two_lines(client, club, match):
    tournament = swiss(club, size=4, rounds=2)
    Tournament.objects.filter(pk=tournament.pk).update(name=EVENT)
    html = tv_page(client, club)
    tables = [str(pairing.match_id) for pairing in in_play(tournament)]
    assert tiles(html) == [*tables, str(match.pk)]  # the tournament's tables, then friendlies
    assert (f'<span class="tv-where"><span class="tv-table">Table 1</span> '
            f'<span class="tv-note">{EVENT}</span></span>' in html)
    assert html.count('<li class="tv-tile long-note"') == 2
    assert '<span class="tv-where"><span class="tv-note">First to 4 games</span></span>' in html
    assert html.count('<li class="tv-tile"') == 1  # the friendly's note holds on one line


def test_a_name_longer_than_two_lines_is_shortened_after_a_word(client, club):
    tournament = swiss(club, size=4, rounds=2)
    Tournament.objects.filter(pk=tournament.pk).update(name=LONGER)
    assert ('<span class="tv-note">Grande Torneio de Sueca de Natal do Café…</span>'
            in tv_page(client, club))


def test_a_long_dealer_name_is_sent_whole_for_the_screen_to_cut_only_where_it_lacks_room(
        client, club):
    a = make_partnership(club, "Maria da Conceição Vasconcelos Albuquerque", "Rita Sousa")
    make_match(club, a, make_partnership(club, "Teresa Lopes", "Hugo Reis"))  # seat 0 deals
    assert ('<span class="gives-way">Maria da Conceição Vasconcelos Albuquerque</span> deals'
            in tv_page(client, club))


def test_names_are_cut_after_a_whole_word_and_only_when_too_long():
    assert presenters.shortened("Taça de Natal", 16) == "Taça de Natal"
    assert presenters.shortened(EVENT, tv.NOTE_CHARS) == EVENT
    assert presenters.shortened(EVENT, 16) == "Grande Torneio…"
    assert presenters.shortened("Torneio - Verão de 2026", 11) == "Torneio…"
    assert presenters.shortened("Vasconcelos-Albuquerque", 12) == "Vasconcelos…"  # one word


def test_the_game_sets_show_beside_each_side_s_score(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, fmt={"type": "partidas", "target": 4, "to_win": 2})
    record(match, {"points": [120, 0], "flag": "A"}, {"points": [95, 25]})
    html = tv_page(client, club)
    assert ('<span class="tv-sets"><span class="sr-only">Game sets </span>1</span>'
            '<span class="tv-score">2</span>') in html  # a set won, 2 games in the next one
    assert '<span class="tv-note">First to 2 game sets of 4 games</span>' in html
    assert '<li class="tv-tile long-note' in html  # 31 letters: a second line, maybe


def test_tournament_tables_cost_the_tv_no_more_queries(client, club, match):
    swiss(club, size=8, rounds=2)
    with CaptureQueriesContext(connection) as queries:
        tv_page(client, club)
    assert len(queries) == TV_BUDGET
