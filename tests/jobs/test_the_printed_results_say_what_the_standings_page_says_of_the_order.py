"""The printed final results (document, print page and PDF) explain the order of the standings
with the standings page's own words (presenters.standings_order_text, rank_note): after a group
stage and its knockout, that those who did not reach the knockout follow by their group place,
which puts a partnership of 3 points above one of 4; in play, when a bye of the round counts.
The PDF left the group sentence out, and the byes' note."""

import html
import shutil
import subprocess

import pytest

from tests.conftest import NO_PDFTOTEXT
from tests.tournaments.helpers import make_tournament, play_to_the_end
from tournaments import presenters, selectors, services
from tournaments.printing import layout, printables

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(not shutil.which("pdftotext"), reason=NO_PDFTOTEXT)]

GROUPS_FOLLOW = "Those who did not reach the knockout follow, by their place in their group."


def said(tournament) -> list[str]:
    return [block.text for page in printables.final_results_document(tournament).pages
            for block in page.blocks if isinstance(block, layout.Text)]


def pdf_text(tournament) -> str:
    text = subprocess.run(["pdftotext", "-", "-"], input=printables.final_results_pdf(tournament),
                          capture_output=True, check=True).stdout.decode()
    return " ".join(text.split())


def page_text(client, url: str) -> str:
    return " ".join(html.unescape(client.get(url).content.decode()).split())


def test_groups_then_knockout_print_why_the_groups_follow_the_knockout(organiser_client, club):
    tournament = make_tournament(club, 9, "groups", groups_count=2, qualifiers_per_group=2,
                                 tables_count=4)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    points = [s.row.points for s in selectors.standings(
        tournament, list(selectors.pairings(tournament)), selectors.entries(tournament))]
    assert points != sorted(points, reverse=True)  # fewer points above more: the page says why

    assert any(text.endswith(GROUPS_FOLLOW) for text in said(tournament))
    assert GROUPS_FOLLOW in pdf_text(tournament)
    explained = presenters.standings_order_text(tournament, placed=True)
    assert explained in said(tournament)
    assert explained in page_text(organiser_client, f"/t/{tournament.slug}/standings/")
    assert explained in page_text(organiser_client, f"/manage/{club.slug}/tournaments/"
                                                    f"{tournament.slug}/print/results/")


def test_a_round_in_play_prints_when_its_bye_counts(organiser_client, club):
    tournament = make_tournament(club, 5, "rounds", pairing="swiss", rounds_count=3,
                                 tables_count=2)
    services.tournament_start(tournament=tournament)
    note = "The bye of round 1 counts when the round ends."
    assert note in page_text(organiser_client, f"/t/{tournament.slug}/standings/")
    assert note in said(tournament)
    assert note in pdf_text(tournament)
    explained = presenters.standings_order_text(tournament, placed=False)
    assert explained in said(tournament)
    assert explained in page_text(organiser_client, f"/t/{tournament.slug}/standings/")
