"""Round robin rounds and groups where each pair meets twice (legs=2), the second time with
the sides swapped; head-to-head counts both meetings; the form and the structure's text."""

from collections import Counter

import pytest

from tests.tournaments.helpers import make_tournament, play_to_the_end
from tournaments import formats, presenters, selectors, services
from tournaments.models import Pairing, Round, Tournament

pytestmark = pytest.mark.django_db


def meetings(tournament, stage=None) -> Counter:
    found = Pairing.objects.filter(round__tournament=tournament, b__isnull=False)
    if stage:
        found = found.filter(round__stage=stage)
    return Counter((p.a_id, p.b_id) for p in found)


@pytest.mark.parametrize("size", [2, 3, 4, 5])
def test_a_double_round_robin_plays_each_pair_twice_with_the_sides_swapped(club, size):
    tournament = make_tournament(club, size, "rounds", pairing="round_robin", legs=2,
                                 tables_count=2)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament, choose=lambda p: "A" if p.a_id < p.b_id else "B")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    met = meetings(tournament)
    assert set(met.values()) == {1} and len(met) == size * (size - 1)
    assert all((b, a) in met for a, b in met)
    assert tournament.rounds.count() == 2 * (size - 1 + size % 2)
    assert tournament.champion_id == min(tournament.entries.values_list("pk", flat=True))


def test_groups_with_two_legs_meet_twice_in_the_group_then_cross_into_the_knockout(club):
    tournament = make_tournament(club, 8, "groups", groups_count=2, qualifiers_per_group=2,
                                 legs=2, tables_count=4)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    met = meetings(tournament, Round.Stage.GROUPS)
    assert len(met) == 2 * 2 * 6 and all((b, a) in met for a, b in met)
    assert tournament.rounds.filter(stage=Round.Stage.GROUPS).count() == 6


def test_the_structure_says_twice():
    rr = Tournament(structure="rounds", pairing="round_robin", legs=2)
    assert presenters.structure_text(rr) == ("Round robin: every partnership meets every "
                                             "other twice")
    league = Tournament(structure="league", legs=2)
    assert presenters.structure_text(league) == ("League: every partnership meets every other "
                                                 "twice, one matchday a week")
    groups = Tournament(structure="groups", legs=2, groups_count=2, qualifiers_per_group=2)
    assert "each pair meets twice" in presenters.structure_text(groups)


def test_the_new_tournament_form_offers_legs_and_the_days_between_matchdays(organiser_client,
                                                                            club):
    page = organiser_client.get(f"/manage/{club.slug}/tournaments/").content.decode()
    assert page.count('name="legs"') == 1 and 'name="matchday_interval"' in page
    assert "League over weeks" in page


def test_standings_of_a_double_round_robin_count_every_result(club):
    tournament = make_tournament(club, 3, "rounds", pairing="round_robin", legs=2,
                                 tables_count=1)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    rows = selectors.standings(tournament, list(selectors.pairings(tournament)),
                               selectors.entries(tournament))
    assert sum(r.row.played for r in rows) == 2 * 2 * 3


def test_the_form_creates_a_league_that_meets_twice_every_fortnight(organiser_client, club):
    from tests.tournaments.test_manage_tournament_new import chain

    data = {"name": "Liga", "tables_count": "4", "preset": "portugal",
            "format_type": "first_to", "structure": "league", "draw": "random",
            "groups_count": "2", "qualifiers_per_group": "2", "pairing": "swiss",
            "rounds_count": "4", "points_win": "3", "points_loss": "1", "points_draw": "2",
            "points_no_show": "0", "legs": "2", "matchday_interval": "14",
            **chain(*formats.default_chain("first_to"))}
    assert organiser_client.post(f"/manage/{club.slug}/tournaments/", data).status_code == 302
    league = Tournament.objects.get(name="Liga")
    assert (league.structure, league.legs, league.matchday_interval) == ("league", 2, 14)
