"""A round robin's sit-out (sit_outs: no stored pairing) is named on the tournament's TV, on
its overview and under its tables, and in the API's rounds, read with what each reads already."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import forget_kept_pages, make_club
from tests.tournaments.helpers import make_tournament
from tests.tournaments.public_helpers import HTMX, knockout_of_13, swiss
from tests.tournaments.test_pages_say_who_sits_out_and_what_the_lot_decided import (
    entry_names,
    groups_of_three,
    league,
    play_the_first_round,
    playing,
    round_robin,
    sits_out,
)
from tournaments import services

pytestmark = pytest.mark.django_db
FIRST_TO_2 = {"type": "first_to", "target": 2}


def sitting_out(tournament, number) -> list[str]:
    return sorted(name for _pk, name in entry_names(tournament)
                  if name not in playing(tournament, number))


def tv(client, tournament, i, **headers):
    forget_kept_pages()
    return client.get(f"/t/{tournament.slug}/tv/?i={i}", headers=headers)


def screen_named(client, tournament, name) -> str:
    """The HTML of the TV's first screen called `name`, following its cycle."""
    for i in range(12):
        html = tv(client, tournament, i, **HTMX).content.decode()
        if f'data-screen="{name}"' in html:
            return html
    raise AssertionError(f"no {name} screen")


# The TV ------------------------------------------------------------------------------------

def test_the_tv_names_a_round_robins_sit_out_on_its_overview_and_under_its_tables(client, club):
    tournament = round_robin(club, 5)
    [out] = sitting_out(tournament, 1)
    overview, tables = (tv(client, tournament, i, **HTMX).content.decode() for i in (0, 1))
    assert 'data-screen="overview"' in overview and sits_out(overview) == [out]
    assert 'data-screen="round"' in tables and 'class="tv-tile' in tables
    assert sits_out(tables) == [out]


def test_the_tv_names_the_new_sit_out_when_the_league_opens_its_next_matchday(client, club):
    tournament = league(club, 5)
    first = tv(client, tournament, 0)
    assert sits_out(first.content.decode()) == sitting_out(tournament, 1)
    play_the_first_round(tournament)
    services.matchday_open(round_=tournament.rounds.get(number=2))
    forget_kept_pages()
    again = client.get(f"/t/{tournament.slug}/tv/?i=0", headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 200 and again["ETag"] != first["ETag"]
    assert sits_out(again.content.decode()) == sitting_out(tournament, 2)
    assert sitting_out(tournament, 2) != sitting_out(tournament, 1)


def test_the_tv_names_a_sit_out_in_each_group_of_three(client, club):
    tournament, expected = groups_of_three(club)
    [names] = sits_out(tv(client, tournament, 0).content.decode())
    assert sorted(names.split(", ")) == expected


def test_an_even_field_a_swiss_and_a_knockout_sit_nobody_out_on_the_tv(client, organiser):
    even = round_robin(make_club("par", organiser), 4)
    bye = swiss(make_club("suico", organiser), size=5, rounds=3)
    knockout = knockout_of_13(make_club("taca", organiser))
    for tournament in (even, bye, knockout):
        for i in (0, 1):
            assert "Sits out" not in tv(client, tournament, i).content.decode()


def test_the_tv_names_the_sit_out_in_the_queries_of_an_even_field(client, organiser):
    odd = round_robin(make_club("impar", organiser), 7)
    even = round_robin(make_club("par", organiser), 6)

    def cost(tournament, i):
        forget_kept_pages()
        with CaptureQueriesContext(connection) as queries:
            html = client.get(f"/t/{tournament.slug}/tv/?i={i}").content.decode()
        return len(queries), "Sits out" in html

    for i in (0, 1):  # the overview, the tables
        assert cost(odd, i) == (3, True) and cost(even, i) == (3, False)


def test_the_tv_names_the_sit_out_of_a_league_in_its_queries(client, organiser):
    odd = league(make_club("impar", organiser), 7)
    even = league(make_club("par", organiser), 6)
    for i in (0, 1):
        forget_kept_pages()
        with CaptureQueriesContext(connection) as queries:
            assert "Sits out" in client.get(f"/t/{odd.slug}/tv/?i={i}").content.decode()
        spent = len(queries)
        forget_kept_pages()
        with CaptureQueriesContext(connection) as queries:
            client.get(f"/t/{even.slug}/tv/?i={i}")
        assert spent == len(queries) == 3


# The API -----------------------------------------------------------------------------------

def api(client, tournament) -> dict:
    forget_kept_pages()
    return client.get(f"/api/v1/tournaments/{tournament.slug}").json()


def test_the_api_names_who_sits_out_each_round_of_a_round_robin(client, club):
    tournament = round_robin(club, 5)
    play_the_first_round(tournament)
    rounds = api(client, tournament)["rounds"]
    assert len(rounds) == 2
    for round_ in rounds:
        assert round_["sitting_out"] == sitting_out(tournament, round_["number"])
        assert len(round_["sitting_out"]) == 1
    assert rounds[0]["sitting_out"] != rounds[1]["sitting_out"]


def test_the_api_names_each_matchday_off_of_a_league(client, club):
    tournament = league(club, 5)
    rounds = api(client, tournament)["rounds"]
    assert not rounds[1]["opened"]  # the matchdays to come, too
    assert [r["sitting_out"] for r in rounds] == [sitting_out(tournament, r["number"])
                                                  for r in rounds]
    assert sorted(name for r in rounds for name in r["sitting_out"]) == sorted(
        name for _pk, name in entry_names(tournament))


def test_the_api_names_a_sit_out_in_each_group(client, club):
    tournament = make_tournament(club, 6, "groups", fmt=FIRST_TO_2, groups_count=2,
                                 qualifiers_per_group=1, tables_count=2)
    services.tournament_start(tournament=tournament)
    [first, *_] = api(client, tournament)["rounds"]
    assert sorted(first["sitting_out"]) == sitting_out(tournament, 1)
    assert len(first["sitting_out"]) == 2


def test_the_api_sits_nobody_out_of_an_even_field_a_swiss_or_a_knockout(client, organiser):
    even = round_robin(make_club("par", organiser), 4)
    bye = swiss(make_club("suico", organiser), size=5, rounds=3)
    knockout = knockout_of_13(make_club("taca", organiser))
    for tournament in (even, bye, knockout):
        assert all(r["sitting_out"] == [] for r in api(client, tournament)["rounds"])


def test_the_api_names_the_sit_outs_in_the_queries_of_an_even_field(client, organiser):
    odd = round_robin(make_club("impar", organiser), 7)
    even = round_robin(make_club("par", organiser), 6)

    def cost(tournament) -> int:
        forget_kept_pages()
        with CaptureQueriesContext(connection) as queries:
            client.get(f"/api/v1/tournaments/{tournament.slug}")
        return len(queries)

    # the ETag, the tournament, its pairings and the field (the standings read it too)
    assert cost(odd) == cost(even) == 4
