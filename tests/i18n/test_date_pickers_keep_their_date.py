"""A browser's date picker takes only ISO 8601 values (2026-11-13). Brazil's own format
(13/11/2026) is not one: the tournament's dates showed empty in Brazilian Portuguese, and
saving its details cleared them; the season export's dates too."""

import datetime
import re

import pytest

from tests.tournaments.helpers import make_tournament

LANGUAGES = ["pt-pt", "pt-br", "en"]


def values(html: str, name: str) -> str:
    tag = re.search(rf'<input type="date" name="{name}"[^>]*>', html)
    assert tag, f"no date picker named {name}"
    return re.search(r'value="([^"]*)"', tag.group()).group(1)


@pytest.fixture
def tournament(club):
    return make_tournament(club, 4, starts_on=datetime.date(2026, 11, 13),
                           ends_on=datetime.date(2026, 11, 14))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tournaments_dates_show_and_survive_a_save(organiser_client, club, tournament,
                                                       language):
    url = f"/manage/{club.slug}/tournaments/{tournament.slug}/edit/"
    html = organiser_client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert values(html, "starts_on") == "2026-11-13"
    assert values(html, "ends_on") == "2026-11-14"

    kept = {"name": tournament.name, "place": "", "starts_on": values(html, "starts_on"),
            "ends_on": values(html, "ends_on")}  # what the browser posts back unchanged
    response = organiser_client.post(url, kept, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.starts_on, tournament.ends_on) == (datetime.date(2026, 11, 13),
                                                          datetime.date(2026, 11, 14))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_season_export_starts_with_its_dates_filled(organiser_client, club, language):
    html = organiser_client.get(f"/manage/{club.slug}/exports/",
                                HTTP_ACCEPT_LANGUAGE=language).content.decode()
    today = datetime.date.today()
    assert values(html, "start") == f"{today.year}-01-01"
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", values(html, "end"))
