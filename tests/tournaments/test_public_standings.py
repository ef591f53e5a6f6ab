"""/t/<slug>/standings/: the tie-break chain's ranking in a table sorted by plain links."""

import re
from html import escape, unescape

import pytest
from django.utils import translation

from tests.conftest import make_club
from tests.tournaments.public_helpers import HTMX, groups_of_12, knockout_of_13, play_rounds, swiss
from tournaments import selectors
from tournaments.standings_tables import COLUMNS

# A Swiss of fixed deals: no game sets (its matches have none); draws and Buchholz, yes.
HEADERS = ["#", "Partnership", "Points", "Played", "Won", "Drawn", "Lost", "Byes", "Games won",
           "Card points", "Card-point difference", "Buchholz"]
ALL = [column.name for column in COLUMNS]
NAMES = [name for name in ALL if name not in ("partidas_won", "partidas_lost")]


def names(response) -> list[str]:
    """The names of the columns the page shows, in its order."""
    with translation.override("en"):
        by_header = {str(column.header): column.name for column in COLUMNS}
    head = table(response.content.decode()).split("</thead>")[0]
    return [by_header[unescape(re.sub(r"<[^>]+>", "", cell)).replace("\u00a0", " ").strip()
                      .removesuffix(" ▲").removesuffix(" ▼")]
            for cell in re.findall(r"<th [^>]*>(.*?)</th>", head)]


@pytest.fixture
def swiss_16(club):
    tournament = swiss(club)
    play_rounds(tournament, 2)
    return tournament


def table(html: str) -> str:
    return html[html.index("<table"):html.index("</table>")]


def rows(response) -> list[dict]:
    """The table's rows as the page shows them: each column's value by the column's name."""
    body = table(response.content.decode()).split("<tbody>")[1]
    found = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body):
        texts = [unescape(re.sub(r"<sup.*?</sup>|<[^>]+>", "", cell))
                 for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)]
        found.append({name: int(text) if re.fullmatch(r"-?\d+", text) else text
                      for name, text in zip(names(response), texts, strict=True)})
    return found


def headers(response) -> dict[str, str]:
    """Each column's header cell, by the column's name."""
    head = table(response.content.decode()).split("</thead>")[0]
    return dict(zip(names(response), re.findall(r"<th [^>]*>.*?</th>", head), strict=True))


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
    assert "Ranked by: points, head-to-head, card points" in html


def test_every_metric_has_a_sortable_column(client, swiss_16):
    html = client.get(f"/t/{swiss_16.slug}/standings/").content.decode()
    for header in HEADERS:
        assert f">{header}</a>" in html, header
    assert 'href="?sort=partnership"' in html  # names from A
    for column in NAMES[2:]:  # a count: the most first
        assert f'href="?sort=-{column}"' in html
    assert 'href="?sort=-rank"' in html  # the ranking's order is by rank, up


def first_way(column: str) -> str:
    return column if column in ("rank", "partnership") else f"-{column}"


@pytest.mark.parametrize("name", NAMES)
def test_each_column_sorts_both_ways_by_a_plain_link(client, swiss_16, name):
    path = f"/t/{swiss_16.slug}/standings/"
    ranked = rows(client.get(path))
    up, down = client.get(f"{path}?sort={name}"), client.get(f"{path}?sort=-{name}")
    assert [r[name] for r in rows(up)] == sorted(r[name] for r in ranked)
    assert [r[name] for r in rows(down)] == sorted((r[name] for r in ranked), reverse=True)
    for response, sort, other_way in ((up, "ascending", f"-{name}"), (down, "descending", name)):
        sorted_by = headers(response)[name]
        assert f'aria-sort="{sort}"' in sorted_by and f'href="?sort={other_way}"' in sorted_by
        assert all("aria-sort" not in header and f'href="?sort={first_way(column)}"' in header
                   for column, header in headers(response).items() if column != name)


@pytest.mark.parametrize("query", ["?sort=nonsense", "?sort=-", "?sort=", "?sort=rank",
                                   "?sort=--points", "?sort=withdrawn"])
def test_a_sort_that_is_no_column_gives_the_ranking(client, swiss_16, query):
    path = f"/t/{swiss_16.slug}/standings/"
    default = client.get(path)
    assert table(client.get(path + query).content.decode()) == table(default.content.decode())
    assert 'aria-sort="ascending"' in headers(default)["rank"]


def test_every_header_names_its_column_and_every_row_its_partnership(client, swiss_16):
    html = table(client.get(f"/t/{swiss_16.slug}/standings/").content.decode())
    assert html.count('<th scope="col"') == len(NAMES)
    assert html.count('<th scope="row" class="who">') == swiss_16.entries.count()


def test_the_page_and_its_live_fragment_have_the_same_table(client, swiss_16):
    for query in ("", "?sort=-won"):
        path = f"/t/{swiss_16.slug}/standings/{query}"
        page, fragment = client.get(path), client.get(path, headers=HTMX)
        assert table(page.content.decode()) == table(fragment.content.decode())


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


@pytest.mark.parametrize(("fmt", "pairing", "shown"), [
    ({"type": "fixed_deals", "deals": 8}, "swiss", NAMES),
    ({"type": "partidas", "to_win": 2, "target": 4}, "swiss",
     [n for n in ALL if n != "drawn"]),
    ({"type": "first_to", "target": 4}, "round_robin",  # a sit-out is no bye
     [n for n in ALL if n not in ("drawn", "buchholz", "byes")]),
    ({"type": "points", "target": 200}, "swiss",
     [n for n in ALL if n not in ("drawn", "partidas_won", "partidas_lost", "games_won")]),
])
def test_the_table_shows_the_columns_that_can_tell_its_partnerships_apart(
        client, club, fmt, pairing, shown):
    tournament = swiss(club, size=4, fmt=fmt, rounds=2, pairing=pairing)
    assert names(client.get(f"/t/{tournament.slug}/standings/")) == shown


@pytest.mark.parametrize("build", [knockout_of_13, groups_of_12])
def test_a_bracket_tournament_has_standings_of_every_match_played(client, organiser, build):
    tournament = build(make_club("clube", organiser))
    play_rounds(tournament, 1)
    response = client.get(f"/t/{tournament.slug}/standings/")
    assert response.status_code == 200
    assert len(rows(response)) == tournament.entries.count()
    assert "the bracket decides the champion" in response.content.decode()
