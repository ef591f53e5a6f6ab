"""The public scoreboard's live region tells the score: after a deal the games (or card points,
and the game sets when they count) and who deals next; once the match ends, the result. It sits
outside what the poll replaces, opens empty, and the board's lines are not live regions."""

import re

from tests.conftest import make_match
from tests.scoring.test_live_pages import HTMX, record

REGION = '<p id="scoreboard-news" class="sr-only" role="status"></p>'


def news(client, match) -> str:
    """The words the poll brings for the live region (static/js/site.js puts them there)."""
    html = client.get(f"/m/{match.pk}/", headers=HTMX).content.decode()
    found = re.search(r'<p hidden data-news="scoreboard-news">(.*?)</p>', html, re.S)
    return " ".join(found[1].split())


def test_the_page_opens_with_one_empty_live_region_outside_the_polled_board(client, match):
    record(match, {"points": [95, 25]})
    html = client.get(f"/m/{match.pk}/").content.decode()
    board, after = html.split(REGION)
    assert board.rstrip().endswith("</noscript>\n</div>")  # after #scoreboard, which polls
    assert html.count('role="status"') == 1 and "aria-live" not in html
    assert 'data-news="scoreboard-news"' in board and "scoreboard-news" not in after


def test_a_poll_tells_the_games_then_who_deals_next(client, match):
    assert news(client, match) == "Games: A 0 – 0 B. Ana Silva deals next; Duarte Lima leads."
    record(match, {"points": [95, 25]})
    assert news(client, match) == "Games: A 2 – 0 B. Duarte Lima deals next; Bruno Costa leads."


def test_a_finished_match_tells_its_result_and_no_dealer(client, match):
    record(match, {"points": [95, 25]}, {"points": [0, 120], "flag": "B"})
    assert news(client, match) == "Games: A 2 – 4 B. Finished: B wins the match."


def test_game_sets_and_card_points_are_told_where_they_count(client, club, pair_a, pair_b):
    sets = make_match(club, pair_a, pair_b, fmt={"type": "partidas", "target": 4, "to_win": 2})
    record(sets, {"points": [120, 0], "flag": "A"})  # A wins the first set: the second at 0-0
    assert news(client, sets).startswith("Games: A 0 – 0 B · Game sets: A 1 – 0 B. ")
    record(sets, {"points": [20, 100]})  # the games of the set in play, not of the match
    assert news(client, sets).startswith("Games: A 0 – 2 B · Game sets: A 1 – 0 B. ")
    board = client.get(f"/m/{sets.pk}/").content.decode()  # the big numbers: the set in play
    assert re.findall(r"data-board-games[^>]*>(\d+)<", board) == ["0", "2"]
    points = make_match(club, pair_b, pair_a, fmt={"type": "points", "target": 500})
    record(points, {"points": [70, 50]})
    assert news(client, points).startswith("Card points: A 70 – 50 B. ")


def test_each_sides_big_number_says_it_counts_games(client, match):
    """A div's aria-label is not read: the number's word is visually hidden text beside it."""
    record(match, {"points": [95, 25]})
    board = client.get(f"/m/{match.pk}/").content.decode()
    games = re.findall(r'<div class="games"[^>]*>(.*?)</div>', board)
    assert [" ".join(re.sub(r"<[^>]+>", "", g).split()) for g in games] == ["Games: 2", "Games: 0"]
    assert 'class="games" aria-label' not in board
