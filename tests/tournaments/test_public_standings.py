"""/t/<slug>/standings/: the tie-break chain's ranking in a sortable table."""

from html import escape

import pytest

from tests.conftest import make_club
from tests.tournaments.public_helpers import groups_of_12, knockout_of_13, play_rounds, swiss
from tournaments import selectors

HEADERS = ["#", "Partnership", "Points", "Played", "Won", "Drawn", "Lost", "Byes", "Games won",
           "Game sets won", "Game sets lost", "Card points", "Card-point difference", "Buchholz"]


@pytest.fixture
def swiss_16(club):
    tournament = swiss(club)
    play_rounds(tournament, 2)
    return tournament


def rows(response) -> list[dict]:
    return [row.record for row in response.context["table"].rows]


def test_the_rows_come_in_the_order_of_the_tie_break_chain(client, swiss_16):
    response = client.get(f"/t/{swiss_16.slug}/standings/")
    ranked = selectors.standings(swiss_16, list(selectors.pairings(swiss_16)),
                                 selectors.entries(swiss_16))
    assert [(r["rank"], r["partnership"]) for r in rows(response)] == [
        (s.row.rank, s.entry.partnership.display_name) for s in ranked]
    html = response.content.decode()
    names = [escape(s.entry.partnership.display_name) for s in ranked]
    assert [html.index(f">{name}<") for name in names] == sorted(
        html.index(f">{name}<") for name in names)
    assert "Ranked by: points, head-to-head, game sets won" in html


def test_every_metric_has_a_sortable_column(client, swiss_16):
    html = client.get(f"/t/{swiss_16.slug}/standings/").content.decode()
    for header in HEADERS:
        assert f">{header}</a>" in html, header
    for column in ("rank", "partnership", "points", "games_won", "buchholz",
                   "card_point_difference", "partidas_lost"):
        assert f'href="?sort={column}"' in html


def test_sorting_by_a_column_keeps_each_partnerships_rank(client, swiss_16):
    ranked = rows(client.get(f"/t/{swiss_16.slug}/standings/"))
    by_name = rows(client.get(f"/t/{swiss_16.slug}/standings/?sort=partnership"))
    by_fewest_points = rows(client.get(f"/t/{swiss_16.slug}/standings/?sort=points"))
    assert [r["partnership"] for r in by_name] == sorted(r["partnership"] for r in ranked)
    assert [r["points"] for r in by_fewest_points] == sorted(r["points"] for r in ranked)
    rank_of = {r["partnership"]: r["rank"] for r in ranked}
    assert all(rank_of[r["partnership"]] == r["rank"] for r in by_name + by_fewest_points)


def test_the_sort_survives_the_live_poll(client, swiss_16):
    html = client.get(f"/t/{swiss_16.slug}/standings/?sort=-buchholz").content.decode()
    assert f'hx-get="/t/{swiss_16.slug}/standings/?sort=-buchholz"' in html


@pytest.mark.parametrize("build", [knockout_of_13, groups_of_12])
def test_a_bracket_tournament_has_standings_of_every_match_played(client, organiser, build):
    tournament = build(make_club("clube", organiser))
    play_rounds(tournament, 1)
    response = client.get(f"/t/{tournament.slug}/standings/")
    assert response.status_code == 200
    assert len(rows(response)) == tournament.entries.count()
    assert "the bracket decides the champion" in response.content.decode()
