"""A partnership that a double elimination's bracket sends on by a bye is drawn as a knockout's
bye is: ticked and highlighted as gone through, "(winner)" for a screen reader, "Bye" under
it. It was drawn dashed, as a match not played yet, even once the tournament was over: on the
bracket page, on the TV's bracket screens and, not marked as through, on the printed poster."""

from html import escape

import pytest

from tests.tournaments.helpers import play_to_the_end
from tests.tournaments.test_double_elimination_events import make_event
from tournaments import double_bracket, selectors
from tournaments.printing import layout, printables

pytestmark = pytest.mark.django_db


def byes(tournament) -> dict[str, str]:
    """Each slot a bye resolves, by its label: the partnership it sends on."""
    bracket = double_bracket.build(tournament, list(selectors.pairings(tournament)),
                                   selectors.entries(tournament))
    return {view.label: view.a.name or view.b.name
            for rounds in (bracket.winners, bracket.losers) for round_ in rounds
            for view in round_.slots if view.status == "bye" and not view.empty}


def slot(html: str, label: str) -> str:
    start = html.index(f'<span class="slot-id">{label}</span>')
    return html[start:html.index("</li>", start)]


def assert_drawn_as_a_knockouts_bye(html: str, label: str, name: str) -> None:
    shown = slot(html, label)
    assert 'class="bm bye"' in shown and "bm ahead" not in shown, shown
    assert f'<span class="bm-side won"><span class="name" title="{escape(name)}">' in shown
    assert "(winner)" in shown and ">Bye</span>" in shown


@pytest.fixture
def finished(club):
    tournament = make_event(club, 6)  # two byes in the winners' first round, one in the losers'
    play_to_the_end(tournament)
    tournament.refresh_from_db()
    return tournament


def test_the_bracket_page_draws_each_bye_as_the_knockout_does(client, finished):
    found = byes(finished)
    assert {label[:2] for label in found} == {"W1", "L1"}
    html = client.get(f"/t/{finished.slug}/bracket/").content.decode()
    for label, name in found.items():
        assert_drawn_as_a_knockouts_bye(html, label, name)


def test_the_tvs_winners_bracket_draws_its_byes_so(client, finished):
    html = client.get(f"/t/{finished.slug}/tv/?i=2").content.decode()  # overview, tables, winners
    assert 'data-screen="winners"' in html
    for label, name in byes(finished).items():
        if label.startswith("W"):
            assert_drawn_as_a_knockouts_bye(html, label, name)


def test_the_printed_poster_marks_who_a_bye_sends_on(finished):
    sent_on = set(byes(finished).values())
    boxes = [box for page in printables.bracket_document(finished).pages
             for block in page.blocks if isinstance(block, layout.Bracket)
             for round_ in block.rounds for box in round_.boxes
             if "bye" in [side.name for side in box.sides]]
    assert {side.name for box in boxes for side in box.sides if side.won} == sent_on
