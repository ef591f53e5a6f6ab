"""Every deal of a match on the referee page, the public scoreboard and the API; the saved
message and the undo screen say which deal."""

import re

from scoring import engine, services
from tests.conftest import make_match
from tests.scoring.test_referee_page import hidden_fields, save


def record(match, *deals):
    for number, deal in enumerate(deals):
        services.deal_record(match_id=match.pk, deal=engine.deal_from(deal), key=f"k{number}")


def rows(html: str) -> list[str]:
    """The tally's rows as text, cells joined by " ; " (a risco is a "|")."""
    body = html.split('class="card deal-tally"', 1)[1].split("</table>", 1)[0]
    return [" ; ".join(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip()
                       for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S))
            for row in re.findall(r"<tr class=\"kind-\w+\">(.*?)</tr>", body, re.S)]


def test_the_referee_page_lists_every_deal_with_dealer_points_games_and_riscos(client,
                                                                               referee_link):
    record(referee_link.match, {"points": [73, 47]}, {"revoke": "A"}, {"points": [60, 60]},
           {"points": [20, 100]})
    page = client.get(f"/r/{referee_link.token}/").content.decode()
    assert rows(page) == [
        "1 ; Ana Silva ; 73 - 47 ; A +1 game ; 1-0 | ·",
        "2 ; Duarte Lima ; — ; B +2 games revoke by A ; 1-2 | ||",
        "3 ; Bruno Costa ; 60 - 60 ; no games 60-60 ; 1-2 | ||",
        "4 ; Carla Dias ; 20 - 100 ; B +2 games ; 1-4 | ||||",
    ]


def test_carried_tie_games_and_a_flag_are_marked(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, preset="carry_ties",
                       fmt={"type": "first_to", "target": 10})
    record(match, {"points": [60, 60]}, {"points": [70, 50]}, {"points": [120, 0], "flag": "A"})
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert rows(page) == [
        "1 ; Ana Silva ; 60 - 60 ; no games 60-60 ; 0-0 · ·",
        "2 ; Duarte Lima ; 70 - 50 ; A +2 games 1 carried ; 2-0 || ·",
        "3 ; Bruno Costa ; 120 - 0 ; A +4 games flag ; 6-0 ||||| | ·",
    ]


def test_the_scoreboard_poll_carries_the_tally_within_its_query_budget(
        client, club, pair_a, pair_b, django_assert_max_num_queries):
    match = make_match(club, pair_a, pair_b, fmt={"type": "fixed_deals", "deals": 40})
    record(match, *([{"points": [70, 50]}] * 30))
    with django_assert_max_num_queries(3):
        page = client.get(f"/m/{match.pk}/", headers={"HX-Request": "true"}).content.decode()
    assert len(rows(page)) == 30


def test_the_api_carries_the_same_tally(client, referee_link):
    record(referee_link.match, {"points": [73, 47]}, {"points": [60, 60]}, {"revoke": "B"},
           {"points": [120, 0], "flag": "A"})
    body = client.get(f"/api/v1/matches/{referee_link.match_id}").json()
    assert body["tally"] == [
        {"number": 1, "dealer": "Ana Silva", "points": [73, 47], "games": [1, 0],
         "kind": "points", "carried": 0, "running": [1, 0], "revoke": None, "bonus": [0, 0],
         "partidas": [0, 0], "partida_games": [1, 0]},
        {"number": 2, "dealer": "Duarte Lima", "points": [60, 60], "games": [0, 0],
         "kind": "tie", "carried": 0, "running": [1, 0], "revoke": None, "bonus": [0, 0],
         "partidas": [0, 0], "partida_games": [1, 0]},
        {"number": 3, "dealer": "Bruno Costa", "points": [0, 0], "games": [2, 0],
         "kind": "revoke", "carried": 0, "running": [3, 0], "revoke": "B", "bonus": [0, 0],
         "partidas": [0, 0], "partida_games": [3, 0]},
        {"number": 4, "dealer": "Carla Dias", "points": [120, 0], "games": [4, 0],
         "kind": "flag", "carried": 0, "running": [7, 0], "revoke": None, "bonus": [0, 0],
         "partidas": [1, 0], "partida_games": [7, 0]},
    ]
    assert body["deals"] == [{"dealer": 0, "games": [1, 0]}, {"dealer": 3, "games": [0, 0]},
                             {"dealer": 2, "games": [2, 0]}, {"dealer": 1, "games": [4, 0]}]


def test_after_a_save_the_page_says_which_deal_was_saved_and_what_it_gave(client,
                                                                          referee_link):
    response, _ = save(client, referee_link, points=["73", ""])
    assert "Deal saved. Deal 1: 73-47, A +1 game." in response.content.decode()
    response, _ = save(client, referee_link, revoke="A")
    assert "Deal saved. Deal 2: revoke by A, B +2 games." in response.content.decode()


def test_the_undo_screen_names_the_deal_it_takes_back(client, referee_link):
    save(client, referee_link, points=["73", ""])
    save(client, referee_link, points=["40", ""])
    page = client.get(f"/r/{referee_link.token}/undo/").content.decode()
    assert "Undo deal 2: 40-80?" in page
    assert "B +1 game" in page
    assert hidden_fields(page)["key"]


def test_a_level_match_of_fixed_deals_is_told_on_saving_that_it_deals_on(client, club, pair_a,
                                                                         pair_b):
    match = make_match(club, pair_a, pair_b,
                       fmt={"type": "fixed_deals", "deals": 2, "extra_deals": True})
    record(match, {"points": [70, 50]})
    response, _ = save(client, match.referee_links.get(), points=["50", ""])
    assert ("Deal saved. Deal 2: 50-70, B +1 game — Level after 2 deals: play an extra deal."
            in response.content.decode())


def test_a_points_match_scores_card_points_on_the_board_the_tally_and_the_save(client, club,
                                                                               pair_a, pair_b):
    """The points format ("Sueca de pontos") has no games: the board's big numbers, the tally's
    totals and the saved message are card points, a revoke's 120 with them."""
    match = make_match(club, pair_a, pair_b, fmt={"type": "points", "target": 200})
    record(match, {"points": [120, 0], "flag": "A"}, {"points": [60, 60]})
    response, _ = save(client, match.referee_links.get(), revoke="B")
    page = response.content.decode()
    assert "Deal saved. Deal 3: revoke by B, A +120 points." in page
    assert rows(page) == [
        "1 ; Ana Silva ; 120 - 0 ; 120-0",
        "2 ; Duarte Lima ; 60 - 60 ; 180-60",
        "3 ; Bruno Costa ; 120 - 0 revoke by B ; 300-60",
    ]
    board = client.get(f"/m/{match.pk}/").content.decode()
    assert re.findall(r'class="games" data-board-points>(\d+)<', board) == ["300", "60"]
    assert "data-board-games" not in board and "no games" not in board
