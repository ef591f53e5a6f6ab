"""In game sets the paper tally says where each set ended ("Game set 1: B 4-1") and its total
and strokes restart with each set, as the board's do; they added up over the whole match
(rows read 2-4, 6-4, 6-5 while the board said 0-1)."""

import re

from scoring import selectors
from scoring.models import Match
from tests.conftest import make_match
from tests.tournaments.helpers import record

BEST_OF_THREE = {"type": "partidas", "to_win": 2, "target": 4}


def tally_rows(client, match) -> list[list[str]]:
    """Each row of the tally's table, its cells' text without tags."""
    page = client.get(f"/m/{match.pk}/").content.decode()
    body = page.split('<section class="card deal-tally">')[1].split("</tbody>")[0]
    return [[re.sub(r"<[^>]+>|\s+", " ", cell).strip()
             for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body.split("<tbody>")[1], re.S)]


def played(club, pair_a, pair_b, *points, preset="portugal"):
    match = make_match(club, pair_a, pair_b, preset=preset, fmt=BEST_OF_THREE)
    for deal in points:
        record(match, {"points": [deal, 120 - deal]})
    return Match.objects.get(pk=match.pk)


def test_each_set_ends_with_a_row_that_says_who_won_it_and_the_total_restarts(
        client, club, pair_a, pair_b):
    # B takes the first set 4-1, A the second 4-0; the third stands 0-1.
    match = played(club, pair_a, pair_b, 30, 73, 0, 30, 95, 95, 30)
    rows = tally_rows(client, match)
    assert [row[0] for row in rows] == ["1", "2", "3", "4", "Game set 1: B 4-1", "5", "6",
                                        "Game set 2: A 4-0", "7"]
    totals = [row[4].split(" ")[0] for row in rows if len(row) == 5]
    assert totals == ["0-1", "1-1", "1-3", "1-4", "2-0", "4-0", "0-1"]


def test_a_match_of_one_set_keeps_its_running_total_without_set_rows(client, match):
    for points in (95, 30, 95):
        record(match, {"points": [points, 120 - points]})
    assert [row.set_end for row in selectors.tally(Match.objects.get(pk=match.pk))] == [None] * 3


def test_the_strokes_restart_with_each_set(club, pair_a, pair_b):
    match = played(club, pair_a, pair_b, 0, 0, 95)
    rows = selectors.tally(match)
    assert [row.riscos for row in rows] == [("", "||"), ("", "||||"), ("||", "")]
    assert [row.running for row in rows][-1] == (2, 4)  # the match's games stay in the API


def test_a_set_won_with_carried_ties_names_its_games(club, pair_a, pair_b):
    match = played(club, pair_a, pair_b, 60, 60, 95, preset="carry_ties")
    [*_, last] = selectors.tally(match)
    assert (last.total, last.set_end.text) == ((4, 0), "Game set 1: A 4-0")



def test_the_organisers_deal_list_says_where_each_set_ended(organiser_client, club, pair_a,
                                                            pair_b):
    match = played(club, pair_a, pair_b, 30, 73, 0, 30, 95, 95, 30)
    page = organiser_client.get(f"/manage/matches/{match.pk}/").content.decode()
    deals = page.split('<table class="deal-list">')[1].split("</table>")[0]
    lines = [re.sub(r"<[^>]+>|\s+", " ", row).strip()
             for row in re.findall(r'<tr class="set-end">(.*?)</tr>', deals, re.S)]
    assert lines == ["Game set 1: B 4-1", "Game set 2: A 4-0"]
    assert deals.index("Game set 1") < deals.index(">5</td>")  # after deal 4, before deal 5


def test_a_revoke_that_costs_the_match_says_it_gave_every_set_still_needed(client, club, pair_a,
                                                                            pair_b):
    # first to 3 game sets: A's flag takes the first 4-0, then A revokes: B gets the match, 1-3
    match = make_match(club, pair_a, pair_b, preset="strict_revoke",
                       fmt={"type": "partidas", "to_win": 3, "target": 4})
    record(match, {"points": [120, 0], "flag": "A"})
    record(match, {"revoke": "A"})
    match = Match.objects.get(pk=match.pk)
    assert match.state["partidas"] == [1, 3]
    set_lines = [row[0] for row in tally_rows(client, match) if row[0].startswith("Game set")]
    assert set_lines == ["Game set 1: A 4-0", "Game set 2: B 4-0 · Revoke by A: B wins the "
                                                "game sets it still needed (3)"]
