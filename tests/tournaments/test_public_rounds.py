"""/t/<slug>/rounds/<n>/ and /t/<slug>/results/: pairings by table with live scores, results."""

import re
from html import escape

from tests.tournaments.helpers import in_play, record
from tests.tournaments.public_helpers import knockout_of_13, play_matches, play_rounds, swiss
from tournaments import services
from tournaments.models import Pairing


def html_of(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_a_round_lists_its_pairings_by_table_with_live_scores(client, club):
    tournament = knockout_of_13(club, tables_count=4)
    pairing = in_play(tournament)[1]
    record(pairing.match, {"points": [95, 25]})  # A wins 2 games
    html = html_of(client, f"/t/{tournament.slug}/rounds/1/")
    tables = [int(n) for n in re.findall(r"Table (\d+)</span>", html)]
    assert tables == [1, 2, 3, 4]
    card = html.split(f"Table {pairing.table.number}</span>")[1].split("</li>")[0]
    assert '<span class="g side-a">2</span>' in card and '<span class="g side-b">0</span>' in card
    assert "In play" in card and f'href="/m/{pairing.match_id}/"' in card
    assert html.count("Waiting for a table") == 1  # five matches, four tables
    assert html.count("Bye: goes through without playing") == 3


def test_a_walkover_is_shown_on_its_round(client, club):
    tournament = knockout_of_13(club)
    pairing = in_play(tournament)[0]
    services.pairing_walkover(pairing=pairing, present="A")
    html = html_of(client, f"/t/{tournament.slug}/rounds/1/")
    assert html.count('class="card pairing walkover"') == 1
    assert "Walkover (no-show)" in html


def test_rounds_link_to_the_round_before_and_after(client, club):
    tournament = swiss(club, size=8, rounds=3)
    play_rounds(tournament, 2)
    html = html_of(client, f"/t/{tournament.slug}/rounds/2/")
    assert f'href="/t/{tournament.slug}/rounds/1/" rel="prev"' in html
    assert f'href="/t/{tournament.slug}/rounds/3/" rel="next"' in html
    assert "<h2>Round 2</h2>" in html


def test_a_round_not_drawn_is_a_404(client, club):
    tournament = swiss(club, size=4, rounds=3)
    assert client.get(f"/t/{tournament.slug}/rounds/2/").status_code == 404
    assert client.get(f"/t/{tournament.slug}/rounds/0/").status_code == 404


def test_results_list_only_finished_matches_newest_round_first(client, club):
    tournament = swiss(club, size=8, rounds=3)
    play_rounds(tournament, 1)
    play_matches(tournament, 1)
    html = html_of(client, f"/t/{tournament.slug}/results/")
    assert html.index("Round 2") < html.index("Round 1")
    finished = Pairing.objects.filter(round__tournament=tournament, finished=True)
    assert html.count('class="card pairing finished"') == finished.count() == 5
    assert "In play" not in html
    playing = in_play(tournament)[0]
    assert escape(playing.match.a.display_name) not in html.split("Round 2")[1].split("Round 1")[0]


def test_results_say_so_before_any_match_ends(client, club):
    tournament = swiss(club, size=4, rounds=2)
    assert "No finished matches yet." in html_of(client, f"/t/{tournament.slug}/results/")


def test_a_swiss_bye_says_it_has_no_opponent_not_that_it_goes_through(client, organiser_client,
                                                                      club):
    tournament = swiss(club, size=7)
    html = html_of(client, f"/t/{tournament.slug}/rounds/1/")
    assert html.count("Bye: no opponent this round") == 1
    assert "goes through" not in html.lower()
    html = html_of(organiser_client, f"/manage/{club.slug}/tournaments/{tournament.slug}/")
    assert html.count("No opponent this round") == 1 and "Goes through" not in html
