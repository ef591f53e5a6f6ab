"""A tournament's TV tiles and its round's lines name who deals next at each match in play,
as the club TV does, read with the matches' summaries: no query a match."""

import html as markup
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import engine
from scoring import services as scoring
from scoring.models import Match
from tests.conftest import forget_kept_pages, make_club, make_four
from tests.tournaments.helpers import in_play, play, record
from tests.tournaments.public_helpers import HTMX, swiss
from tournaments import services

pytestmark = pytest.mark.django_db
TILE_DEALER = re.compile(r'<li class="tv-tile[^"]*" data-match="(\d+)">(?:(?!</li>).)*?'
                         r'<span class="tv-dealer side-(a|b)"><span class="gives-way">([^<]*)'
                         r'</span> deals</span>', re.S)
LINE_DEALER = re.compile(r'<span class="dealer">([^<]*) deals</span>'
                         r'<span class="to-board"> · <a href="/m/(\d+)/">')


def tile_dealers(client, tournament) -> dict[int, tuple[str, str]]:
    forget_kept_pages()
    html = client.get(f"/t/{tournament.slug}/tv/?page=1", headers=HTMX).content.decode()
    return {int(pk): (side, markup.unescape(name)) for pk, side, name in TILE_DEALER.findall(html)}


def line_dealers(client, tournament, number=1) -> dict[int, str]:
    forget_kept_pages()
    html = client.get(f"/t/{tournament.slug}/rounds/{number}/").content.decode()
    return {int(pk): markup.unescape(name) for name, pk in LINE_DEALER.findall(html)}


def next_dealer(match) -> tuple[str, str]:
    match.refresh_from_db()
    seat = match.state["next_dealer"]
    return ("a" if seat % 2 == 0 else "b"), match.players[seat].name


def dealers_chosen(tournament) -> None:
    """Each table says who deals first (until then no page names a dealer): seat 0."""
    for pairing in in_play(tournament):
        scoring.first_dealer_set(match_id=pairing.match_id, seat=0)


def test_each_tile_and_line_in_play_names_who_deals_next(client, club):
    tournament = swiss(club, size=8, rounds=3)
    dealers_chosen(tournament)
    matches = [pairing.match for pairing in in_play(tournament)]
    assert len(matches) == 4
    record(matches[0], {"points": [70, 50]})  # the deal passes on
    expected = {match.pk: next_dealer(match) for match in matches}
    assert expected[matches[0].pk] != expected[matches[1].pk]  # one deal on: another player
    assert tile_dealers(client, tournament) == expected
    assert line_dealers(client, tournament) == {pk: name for pk, (_side, name) in expected.items()}


def test_the_first_dealer_chosen_at_the_table_is_named_at_the_next_poll(client, club):
    tournament = swiss(club, size=4, rounds=2)
    [pairing, *_] = in_play(tournament)
    forget_kept_pages()
    first = client.get(f"/t/{tournament.slug}/tv/?page=1", headers=HTMX)
    assert pairing.match_id not in tile_dealers(client, tournament)  # not chosen yet
    scoring.first_dealer_set(match_id=pairing.match_id, seat=3)
    forget_kept_pages()
    again = client.get(f"/t/{tournament.slug}/tv/?page=1",
                       headers={**HTMX, "If-None-Match": first["ETag"]})
    assert again.status_code == 200 and again["ETag"] != first["ETag"]
    match = Match.objects.get(pk=pairing.match_id)
    assert tile_dealers(client, tournament)[match.pk] == ("b", match.players[3].name)
    assert line_dealers(client, tournament)[match.pk] == match.players[3].name


def test_a_match_that_ended_names_no_dealer(client, club):
    tournament = swiss(club, size=4, rounds=2)
    [pairing, *_] = in_play(tournament)
    play(pairing, "A")
    assert pairing.match_id not in tile_dealers(client, tournament)
    assert pairing.match_id not in line_dealers(client, tournament)


def test_a_partnership_of_four_names_one_of_eight(client, club):
    tournament = four_player_swiss(club)
    [pairing] = in_play(tournament)
    scoring.first_dealer_set(match_id=pairing.match_id, seat=5)
    match = Match.objects.get(pk=pairing.match_id)
    assert tile_dealers(client, tournament)[match.pk] == ("b", match.players[5].name)
    assert line_dealers(client, tournament)[match.pk] == match.players[5].name


def four_player_swiss(club):
    """Two partnerships of four at one table, with the double pack."""
    tournament = services.tournament_create(
        club=club, name="Torneio de oito", rules=engine.rules_from("double_pack"),
        fmt=engine.format_from({"type": "fixed_deals", "deals": 4}), structure="rounds",
        pairing="swiss", rounds_count=1, tables_count=1)
    services.entries_register(tournament=tournament, partnerships=[
        make_four(club, *(f"Player {i}{seat}" for seat in "abcd")) for i in range(2)])
    services.tournament_start(tournament=tournament)
    return tournament


def test_the_dealers_cost_no_query(client, organiser):
    small = swiss(make_club("small", organiser), size=4, rounds=2)
    large = swiss(make_club("large", organiser), size=32, rounds=2)
    dealers_chosen(small)
    dealers_chosen(large)

    def cost(tournament, url) -> tuple[int, int]:
        forget_kept_pages()
        with CaptureQueriesContext(connection) as queries:
            html = client.get(f"/t/{tournament.slug}/{url}").content.decode()
        return len(queries), html.count(" deals</span>")

    for url in ("rounds/1/", "tv/?page=1", "tv/?i=1", ""):
        spent_small, shown_small = cost(small, url)
        spent_large, shown_large = cost(large, url)
        assert spent_small == spent_large == 3, url
        assert shown_small == 2 and shown_large in (16, 24), url
