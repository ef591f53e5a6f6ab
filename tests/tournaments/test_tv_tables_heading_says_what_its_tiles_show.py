"""The TV's tables screen is headed by the round its tiles are of. Once a knockout was over,
it was headed "Final" over the final scores of its earlier rounds' matches that had just
ended on other tables (a quarter-final, a round of 16), all "Final score", "0 tables in play":
at a glance, five tables had played the final. Now tiles of several rounds are headed by what
they are, "Latest results" (or "Tables" while some are in play), and each names its round."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.models import Match
from tests.tournaments.helpers import make_tournament, play_to_the_end
from tests.tournaments.public_helpers import HTMX
from tournaments import services

pytestmark = pytest.mark.django_db


def tables_screen(client, tournament) -> tuple[str, list[str]]:
    """The heading, and what each tile says it is (its round, or nothing)."""
    html = client.get(f"/t/{tournament.slug}/tv/?i=1", headers=HTMX).content.decode()
    assert 'data-screen="round"' in html
    heading = re.search(r'<header class="tv-head">\s*<h2>(.*?)</h2>', html).group(1)
    return heading, re.findall(r'<span class="tv-note">(.*?)</span>', html)


def ended_long_ago(tournament, but_round: int) -> None:
    Match.objects.filter(pairing__round__tournament=tournament).exclude(
        pairing__round__number=but_round).update(
        finished_at=timezone.now() - timedelta(minutes=10))


@pytest.fixture
def knockout_over(club):
    tournament = make_tournament(club, 8, tables_count=4)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    return tournament


def test_a_knockout_just_over_shows_the_latest_results_each_naming_its_round(client,
                                                                             knockout_over):
    heading, notes = tables_screen(client, knockout_over)
    assert heading == "Latest results"
    assert len(notes) == 4 and notes.count("Final") == 1  # a tile a table
    assert set(notes) == {"Final", "Semi-finals", "Quarter-finals"}


def test_the_final_alone_on_the_tables_is_headed_final(client, knockout_over):
    ended_long_ago(knockout_over, but_round=3)  # the earlier rounds' scores have left the TV
    assert tables_screen(client, knockout_over) == ("Final", [""])

