"""The round status board: every table live (waiting, no result yet, in play, finished)."""

import pytest

from tests.tournaments.helpers import make_tournament, play, record
from tournaments import services
from tournaments.models import Pairing, Table, Tournament


def board_url(t: Tournament) -> str:
    return f"/manage/{t.club.slug}/tournaments/{t.slug}/board/"


def statuses(response) -> dict[int, str]:
    return {s.table.number: s.status for s in response.context["tables"]}


@pytest.fixture
def tournament(club):
    """Four partnerships on three tables: two matches, one table left waiting."""
    tournament = make_tournament(club, 4, tables_count=3, auto_advance=False)
    services.tournament_start(tournament=tournament)
    return tournament


def pairings(t: Tournament) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=t).select_related("match", "table")
                .order_by("slot"))


def test_it_shows_every_table_waiting_in_play_finished_or_without_a_result(organiser_client,
                                                                           tournament):
    first, second = pairings(tournament)
    assert statuses(organiser_client.get(board_url(tournament))) == {
        first.table.number: "ready", second.table.number: "ready", 3: "waiting"}
    record(first.match, {"points": [95, 25]})
    play(second, "B")
    response = organiser_client.get(board_url(tournament))
    assert statuses(response) == {first.table.number: "playing",
                                  second.table.number: "finished", 3: "waiting"}
    body = response.content.decode()
    assert "In play" in body and "Finished" in body and "Waiting: no match" in body
    assert "1 of 2 matches finished" in body


def test_the_page_polls_a_fragment_every_five_seconds(organiser_client, tournament):
    body = organiser_client.get(board_url(tournament)).content.decode()
    assert f'hx-get="{board_url(tournament)}"' in body
    assert 'hx-trigger="every 5s"' in body and "data-poll" in body
    fragment = organiser_client.get(board_url(tournament), headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert fragment.content.decode().lstrip().startswith('<div id="board"')
    assert "<html" not in fragment.content.decode()


def test_an_unchanged_poll_answers_304_and_a_score_changes_it(organiser_client, tournament):
    headers = {"HX-Request": "true"}
    first = organiser_client.get(board_url(tournament), headers=headers)
    etag = first["ETag"]
    again = organiser_client.get(board_url(tournament),
                                 headers={**headers, "If-None-Match": etag})
    assert again.status_code == 304
    # RFC 9110: what the 200 carries, and private (the board is the organiser's alone).
    assert again["ETag"] == etag and again["Cache-Control"] == first["Cache-Control"]
    assert {"no-cache", "private"} <= {v.strip() for v in again["Cache-Control"].split(",")}
    assert "HX-Request" in again["Vary"]
    record(pairings(tournament)[0].match, {"points": [70, 50]})
    changed = organiser_client.get(board_url(tournament),
                                   headers={**headers, "If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_a_partnership_leaving_mid_match_frees_its_table(organiser_client, tournament):
    """It hands its opponent a walkover; its match, begun, is abandoned (kept for its deals,
    tests/tournaments/test_abandoned_matches.py), and the table takes the next match."""
    pairing = pairings(tournament)[0]
    record(pairing.match, {"points": [70, 50]})
    services.entry_withdraw(entry=pairing.a)
    assert statuses(organiser_client.get(board_url(tournament)))[pairing.table.number] == (
        "waiting")
    table = pairing.table_id
    pairing.refresh_from_db()
    # the walkover still names the table it was drawn at, though the table has moved on
    assert (pairing.walkover, pairing.table_id, pairing.match_id) == ("B", table, None)


def test_before_the_start_the_board_says_the_tables_come_with_the_start(organiser_client,
                                                                        club):
    tournament = make_tournament(club, 4)
    body = organiser_client.get(board_url(tournament)).content.decode()
    assert "The tables are set up when the tournament starts." in body
    assert not Table.objects.exists()
