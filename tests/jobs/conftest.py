"""Fixtures of the background-work tests: files under a temporary MEDIA_ROOT, tournaments
played through the referees' services, and a way to run what is queued on commit."""

import pytest

from tests.tournaments.helpers import make_tournament, play_to_the_end
from tournaments import services


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def run_queued(django_capture_on_commit_callbacks):
    """`with run_queued(): ...` runs the tasks queued inside it (on commit) when it closes."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def finished_knockout(club):
    """Eight partnerships, a knockout with a third-place match, played to the end (A wins)."""
    tournament = make_tournament(club, 8, tables_count=4, third_place=True,
                                 fmt={"type": "fixed_deals", "deals": 2})
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def swiss(club):
    """Six partnerships, Swiss rounds of two deals; the first round played."""
    tournament = make_tournament(club, 6, structure="rounds", tables_count=3, rounds_count=3,
                                 fmt={"type": "fixed_deals", "deals": 2})
    services.tournament_start(tournament=tournament)
    return tournament


def pdf_pages(content: bytes) -> int:
    import re

    return len(re.findall(rb"/Type\s*/Page(?!s)", content))


def export_file(export) -> bytes:
    export.refresh_from_db()
    assert export.status == "done", (export.status, export.error)
    with export.file.open("rb") as handle:
        return handle.read()
