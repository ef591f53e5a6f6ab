"""/t/<slug>/tv/: a dark, large screen that moves through the tournament's pages by itself."""

import html
import re

import pytest

from tests.tournaments.public_helpers import (
    HTMX,
    groups_of_12,
    knockout_of_13,
    play_rounds,
    swiss,
)


def screen(client, tournament, i, **headers) -> str:
    response = client.get(f"/t/{tournament.slug}/tv/?i={i}", headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def test_the_tv_is_a_dark_page_that_refreshes_without_javascript(client, club):
    tournament = swiss(club, size=4, rounds=2)
    html = screen(client, tournament, 0)
    assert '<body class="tv"' in html
    assert '<noscript><meta http-equiv="refresh" content="10;url=?i=1"></noscript>' in html
    assert f'hx-get="/t/{tournament.slug}/tv/?i=1" hx-trigger="every 10s"' in html
    assert "data-poll" in html


def test_a_swiss_tv_cycles_overview_round_and_standings(client, club):
    tournament = swiss(club, size=8, rounds=3)
    play_rounds(tournament, 1)
    overview, round_, standings = (screen(client, tournament, i, **HTMX) for i in range(3))
    assert "<html" not in overview and "1/3" in overview and "0 of 4 matches finished" in overview
    assert "2/3" in round_ and "<h2>Round 2</h2>" in round_ and "Table 1" in round_
    assert "3/3" in standings and "<h2>Standings</h2>" in standings
    assert "?i=0" in standings  # back to the start
    assert screen(client, tournament, 3, **HTMX).count("1/3") == 1


def headings(html: str) -> list[str]:
    table = html.split('<table class="tv-standings">')[1].split("</thead>")[0]
    return re.findall(r'<th scope="col"[^>]*>([^<]*)</th>', table)


@pytest.mark.parametrize(("chain", "shown"), [
    (["points", "card_points", "games_won", "buchholz", "lots"], ["Card points", "Games won"]),
    (["points", "head_to_head", "card_point_difference", "lots"], ["Card-point difference"]),
    (["points", "head_to_head", "lots"], ["Games won"]),  # nothing to show: games won
])
def test_the_tvs_standings_show_what_ranks_those_level_on_points(client, club, chain, shown):
    tournament = swiss(club, size=8, rounds=3, tie_breaks=chain)
    play_rounds(tournament, 1)
    assert headings(screen(client, tournament, 2, **HTMX)) == [
        "#", "Partnership", "Points", *shown, "Played"]


def test_a_knockout_tv_shows_the_bracket(client, club):
    tournament = knockout_of_13(club)
    html = screen(client, tournament, 2, **HTMX)
    assert "<h2>Bracket · part 1 of 2</h2>" in html and "<h3>Round of 16</h3>" in html


def test_a_double_elimination_tv_shows_both_brackets_each_on_its_own_screen(client, club):
    from tests.tournaments.test_double_elimination_events import make_event

    tournament = make_event(club, 5)
    screens = [screen(client, tournament, i, **HTMX) for i in range(5)]
    brackets = [html for html in screens if "<h2>Bracket</h2>" in html]
    assert len(brackets) == 3 and "Winners' bracket" in brackets[0]
    assert "Losers' bracket" in brackets[1] and "Grand final" in brackets[2]


def test_a_double_elimination_tv_overview_names_every_round_in_play(client, club):
    from tests.tournaments.helpers import in_play, play
    from tests.tournaments.test_double_elimination_events import make_event

    tournament = make_event(club, 8)
    for pairing in in_play(tournament):
        play(pairing, "A")  # the winners' round 2 and the losers' round 1 are drawn
    overview = html.unescape(screen(client, tournament, 0, **HTMX))
    assert "In play · Losers' round 1" in overview
    assert "Still in play: Winners' round 2" in overview
    for pairing in in_play(tournament):
        if pairing.round.number == 2:
            play(pairing, "A")  # the winners' round 2 is over, the losers' round 2 drawn
    overview = html.unescape(screen(client, tournament, 0, **HTMX))
    assert "Still in play: Losers' round 1" in overview and "Winners' round 2" not in overview


def test_a_groups_tv_shows_the_groups_then_the_bracket_too(client, club):
    tournament = groups_of_12(club)
    assert "Group A" in screen(client, tournament, 2, **HTMX)
    assert "Group C" in screen(client, tournament, 3, **HTMX)  # two groups a screen
    assert "1/4" in screen(client, tournament, 4, **HTMX)
    play_rounds(tournament, 3)
    assert "Quarter-finals" in screen(client, tournament, 4, **HTMX)


def test_the_tv_counts_the_withdrawn_as_the_overview_does(client, club, organiser):
    from tournaments import services

    tournament = knockout_of_13(club)
    for entry in tournament.entries.order_by("-pk")[:3]:
        services.entry_withdraw(entry=entry, by=organiser)
    assert "10 playing (3 withdrew)" in client.get(f"/t/{tournament.slug}/").content.decode()
    tv = screen(client, tournament, 0)
    assert "10 playing (3 withdrew)" in tv and "10 partnerships" not in tv


def test_the_tv_ignores_a_bad_index(client, club):
    tournament = swiss(club, size=4, rounds=2)
    assert "1/3" in screen(client, tournament, "x")


def test_the_tvs_first_screen_shows_the_results_of_the_round(client, club):
    from tests.tournaments.helpers import in_play, play

    tournament = knockout_of_13(club)
    assert "Results of this round" not in screen(client, tournament, 0, **HTMX)  # byes alone
    first = in_play(tournament)[0]
    play(first, "A")
    overview = html.unescape(screen(client, tournament, 0, **HTMX))
    assert "tv-overview" in overview and "1 of 5 matches finished" in overview
    results = overview.split("Results of this round")[1]
    assert first.a.partnership.display_name in results and "Bye" not in results


def test_the_tvs_first_screen_shows_the_latest_three_results(client, club):
    """A row of them reads at 1280x720; all of a round's results were zoomed out to 0.6."""
    from tests.tournaments.helpers import in_play, play

    tournament = knockout_of_13(club)
    played = in_play(tournament)[:4]
    for pairing in played:
        play(pairing, "A")
    overview = html.unescape(screen(client, tournament, 0, **HTMX))
    assert "4 of 5 matches finished" in overview
    results = overview.split("Results of this round")[1]
    assert results.count("<li class=") == 3
    assert played[0].a.partnership.display_name not in results  # the first to end gave way
    assert all(pairing.a.partnership.display_name in results for pairing in played[1:])
