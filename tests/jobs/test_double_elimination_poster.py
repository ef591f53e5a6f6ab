"""The bracket poster of a double elimination: the winners' bracket on one page, the losers'
bracket with the grand final and the champion on the next, as a PDF and as a print page."""

import pytest

from tests.jobs.conftest import pdf_pages
from tests.tournaments.helpers import play_to_the_end
from tests.tournaments.test_double_elimination_events import make_event
from tournaments.printing import printables

pytestmark = pytest.mark.django_db


def page_texts(document) -> list[str]:
    return [repr(page) for page in document.pages]


def test_a_finished_double_elimination_prints_both_brackets_and_its_champion(club):
    tournament = make_event(club, 6)
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    document = printables.bracket_document(tournament)
    winners, losers = page_texts(document)
    assert "Winners&#x27; bracket" in winners or "Winners' bracket" in winners
    assert "Winners' round 1" in winners and "Losers' round" not in winners
    assert "Losers' round 1" in losers and "Grand final" in losers
    champion = tournament.champion.partnership.display_name
    assert f"champion='{champion}'" in losers
    content = printables.bracket_pdf(tournament)
    assert content.startswith(b"%PDF-") and pdf_pages(content) == 2


def test_before_its_matches_are_known_a_slot_says_where_its_sides_come_from(club):
    tournament = make_event(club, 5)
    losers = page_texts(printables.bracket_document(tournament))[1]
    assert "loser of W1-" in losers and "winner of L1-" in losers


def test_the_print_page_of_the_poster_shows_both_brackets(organiser_client, club):
    tournament = make_event(club, 6)
    response = organiser_client.get(
        f"/manage/{club.slug}/tournaments/{tournament.slug}/print/bracket/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Winners&#x27; round 1" in html and "Losers&#x27; round 1" in html
    assert "Grand final" in html
