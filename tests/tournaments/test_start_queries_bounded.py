"""Starting a tournament costs the same number of queries however big its field: its tables,
its first matches and what tells the players are each written in one statement (a first
round of 512 tables included). The players' emails are worker steps, handed over, not run."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from sueca_club import outbox
from sueca_club.models import Club
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Pairing


@pytest.fixture
def handed_over(monkeypatch):
    """A broker is there: the worker steps are handed to it (here, kept in a list)."""
    sent = []
    monkeypatch.setattr(outbox, "_eager", lambda: False)
    monkeypatch.setattr(outbox._Sender, "put", sent.append)
    return sent


def start_queries(size: int, structure: str) -> int:
    club = Club.objects.create(name=f"Clube {size}", slug=f"clube-{size}")
    tournament = make_tournament(club, size, structure=structure, tables_count=size // 2)
    with CaptureQueriesContext(connection) as queries:
        services.tournament_start(tournament=tournament)
    placed = Pairing.objects.filter(round__tournament=tournament, table__isnull=False)
    assert placed.count() == size // 2
    return len(queries)


@pytest.mark.parametrize("structure", ["knockout", "rounds", "groups", "double"])
def test_a_field_of_64_starts_with_the_queries_of_a_field_of_16(db, handed_over, structure):
    assert start_queries(64, structure) == start_queries(16, structure)
    assert handed_over  # the players' emails: one step per match placed, for the workers
