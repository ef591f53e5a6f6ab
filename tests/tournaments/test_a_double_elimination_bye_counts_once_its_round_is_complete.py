"""In a double elimination a bye counts in the standings once its round is complete (every
other match of it finished), as in a straight knockout: before the first round is played the
partnerships given a bye are not ranked above everyone with its points and games; in the API
and on the public standings page, which share the table."""

import pytest
from django.utils.html import escape

from tests.tournaments.helpers import in_play, play
from tests.tournaments.test_double_elimination_events import make_event
from tournaments import selectors
from tournaments.models import Tournament
from tournaments.services import double

pytestmark = pytest.mark.django_db


def byes_in_the_api(client, tournament: Tournament) -> dict[str, tuple[int, int, int]]:
    rows = client.get(f"/api/v1/tournaments/{tournament.slug}").json()["standings"]
    return {row["partnership"]: (row["points"], row["games"], row["byes"]) for row in rows}


def bye_names(tournament: Tournament) -> set[str]:
    """The partnerships W1 gives a bye: those without a W1 match."""
    playing = {entry for p in in_play(tournament) if double.slot_of(p).startswith("W1")
               for entry in (p.a_id, p.b_id)}
    return {e.partnership.display_name for e in selectors.entries(tournament)
            if e.pk not in playing}


def first_round(tournament: Tournament) -> list:
    return [p for p in in_play(tournament) if double.slot_of(p).startswith("W1")]


def test_before_the_first_round_is_played_a_bye_counts_nothing(client, club):
    tournament = make_event(club, 6)
    byes = bye_names(tournament)
    assert len(byes) == 2
    rows = byes_in_the_api(client, tournament)
    assert {rows[name] for name in byes} == {(0, 0, 0)}


def test_a_bye_waits_for_the_last_match_of_its_round(client, club):
    tournament = make_event(club, 6)
    byes = bye_names(tournament)
    play(first_round(tournament)[0], "A")
    assert {byes_in_the_api(client, tournament)[name][2] for name in byes} == {0}

    play(first_round(tournament)[0], "A")
    rows = byes_in_the_api(client, tournament)
    assert {rows[name][0] for name in byes} == {3}
    assert {rows[name][2] for name in byes} == {1}


def test_the_public_standings_page_leaves_the_bye_out_too(client, club):
    tournament = make_event(club, 6)
    page = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    for name in bye_names(tournament):  # the points column follows the name
        assert f'{escape(name)}</th><td class="key num">0</td>' in page
