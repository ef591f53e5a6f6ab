"""No table of the site, nor a spreadsheet it makes, shows two columns with the same heading,
in any of the three languages ("Pontos" twice once stood for the standing points and the
card points)."""

import csv
import io
from html.parser import HTMLParser

import pytest
from django.utils import translation

from tests.conftest import make_club
from tests.jobs.conftest import play_to_the_end
from tests.tournaments.helpers import make_tournament
from tournaments import exports, services

LANGUAGES = ["pt-pt", "pt-br", "en"]


class Headings(HTMLParser):
    """The headings of each table's header row (<thead> <th>s), table by table."""

    def __init__(self):
        super().__init__()
        self.tables: list[list[str]] = []
        self.cell: list[str] | None = None
        self.head = False

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "thead":
            self.head = True
        elif tag == "th" and self.head:
            self.cell = []

    def handle_endtag(self, tag):
        if tag == "thead":
            self.head = False
        elif tag == "th" and self.cell is not None:
            self.tables[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def repeated(headings: list[str]) -> list[str]:
    named = [h.casefold() for h in headings if h]
    return sorted({h for h in named if named.count(h) > 1})


def test_the_check_finds_a_repeated_heading():
    parser = Headings()
    parser.feed("<table><thead><tr><th>Pontos</th><th>Jogos</th><th> pontos </th></tr></thead>"
                "<tbody><tr><th>1</th><td>x</td></tr></tbody></table>")
    assert [repeated(t) for t in parser.tables] == [["pontos"]]


@pytest.fixture
def events(club, organiser):
    """A finished Swiss of partidas (every column of the standings) and a finished groups
    tournament, whose pages have the most tables."""
    swiss = make_tournament(club, 6, structure="rounds", tables_count=3, rounds_count=2,
                            fmt={"type": "partidas", "to_win": 1, "target": 1})
    groups = make_tournament(make_club("cafe-dos-grupos", organiser), 8, structure="groups",
                             tables_count=4, groups_count=2, fmt={"type": "fixed_deals", "deals": 2})
    for tournament in (swiss, groups):
        services.tournament_start(tournament=tournament)
        play_to_the_end(tournament)
        tournament.refresh_from_db()
    return swiss, groups


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_table_repeats_a_heading(client, organiser_client, events, language):
    pages = [f"/t/{t.slug}/{page}" for t in events
             for page in ("", "standings/", "groups/", "results/", "rounds/", "bracket/", "tv/")]
    pages += [f"/manage/{t.club.slug}/tournaments/{t.slug}/" for t in events]
    for url in pages:
        response = organiser_client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        if response.status_code != 200:
            continue  # a page this structure does not have
        parser = Headings()
        parser.feed(response.content.decode())
        for headings in parser.tables:
            assert not repeated(headings), f"{language} {url}: {headings}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_spreadsheet_repeats_a_heading(events, language):
    with translation.override(language):
        for tournament in events:
            for make in (exports.tournament_standings, exports.tournament_results,
                         exports.tournament_deals):
                header = next(csv.reader(io.StringIO(make(tournament, "csv").decode("utf-8-sig"))))
                assert not repeated(header), f"{language} {make.__name__}: {header}"
