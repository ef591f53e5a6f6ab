"""The organiser gives a table's match, not begun, as a no-show's walkover while its referee
types a deal, checks it, or keeps deals offline. The phone says the match was given as a
walkover, to whom (or was a double forfeit), and that the deal was not recorded: on the page,
in the API's refusal (which the offline queue shows), and while the table waits. Before, it
said the deal was for "an earlier match at this table" and then only "Waiting for the next
match": the walkover deleted the match, and a match gone read as an earlier one."""

import json
import re
import uuid
from html import unescape

import pytest
from django.test import Client

from scoring import services as scoring
from scoring.models import Deal, RefereeLink
from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import services
from tournaments.models import Entry, Pairing

EARLIER = "earlier match"
NOT_RECORDED = "This deal was not recorded."


def name(entry_id: int) -> str:
    return Entry.objects.select_related("partnership").get(pk=entry_id).display_name


def text(response) -> str:
    html = response.content.decode()
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def given_to_a(pairing: Pairing) -> str:
    return (f"The match {name(pairing.a_id)} – {name(pairing.b_id)} was not played: "
            f"{name(pairing.b_id)} did not come, and the organiser gave the walkover to "
            f"{name(pairing.a_id)}.")


@pytest.fixture
def semi_final(club):
    """Two tables, both semi-finals at once: the first's table has no match once it goes."""
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    first = in_play(tournament)[0]
    return first, first.table.link.token


def entry_screen(client, token) -> dict:
    page = client.get(f"/r/{token}/").content.decode()
    return {"match": re.search(r'<input type="hidden" name="match" value="(\d+)">', page)[1]}


def confirmed(client, token, screen: dict) -> dict:
    page = client.post(f"/r/{token}/confirm/", {**screen, "points": ["70", ""]})
    fields = re.findall(r'<input type="hidden" name="(key|match|version)" value="([^"]*)"',
                        page.content.decode())
    return {**dict(fields), "points": ["70", "50"]}


def test_next_and_save_say_the_walkover_and_its_winner(client, semi_final):
    first, token = semi_final
    screen = entry_screen(client, token)
    saved = confirmed(client, token, screen)
    services.pairing_walkover(pairing=first, present="A")

    for path, data in (("confirm", {**screen, "points": ["70", ""]}), ("deals", saved)):
        page = text(client.post(f"/r/{token}/{path}/", data, follow=True))
        assert f"{given_to_a(first)} {NOT_RECORDED}" in page, path
        assert EARLIER not in page
    assert not Deal.objects.exists()


def test_the_api_refusal_says_it_for_the_offline_queue(semi_final):
    first, token = semi_final
    services.pairing_walkover(pairing=first, present="B")

    response = Client().post(f"/api/v1/referee/{token}/deals",
                             data=json.dumps({"points": [70, 50], "match": first.match_id}),
                             content_type="application/json",
                             headers={"Idempotency-Key": str(uuid.uuid4())})
    assert response.status_code == 409
    assert response.json()["error"] == (
        f"The match {name(first.a_id)} – {name(first.b_id)} was not played: {name(first.a_id)} "
        f"did not come, and the organiser gave the walkover to {name(first.b_id)}. "
        f"{NOT_RECORDED}")


def test_an_undo_for_it_says_nothing_was_undone(semi_final):
    first, token = semi_final
    services.pairing_walkover(pairing=first, present="A")

    response = Client().post(f"/api/v1/referee/{token}/undo",
                             data=json.dumps({"match": first.match_id}),
                             content_type="application/json",
                             headers={"Idempotency-Key": str(uuid.uuid4())})
    assert response.status_code == 409
    assert response.json()["error"] == f"{given_to_a(first)} Nothing was undone."


def test_a_double_forfeit_is_said_as_one(client, semi_final):
    first, token = semi_final
    screen = entry_screen(client, token)
    services.pairing_walkover(pairing=first, present="-")

    page = text(client.post(f"/r/{token}/confirm/", {**screen, "points": ["70", ""]},
                            follow=True))
    assert (f"The match {name(first.a_id)} – {name(first.b_id)} was not played: neither "
            f"partnership came, and the organiser recorded a double forfeit. "
            f"{NOT_RECORDED}") in page


def test_the_waiting_table_says_it(client, semi_final):
    first, token = semi_final
    services.pairing_walkover(pairing=first, present="A")

    page = text(client.get(f"/r/{token}/"))
    assert "Waiting for the next match" in page and given_to_a(first) in page


def test_it_is_said_after_the_table_moved_on_too(client, club):
    tournament = make_tournament(club, 4, tables_count=1)  # the semi-finals one after the other
    services.tournament_start(tournament=tournament)
    [first] = in_play(tournament)
    token = first.table.link.token
    screen = entry_screen(client, token)
    services.pairing_walkover(pairing=first, present="A")
    [second] = in_play(tournament)
    assert second.table_id == first.table_id  # the table's next match

    page = text(client.post(f"/r/{token}/confirm/", {**screen, "points": ["70", ""]},
                            follow=True))
    assert f"{given_to_a(first)} {NOT_RECORDED}" in page
    assert "was not played" not in text(client.get(f"/r/{token}/"))  # its next match shown


def test_the_waiting_table_forgets_it_once_its_next_match_has_ended(client, club):
    tournament = make_tournament(club, 8, tables_count=1, structure="rounds", rounds_count=3)
    services.tournament_start(tournament=tournament)
    first = in_play(tournament)[0]
    token = first.table.link.token
    services.pairing_walkover(pairing=first, present="A")
    play(in_play(tournament)[0], "A")  # the table's next match, played to its end

    assert "was not played" not in text(client.get(f"/r/{token}/"))


def test_a_table_whose_next_round_was_taken_back_says_nothing_of_it(client, club, organiser):
    """A no-show at table 1 in round 1; round 2 drawn onto both tables, then taken back by a
    correction of round 1's other match: table 1's last match went with its round, not with
    the walkover."""
    tournament = make_tournament(club, 4, tables_count=2, structure="rounds", rounds_count=3)
    services.tournament_start(tournament=tournament)
    first, other = in_play(tournament)
    token = first.table.link.token
    services.pairing_walkover(pairing=first, present="A")
    play(other, "A")  # round 2 is drawn, a match on each table
    assert RefereeLink.objects.get(token=token).match_id is not None
    scoring.deal_void(deal=Deal.objects.filter(match_id=other.match_id, active=True).last(),
                      reason="never played", user=organiser, allow_reset=True)

    page = text(client.get(f"/r/{token}/"))
    assert RefereeLink.objects.get(token=token).match_id is None
    assert "Waiting for the next match" in page and "was not played" not in page
