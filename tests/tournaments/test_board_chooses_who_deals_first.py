"""The round status board says who deals first at each table whose match has not started,
and its organiser changes it there, a button a player, as on the match's page and the
referee's phone (scoring.services.first_dealer_set): until the first deal, and only the
tournament's organiser."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import services as scoring
from scoring.models import AuditEntry, Match
from tests.conftest import make_club
from tests.tournaments.helpers import in_play, make_tournament, play, record
from tests.tournaments.test_live_pages_name_the_dealer import four_player_swiss
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(club):
    """Four partnerships on three tables: two matches, one table left waiting."""
    tournament = make_tournament(club, 4, tables_count=3, auto_advance=False)
    services.tournament_start(tournament=tournament)
    return tournament


def board_url(t) -> str:
    return f"/manage/{t.club.slug}/tournaments/{t.slug}/board/"


def choose_url(t, number) -> str:
    return f"/manage/{t.club.slug}/tournaments/{t.slug}/tables/{number}/first-dealer/"


def choose(client, t, pairing, seat, **data):
    return client.post(choose_url(t, pairing.table.number),
                       {"seat": seat, "match": pairing.match_id, **data}, follow=True)


def first_dealer(pairing) -> int:
    return Match.objects.get(pk=pairing.match_id).first_dealer


def choices(html: str) -> dict[int, list[str]]:
    """Each table's buttons, by the match its form names."""
    forms = re.findall(r'<input type="hidden" name="match" value="(\d+)">\s*(.*?)</form>',
                       html, re.S)
    return {int(pk): re.findall(r'<button name="seat" value="(\d)"', buttons)
            for pk, buttons in forms if 'name="seat"' in buttons}


def test_each_table_not_started_has_a_button_a_player_and_says_who_deals(organiser_client,
                                                                         tournament):
    first, second = in_play(tournament)
    record(second.match, {"points": [70, 50]})  # started: fixed
    html = organiser_client.get(board_url(tournament)).content.decode()
    assert choices(html) == {first.match_id: ["0", "1", "2", "3"]}
    assert "<summary>Who deals first is not chosen yet.</summary>" in html  # until chosen
    assert html.count("data-pause-poll") == 1  # the started table has none, nor the waiting one


def test_the_organiser_chooses_and_the_board_names_the_new_dealer(organiser_client, tournament):
    pairing, _other = in_play(tournament)
    response = choose(organiser_client, tournament, pairing, 1)
    assert response.redirect_chain[-1][0] == f"{board_url(tournament)}#table-{pairing.table.number}"
    players = pairing.match.players
    html = response.content.decode()
    assert (f"Table {pairing.table.number}: {players[1].name} deals first; "
            f"{players[0].name} leads.") in html
    assert f"{players[1].name} deals first</summary>" in html
    assert first_dealer(pairing) == 1
    entry = AuditEntry.objects.get(match_id=pairing.match_id)
    assert entry.action == AuditEntry.Action.FIRST_DEALER and entry.user.username == "ana"


def test_a_board_shown_before_the_first_deal_changes_nothing_after_it(organiser_client,
                                                                      tournament):
    pairing, _other = in_play(tournament)
    record(pairing.match, {"points": [70, 50]})
    html = choose(organiser_client, tournament, pairing, 3, played=0).content.decode()
    assert (f"Table {pairing.table.number}: A deal was recorded since this screen was shown: "
            "who deals was not changed.") in html
    assert first_dealer(pairing) == 0


def test_a_board_left_open_never_changes_the_tables_next_match(organiser_client, tournament):
    first, second = in_play(tournament)
    response = organiser_client.post(choose_url(tournament, first.table.number),
                                     {"seat": 2, "match": second.match_id}, follow=True)
    assert (f"Table {first.table.number}: its match has changed: look at the board again."
            in response.content.decode())
    assert first_dealer(first) == first_dealer(second) == 0


def test_a_choice_for_the_match_that_ended_on_the_table_says_its_match_changed(
        organiser_client, tournament):
    """Shown the table's match, the organiser chose after it ended: no word of a first deal."""
    first, _second = in_play(tournament)
    number = first.table.number
    play(first, "A")
    response = organiser_client.post(choose_url(tournament, number),
                                     {"seat": 2, "match": first.match_id}, follow=True)
    html = response.content.decode()
    assert f"Table {number}: its match has changed: look at the board again." in html
    assert "first deal is recorded" not in html


def test_a_seat_not_at_the_table_is_refused(organiser_client, tournament):
    pairing, _other = in_play(tournament)
    for seat in (4, "x", ""):
        response = choose(organiser_client, tournament, pairing, seat)
        assert response.status_code == 200 and first_dealer(pairing) == 0


def test_only_the_tournaments_organiser_may_choose(client, other_organiser, tournament):
    pairing, _other = in_play(tournament)
    anonymous = client.post(choose_url(tournament, pairing.table.number),
                            {"seat": 1, "match": pairing.match_id})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    client.force_login(other_organiser)
    stranger = client.post(choose_url(tournament, pairing.table.number),
                           {"seat": 1, "match": pairing.match_id})
    assert stranger.status_code == 404
    assert first_dealer(pairing) == 0 and not AuditEntry.objects.exists()


def test_a_get_changes_nothing(organiser_client, tournament):
    pairing, _other = in_play(tournament)
    response = organiser_client.get(choose_url(tournament, pairing.table.number),
                                    {"seat": 1, "match": pairing.match_id})
    assert response.status_code == 405 and first_dealer(pairing) == 0


def test_a_poll_after_the_referees_choice_names_the_new_dealer(organiser_client, tournament):
    pairing, _other = in_play(tournament)
    headers = {"HX-Request": "true"}
    first = organiser_client.get(board_url(tournament), headers=headers)
    scoring.first_dealer_set(match_id=pairing.match_id, seat=3)
    again = organiser_client.get(board_url(tournament),
                                 headers={**headers, "If-None-Match": first["ETag"]})
    assert again.status_code == 200
    assert f"{pairing.match.players[3].name} deals first</summary>" in again.content.decode()


def test_the_buttons_cost_no_query_a_table(organiser_client, club, organiser):
    small = make_tournament(club, 4, tables_count=2, auto_advance=False)
    services.tournament_start(tournament=small)
    large = make_tournament(make_club("grande", organiser), 16, tables_count=8,
                            auto_advance=False)
    services.tournament_start(tournament=large)

    def cost(t) -> tuple[int, int]:
        with CaptureQueriesContext(connection) as queries:
            html = organiser_client.get(board_url(t)).content.decode()
        return len(queries), len(choices(html))

    (spent_small, tables_small), (spent_large, tables_large) = cost(small), cost(large)
    assert (tables_small, tables_large) == (2, 8) and spent_small == spent_large


def test_a_table_of_two_fours_has_a_button_for_each_of_eight(organiser_client, club):
    tournament = four_player_swiss(club)
    [pairing] = in_play(tournament)
    with CaptureQueriesContext(connection) as queries:
        html = organiser_client.get(board_url(tournament)).content.decode()
    assert choices(html) == {pairing.match_id: [str(seat) for seat in range(8)]}
    assert html.count("<button name=\"seat\"") == 8
    response = choose(organiser_client, tournament, pairing, 7)
    assert first_dealer(pairing) == 7
    assert f"{pairing.match.players[7].name} deals first</summary>" in response.content.decode()
    small = make_tournament(club, 4, tables_count=2, auto_advance=False)
    services.tournament_start(tournament=small)
    with CaptureQueriesContext(connection) as pairs:
        organiser_client.get(board_url(small))
    assert len(queries) == len(pairs)  # the third and fourth players read with the table
