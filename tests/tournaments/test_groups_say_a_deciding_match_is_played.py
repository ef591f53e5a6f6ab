"""The groups page says when a deciding match (negra) is being played for a tie in a group,
and says under the tables what their * and † mean: a phone shows no tooltip."""

import pytest

from tests.tournaments.helpers import make_tournament
from tests.tournaments.test_deciding_match_settles_ties import TWO_DEALS, play_out
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db
UNDER_WAY = "Level on every criterion: a deciding match is being played."
SETTLED = "* A deciding match settled this place."


def three_level_in_a_group(club):
    """One group of three, each beating one and losing to one: level on every criterion."""
    tournament = make_tournament(club, 3, "groups", fmt=TWO_DEALS, groups_count=1,
                                 qualifiers_per_group=2, tables_count=2,
                                 tie_breaks=["points", "deciding"])
    services.tournament_start(tournament=tournament)
    play_out(tournament, lambda a, b: "A" if (b - a) % 3 == 1 else "B",
             deciding_winner=lambda p: None)
    return tournament


def test_a_group_says_its_deciding_match_is_being_played(client, club):
    tournament = three_level_in_a_group(club)
    assert tournament.rounds.filter(stage=Round.Stage.DECIDING).exists()
    html = client.get(f"/t/{tournament.slug}/groups/").content.decode()
    assert html.count(UNDER_WAY) == 1 and SETTLED not in html


def test_once_settled_the_groups_page_says_what_the_star_means(client, club):
    tournament = three_level_in_a_group(club)
    play_out(tournament, None, deciding_winner=lambda p: (
        "A" if p.round.stage == Round.Stage.DECIDING else None))
    html = client.get(f"/t/{tournament.slug}/groups/").content.decode()
    assert 'class="decided"' in html and SETTLED in html and UNDER_WAY not in html
