"""The fuzz suite's own proof of "nothing written" notices a write."""

import pytest

from sueca_club.models import Player
from tests.fuzz.checks import NothingWritten


def test_it_notices_a_new_row(club):
    with pytest.raises(AssertionError, match="written"), NothingWritten():
        Player.objects.create(club=club, name="Eva")


def test_it_notices_a_changed_row(pair_a):
    with pytest.raises(AssertionError, match="written"), NothingWritten():
        Player.objects.filter(pk=pair_a.player_1_id).update(name="Eva")


def test_it_lets_reads_through(pair_a):
    with NothingWritten():
        assert Player.objects.count() == 2
