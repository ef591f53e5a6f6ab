"""A league's walkover on a matchday not opened yet (a withdrawal's, in weeks to come) is a
walkover to come on the fixtures and on the partnership's season: no score, not a result
and not among the matches played, until its matchday opens, when the standings count it too
(selectors.counting)."""

import datetime
import re
from html import unescape

import pytest
from django.utils.html import strip_tags

from tests.tournaments.helpers import make_tournament, play
from tournaments import services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def text(client, url: str) -> str:
    return " ".join(unescape(strip_tags(client.get(url).content.decode())).split())


def fixture_line(client, tournament, pairing) -> str:
    html = client.get(f"/t/{tournament.slug}/fixtures/").content.decode()
    return next(li for li in html.split("<li")[1:]
                if f"/partnerships/{pairing.a_id}/" in li and f"/partnerships/{pairing.b_id}/" in li)


@pytest.fixture
def withdrawn_after_matchday_1(club, organiser):
    """Four partnerships over three matchdays: matchday 1 played, then the opponent of the
    first match of matchday 2 withdraws (its matches of matchdays 2 and 3 are walkovers)."""
    tournament = make_tournament(club, 4, "league", fmt={"type": "first_to", "target": 2},
                                 tables_count=2, starts_on=datetime.date(2026, 10, 5))
    services.tournament_start(tournament=tournament)
    for pairing in Pairing.objects.filter(round__tournament=tournament, round__number=1):
        play(pairing, "A")
    later = Pairing.objects.filter(round__tournament=tournament, round__number=2).first()
    services.entry_withdraw(entry=later.b, by=organiser)
    later.refresh_from_db()
    return tournament, later


def test_the_fixtures_show_a_walkover_to_come_without_a_score(client, withdrawn_after_matchday_1,
                                                               organiser):
    tournament, later = withdrawn_after_matchday_1
    gone, winner = later.b.partnership.display_name, later.a.partnership.display_name
    page = text(client, f"/t/{tournament.slug}/fixtures/")
    assert f"{gone} withdrew: walkover when matchday 2 opens" in page
    assert f"{gone} withdrew: walkover when matchday 3 opens" in page
    assert f"{winner} (winner)" not in page
    line = fixture_line(client, tournament, later)
    assert '<span class="g side-a"></span>' in line and "won" not in line

    services.matchday_open(round_=later.round, by=organiser)
    page = text(client, f"/t/{tournament.slug}/fixtures/")
    assert f"{winner} (winner)" in page and "walkover when matchday 2 opens" not in page
    assert '<span class="g side-a">2</span>' in fixture_line(client, tournament, later)


def test_the_season_counts_as_played_only_the_results_it_lists(client,
                                                               withdrawn_after_matchday_1,
                                                               organiser):
    tournament, later = withdrawn_after_matchday_1
    url = f"/t/{tournament.slug}/partnerships/{later.a_id}/"
    page = text(client, url)
    assert "1 match played" in page
    assert len(re.findall(r"\b(Won|Lost|Drawn) \d+–\d+", page)) == 1
    assert "withdrew: walkover when matchday 2 opens" in page

    services.matchday_open(round_=later.round, by=organiser)
    page = text(client, url)
    assert "2 matches played" in page
    assert len(re.findall(r"\b(Won|Lost|Drawn) \d+–\d+", page)) == 2
    assert "when matchday 2 opens" not in page
