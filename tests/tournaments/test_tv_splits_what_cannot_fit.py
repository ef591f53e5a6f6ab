"""/t/<slug>/tv/: a TV cannot scroll, so the cycle shares what one screen cannot hold among
several: a double elimination's winners' bracket, losers' bracket and grand final each on a
screen of their own, the groups TV_GROUPS a screen, the standings TV_STANDINGS_ROWS a screen,
shared evenly."""

import re

from tests.tournaments.helpers import make_tournament
from tests.tournaments.public_helpers import play_rounds, swiss
from tests.tournaments.test_double_elimination_events import make_event
from tournaments import services
from tournaments.views.public import TV_GROUPS


def screen(client, tournament, i: int) -> str:
    response = client.get(f"/t/{tournament.slug}/tv/?i={i}")
    assert response.status_code == 200
    return response.content.decode()


def cycle(client, tournament) -> list[str]:
    first = screen(client, tournament, 0)
    count = int(re.search(r"· 1/(\d+)", first).group(1))
    return [first] + [screen(client, tournament, i) for i in range(1, count)]


def kinds(pages: list[str]) -> list[str]:
    return [re.search(r'data-screen="(\w+)"', page).group(1) for page in pages]


def test_a_double_elimination_shows_its_losers_bracket_and_grand_final_on_screens_of_their_own(
        client, club):
    pages = cycle(client, make_event(club, 16, tables_count=8))
    assert kinds(pages) == ["overview", "round", "winners", "winners", "winners", "losers",
                            "losers", "grand_final"]
    winners, _second_half, _rest, losers, _later_losers, final = pages[2:]
    assert "<h3>Winners' bracket</h3>" in winners and "Losers&#x27; round 1" not in winners
    assert "<h3>Losers' bracket</h3>" in losers and "Winners&#x27; round 1" not in losers
    assert "Losers&#x27; round 1" in losers and "Winners&#x27; round 1" in winners
    assert "Grand final" in final and "Losers&#x27; round 1" not in final
    assert "?i=0" in final  # and round again


def test_a_double_eliminations_winners_bracket_of_eight_matches_takes_two_halves_and_the_rest(
        client, club):
    pages = cycle(client, make_event(club, 16, tables_count=8))
    first, second, rest = pages[2:5]
    assert "Bracket · part 1 of 2" in first and "Bracket · part 2 of 2" in second
    assert [re.findall(r"W1-\d+", page)[:1] for page in (first, second)] == [["W1-1"], ["W1-5"]]
    assert "W1-5" not in first and "W1-4" not in second and "W1-" not in rest
    assert "W3-1" in rest and "W4-1" in rest


def test_a_losers_bracket_of_six_rounds_takes_two_screens_of_three(client, club):
    pages = cycle(client, make_event(club, 16, tables_count=8))
    first, second = (page for page in pages if 'data-screen="losers"' in page)
    assert re.findall(r"<h4>Losers&#x27; round (\d)</h4>", first) == ["1", "2", "3"]
    assert re.findall(r"<h4>Losers&#x27; round (\d)</h4>", second) == ["4", "5", "6"]
    assert "tv-bracket rows-4 cols-3" in first and "tv-bracket rows-2 cols-3" in second


def test_eight_groups_take_four_screens_of_two(client, club):
    tournament = make_tournament(club, 24, "groups", groups_count=8, qualifiers_per_group=1,
                                 tables_count=12)
    services.tournament_start(tournament=tournament)
    pages = cycle(client, tournament)
    assert kinds(pages) == ["overview", "round", "groups", "groups", "groups", "groups"]
    shown = [re.findall(r"<h2>Group (\w)</h2>", page) for page in pages[2:]]
    assert shown == [list("AB"), list("CD"), list("EF"), list("GH")] and TV_GROUPS == 2
    assert all("tv-table-screen rows-10" in page for page in pages[2:])  # 2 x (heading, 3 rows)


def test_five_groups_are_shared_two_two_and_one(client, club):
    tournament = make_tournament(club, 15, "groups", groups_count=5, qualifiers_per_group=1,
                                 tables_count=8)
    services.tournament_start(tournament=tournament)
    pages = cycle(client, tournament)
    assert [re.findall(r"<h2>Group (\w)</h2>", page) for page in pages[2:]] == [
        list("AB"), list("CD"), list("E")]


def test_sixteen_partnerships_standings_are_shared_eight_and_eight(client, club):
    tournament = swiss(club, size=16, rounds=3)
    play_rounds(tournament, 1)
    pages = cycle(client, tournament)
    standings = [page for page in pages if 'data-screen="standings"' in page]
    assert [page.count("<tr>") - 1 for page in standings] == [8, 8]  # not 12 and 4
    assert all("tv-table-screen rows-8" in page for page in standings)
