"""A double elimination exported and imported elsewhere keeps its bracket and plays on."""

import pytest

from tests.conftest import make_club
from tests.jobs.test_transfer_round_trip import without_slug
from tests.tournaments.helpers import in_play, play, play_to_the_end
from tests.tournaments.test_double_elimination_events import assert_equals_a_pure_replay, make_event
from tournaments.transfer import tournament_dump, tournament_load

pytestmark = pytest.mark.django_db


def test_a_double_elimination_in_play_comes_back_and_plays_on(club, other_organiser):
    tournament = make_event(club, 7, bracket_reset=False)
    for pairing in in_play(tournament)[:3]:
        play(pairing, "B")
    data = tournament_dump(tournament)
    assert len(data["tournament"]["bracket_order"]) == 7
    copy_ = tournament_load(data=data, club=make_club("clube-novo", other_organiser))
    assert without_slug(tournament_dump(copy_)) == without_slug(data)
    assert copy_.bracket_reset is False
    play_to_the_end(copy_)
    assert_equals_a_pure_replay(copy_)
