"""The bracket poster prints every name whole, over two lines (a player to a line) and
smaller only where a box needs it, where A4 cut them to 'Duarte Silv…'; and it crowns the
champion and says the grand final's reset was not needed, as the bracket page does."""

import shutil
import subprocess

import pytest

from scoring import engine
from tests.conftest import NO_PDFTOTEXT, make_partnership
from tests.tournaments.helpers import play_to_the_end
from tournaments import services
from tournaments.printing import layout, printables

# pdftotext (Debian's poppler-utils, installed by .ci/run) reads the PDF's text back.
pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(not shutil.which("pdftotext"), reason=NO_PDFTOTEXT)]

PLAYERS = [("Duarte Silva", "Inês Costa"), ("Eva Silva", "Filipe Costa"),
           ("Bruno Silva", "Gabriela Costa"), ("Gabriela Silva", "Hugo Costa"),
           ("Inês Silva", "Ana Costa"), ("Carla Silva", "Bruno Costa"),
           ("Filipe Silva", "Carla Costa"), ("Hugo Silva", "Duarte Costa"),
           ("Ana Silva", "Eva Costa")]


@pytest.fixture
def double_of_nine(club):
    """A double elimination of nine, every match won by its side A: the winners' bracket
    winner takes the grand final's first game, so its reset is not needed."""
    tournament = services.tournament_create(
        club=club, name="Dupla de nove", rules=engine.rules_from("portugal"),
        fmt=engine.format_from({"type": "first_to", "target": 1}), structure="double")
    services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, a, b) for a, b in PLAYERS])
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    return tournament


def pages_text(content: bytes) -> list[str]:
    """Each page's text in the order it is drawn, its lines joined by spaces."""
    text = subprocess.run(["pdftotext", "-raw", "-", "-"], input=content, capture_output=True,
                          check=True).stdout.decode()
    return [" ".join(page.split()) for page in text.split("\f")[:-1]]


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_every_name_on_the_poster_is_printed_whole(double_of_nine, paper):
    winners, losers = pages_text(printables.bracket_pdf(double_of_nine, paper=paper))
    assert "…" not in winners + losers
    for a, b in PLAYERS:
        assert f"{a} & {b}" in winners
    champion = double_of_nine.champion.partnership.display_name
    assert f"Champion {champion}" in losers
    assert "Not needed" in losers


def test_the_poster_says_the_grand_finals_reset_was_not_needed(double_of_nine):
    [losers] = [block for block in printables.bracket_document(double_of_nine).pages[1].blocks
                if isinstance(block, layout.Bracket)]
    assert [r.title for r in losers.rounds[-2:]] == ["Grand final", "Grand final (reset)"]
    assert losers.rounds[-1].boxes == [layout.Box(note="Not needed")]
    assert losers.champion == double_of_nine.champion.partnership.display_name


def test_the_print_page_puts_each_player_of_a_partnership_where_it_may_go_on_a_line(
        organiser_client, double_of_nine):
    t = double_of_nine
    html = organiser_client.get(
        f"/manage/{t.club.slug}/tournaments/{t.slug}/print/bracket/").content.decode()
    assert '<span class="part">Duarte Silva &amp;</span> <span class="part">Inês Costa</span>' \
        in html
    assert '<span class="note"><span>Not needed</span></span>' in html
