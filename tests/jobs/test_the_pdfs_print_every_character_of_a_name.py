"""A PDF prints a name's symbols (the card suits, arrows, stars, Greek, Cyrillic), and what
no font it carries has (an emoji, Chinese) as the visible replacement character �: they
came out as nothing ('Os Ases 🍺♠ 中文' printed 'Os Ases   ')."""

import shutil
import subprocess

import pytest

from tests.conftest import NO_PDFTOTEXT
from tests.tournaments.helpers import make_tournament
from tournaments.printing import pdf, printables

# pdftotext (Debian's poppler-utils, installed by .ci/run) reads the PDF's text back.
pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(not shutil.which("pdftotext"), reason=NO_PDFTOTEXT)]


def text_of(content: bytes) -> str:
    return subprocess.run(["pdftotext", "-", "-"], input=content, capture_output=True,
                          check=True).stdout.decode()


@pytest.fixture
def named(club):
    """A tournament of two partnerships whose names need more than Latin letters."""
    tournament = make_tournament(club, 2, "rounds", fmt={"type": "fixed_deals", "deals": 2},
                                 pairing="round_robin", rounds_count=1, tables_count=1)
    first, second = (entry.partnership for entry in tournament.entries.order_by("pk"))
    first.name, second.name = "Os Ases 🍺♠ 中文", "Ás de ♥♦♣ → ★ Ωμέγα Жар"
    first.save(), second.save()
    return tournament


def test_the_card_suits_and_other_scripts_print(named):
    text = text_of(printables.final_results_pdf(named))
    assert "Ás de ♥♦♣ → ★ Ωμέγα Жар" in text


def test_what_no_font_has_prints_as_a_visible_replacement(named):
    text = text_of(printables.final_results_pdf(named))
    assert "Os Ases �♠ ��" in text


def test_the_symbols_come_with_the_site_whatever_fonts_the_machine_has(named, monkeypatch):
    monkeypatch.setattr(pdf, "DEJAVU", pdf.Path("/nonexistent"))
    assert "♠" in text_of(printables.final_results_pdf(named))
