"""/t/<slug>/bracket/: the knockout drawn as columns, byes and walkovers named, winners marked."""

from html import escape

from tests.tournaments.helpers import in_play, make_tournament, play_to_the_end
from tests.tournaments.public_helpers import (
    groups_of_12,
    knockout_of_13,
    play_matches,
    play_rounds,
    swiss,
)
from tournaments import services
from tournaments.models import Pairing


def bracket(client, tournament) -> str:
    response = client.get(f"/t/{tournament.slug}/bracket/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_knockout_of_13_shows_every_round_with_three_byes(client, club):
    tournament = knockout_of_13(club)
    play_matches(tournament, 2)
    html = bracket(client, tournament)
    titles = ["Round of 16", "Quarter-finals", "Semi-finals", "Final"]
    assert [html.index(f"<h3>{t}</h3>") for t in titles] == sorted(
        html.index(f"<h3>{t}</h3>") for t in titles)
    assert html.count('class="bm bye"') == 3
    # Rounds not drawn yet: every quarter-final already has a bye holder or a winner in it
    # (tests/tournaments/test_bracket_fills_in_known_winners.py)
    assert html.count('class="bm ahead"') == 4
    assert html.count('class="bm tbd"') == 2 + 1
    assert html.count('class="bracket-scroll"') == 1


def test_winners_are_marked_and_losers_are_not(client, club):
    tournament = knockout_of_13(club)
    play_matches(tournament, 2)
    html = bracket(client, tournament)
    decided = Pairing.objects.filter(round__tournament=tournament, finished=True)
    assert html.count('bm-side won"') == decided.count() == 5
    assert html.count('bm-side lost"') == 2
    for pairing in decided.exclude(b=None).select_related("winner__partnership__player_1",
                                                         "winner__partnership__player_2"):
        name = escape(pairing.winner.partnership.display_name)
        assert f'<span class="bm-side won"><span class="name" title="{name}">' in html


def test_a_match_in_play_shows_its_table_and_links_to_its_scoreboard(client, club):
    tournament = knockout_of_13(club)
    pairing = in_play(tournament)[0]
    html = bracket(client, tournament)
    assert f'href="/m/{pairing.match_id}/" class="bm playing"' in html
    assert f"In play · Table {pairing.table.number}" in html


def test_a_walkover_is_shown_as_such(client, club):
    tournament = knockout_of_13(club)
    services.pairing_walkover(pairing=in_play(tournament)[0], present="B")
    html = bracket(client, tournament)
    assert html.count('class="bm walkover"') == 1 and "Walkover (no-show)" in html


def test_the_third_place_match_and_the_champion_are_shown(client, club):
    tournament = make_tournament(club, 8, third_place=True, tables_count=4)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    html = bracket(client, tournament)
    third = Pairing.objects.select_related("a__partnership__player_1", "a__partnership__player_2").get(
        round__tournament=tournament, third_place=True)
    assert "Third-place match" in html
    assert escape(third.a.partnership.display_name) in html.split("Third-place match")[1]
    assert f"Champion: <strong>{escape(tournament.champion.partnership.display_name)}" in html
    assert 'class="bm tbd"' not in html


def test_the_third_place_match_waits_for_the_semi_finals(client, club):
    tournament = make_tournament(club, 8, third_place=True, tables_count=4)
    services.tournament_start(tournament=tournament)
    html = bracket(client, tournament)
    assert "Third-place match" in html.split('class="bracket-third"')[1]


def test_groups_then_knockout_draws_the_bracket_after_the_groups(client, club):
    tournament = groups_of_12(club)
    before = bracket(client, tournament)
    assert "The knockout is drawn when the group stage ends" in before
    assert 'class="bracket"' not in before
    play_rounds(tournament, 3)
    after = bracket(client, tournament)
    assert "<h3>Quarter-finals</h3>" in after and "Group stage" not in after
    assert after.count('class="bm playing"') + after.count('class="bm waiting"') == 4


def test_rounds_of_fixed_deals_have_no_bracket(client, club):
    tournament = swiss(club, size=4, rounds=2)
    assert "without a bracket" in bracket(client, tournament)
