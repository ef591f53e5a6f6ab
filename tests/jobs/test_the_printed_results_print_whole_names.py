"""The printed final results print a long partnership name whole, wrapped in its cell, and the
champion's under its heading, where both ended in "…" ("Rosa Maria Vasconcelos & Helena Sofia
Al…") while the number columns had room to spare (a tester)."""

import shutil
import subprocess

import pytest

from tests.conftest import NO_PDFTOTEXT
from tests.tournaments.helpers import make_tournament, play_to_the_end
from tournaments import services
from tournaments.printing import printables

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(not shutil.which("pdftotext"), reason=NO_PDFTOTEXT)]

LONG = "Rosa Maria Vasconcelos Albuquerque & Helena Sofia Albuquerque Bettencourt"


def test_long_names_print_whole(club):
    tournament = make_tournament(club, 4, "knockout", tables_count=2)
    for entry in tournament.entries.all():
        entry.partnership.name = f"{LONG} {entry.pk}"
        entry.partnership.save()
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    text = subprocess.run(["pdftotext", "-raw", "-", "-"],
                          input=printables.final_results_pdf(tournament), capture_output=True,
                          check=True).stdout.decode()
    assert "..." not in text and "…" not in text
    words = " ".join(text.split())
    for entry in tournament.entries.all():
        assert f"{LONG} {entry.pk}" in words
