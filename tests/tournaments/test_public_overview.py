"""/t/<slug>/: what the tournament is, where it stands, and the current round's tables."""

from html import escape

import pytest

from tests.conftest import make_club
from tests.tournaments.helpers import make_tournament, play_to_the_end
from tests.tournaments.public_helpers import (
    groups_of_12,
    knockout_of_13,
    play_matches,
    play_rounds,
    swiss,
)
from tournaments.models import Tournament


def page(client, tournament, path="") -> str:
    response = client.get(f"/t/{tournament.slug}/{path}")
    assert response.status_code == 200
    return response.content.decode()


def test_the_overview_of_a_knockout_shows_its_structure_and_the_round_in_play(client, club):
    tournament = knockout_of_13(club, place="Café Central", third_place=True)
    play_matches(tournament, 2)
    html = page(client, tournament)
    assert "<html" in html and "Torneio knockout 13" in html and "Café Central" in html
    assert "Knockout; random draw; with a third-place match" in html
    assert "First to 4 games" in html and "In play" in html
    assert "<h2>Round of 16</h2>" in html and "2 of 5 matches finished" in html
    assert "Table 1" in html and html.count("Bye: goes through without playing") == 3
    for path in ("bracket/", "standings/", "rounds/1/", "results/", "tv/"):
        assert f'href="/t/{tournament.slug}/{path}"' in html
    assert f'href="/t/{tournament.slug}/groups/"' not in html


def test_the_overview_of_groups_then_knockout_says_who_goes_through(client, club):
    tournament = groups_of_12(club)
    html = page(client, tournament)
    assert "4 groups, then the top 2 of each into a knockout" in html
    assert "Group stage, round 1" in html and "Group A" in html
    assert f'href="/t/{tournament.slug}/groups/"' in html


def test_the_overview_of_a_swiss_shows_rounds_deals_and_standing_points(client, club):
    tournament = swiss(club)
    play_rounds(tournament, 1)
    html = page(client, tournament)
    assert "Swiss, 4 rounds" in html and "8 deals" in html
    assert "Win 3, draw 2, loss 1, no-show 0 points" in html
    assert "<h2>Round 2</h2>" in html
    assert f'href="/t/{tournament.slug}/bracket/"' not in html


def test_a_finished_tournament_names_its_champion_and_stops_polling(client, club):
    tournament = knockout_of_13(club)
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    html = page(client, tournament)
    assert "Finished" in html
    assert f"Champion: <strong>{escape(tournament.champion.partnership.display_name)}" in html
    assert "hx-trigger" not in html


def test_a_final_neither_came_to_leaves_no_champion_and_the_places_from_third(client, club):
    from tests.tournaments.helpers import final_neither_came

    tournament, final, third = final_neither_came(club)
    html = page(client, tournament)
    assert "Final placings" in html and "Final: neither partnership came" in html
    finalists = sorted([final.a.partnership.display_name, final.b.partnership.display_name])
    assert (f'<span class="place">2</span> <span class="who">{escape(", ".join(finalists))}'
            in html)
    winner = escape(third.a.partnership.display_name)
    assert f'<span class="place">3</span> <span class="who">{winner}<' in html


def test_a_tournament_in_registration_says_the_draw_is_to_come(client, club):
    tournament = make_tournament(club, 4)
    html = page(client, tournament)
    assert "Registration" in html and "The first round is drawn when the tournament starts." in html


def test_an_unknown_tournament_is_a_404(client, db):
    assert client.get("/t/no-such-event/").status_code == 404


def test_a_tournament_links_to_its_overview(club):
    tournament = make_tournament(club, 2)
    assert tournament.get_absolute_url() == f"/t/{tournament.slug}/"


@pytest.mark.parametrize("build", [knockout_of_13, groups_of_12, swiss])
def test_every_page_of_every_structure_renders(client, organiser, build):
    tournament = build(make_club("clube", organiser))
    play_matches(tournament, 3)
    for path in ("", "bracket/", "groups/", "standings/", "rounds/1/", "results/", "tv/",
                 "tv/?i=1", "tv/?i=2", "tv/?i=3"):
        assert client.get(f"/t/{tournament.slug}/{path}").status_code == 200, path
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING


def test_the_overview_counts_a_withdrawal_where_the_field_shrank_without_a_word(
        client, club, organiser):
    from tournaments import services

    tournament = knockout_of_13(club)
    assert "<dt>Partnerships</dt><dd>13</dd>" in page(client, tournament)
    services.entry_withdraw(entry=tournament.entries.order_by("pk").last(), by=organiser)
    assert "<dt>Partnerships</dt><dd>12 playing (1 withdrew)</dd>" in page(client, tournament)
