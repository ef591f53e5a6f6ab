"""The public pages of a double elimination: both brackets and the grand final slot by slot,
round titles, the final placings on the overview and results pages, the TV, the organiser's
new-tournament page; and their queries do not grow with the field."""

import re
from html import escape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import make_club
from tests.tournaments.helpers import in_play, play, play_to_the_end
from tests.tournaments.public_helpers import HTMX
from tests.tournaments.test_double_elimination_events import make_event, pairing_at
from tests.tournaments.test_manage_tournament_new import data  # noqa: F401  (a fixture)
from tournaments import presenters, services
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def page(client, tournament, path: str = "", **headers) -> str:
    response = client.get(f"/t/{tournament.slug}/{path}", headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def test_the_bracket_page_shows_both_brackets_and_where_each_side_comes_from(client, club):
    tournament = make_event(club, 6)
    html = page(client, tournament, "bracket/")
    for words in ("Winners' bracket", "Losers' bracket", "Grand final",
                  "Winners&#x27; round 1", "Losers&#x27; round 2", "W2-1", "GF2",
                  "Winner of W3-1", "Loser of W1-2", "bye", "Waiting for earlier matches"):
        assert words in html, words
    assert html.count('role="region"') == 3


def test_slot_codes_read_in_the_pages_language(client, club):
    """W1-2 and L1-2 stayed English on the Portuguese pages; the API keeps the codes."""
    tournament = make_event(club, 6)
    html = page(client, tournament, "bracket/", **{"Accept-Language": "pt-PT"})
    for words in ("V2-1", "P2-1", "GF2", "Vencedora de V3-1"):
        assert words in html, words
    assert not re.search(r">[WL]\d-\d<|de [WL]\d-\d", html)
    assert "W2-1" in client.get(f"/api/v1/tournaments/{tournament.slug}").content.decode()


def test_a_reset_not_needed_says_so_and_the_placings_show_when_it_ends(client, club):
    tournament = make_event(club, 6, bracket_reset=True)
    play_to_the_end(tournament, choose=lambda pairing: "A")
    html = page(client, tournament, "bracket/")
    assert "Not needed" in html and "Champion" in html
    # once over, no rule about a reset to come, and a reset not needed names nobody (a tester)
    assert "The reset is played only" not in html
    final = html[html.index("Grand final"):]
    assert "Loser of GF1" not in final and "Winner of GF1" not in final
    for path in ("", "results/"):
        html = page(client, tournament, path)
        assert "Final placings" in html and "5–6" in html


def test_round_titles_read_as_the_brackets_name_them(client, club):
    tournament = make_event(club, 4)
    play(pairing_at(tournament, "W1-1"), "A")
    play(pairing_at(tournament, "W1-2"), "A")
    titles = [presenters.round_title(r) for r in tournament.rounds.order_by("number")]
    assert titles == ["Winners' round 1", "Winners' round 2", "Losers' round 1"]
    for number in tournament.rounds.values_list("number", flat=True):
        assert "round" in page(client, tournament, f"rounds/{number}/")
    assert "Losers&#x27; round 1" in page(client, tournament)
    for i in range(4):
        page(client, tournament, f"tv/?i={i}")
    assert presenters.double_round_title("GF2") == "Grand final (reset)"


def costs(client, tournament) -> dict[str, int]:
    measured = {}
    for path in ("", "bracket/", "results/", "rounds/1/", "tv/?i=0", "tv/?i=1"):
        for name, headers in (("", {}), ("htmx ", HTMX)):
            with CaptureQueriesContext(connection) as queries:
                page(client, tournament, path, **headers)
            measured[name + path] = len(queries)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/api/v1/tournaments/{tournament.slug}").status_code == 200
    measured["api"] = len(queries)
    return measured


def test_a_double_elimination_of_40_costs_the_queries_of_one_of_6(client, organiser):
    small = make_event(make_club("small", organiser), 6)
    large = make_event(make_club("large", organiser), 40, tables_count=10)
    for tournament in (small, large):
        for pairing in in_play(tournament)[:3]:
            play(pairing, "B")
    measured = costs(client, large)
    assert measured == costs(client, small)
    assert measured["bracket/"] <= 4 and measured["api"] <= 4, measured


def test_finished_costs_stay_within_the_budget(client, organiser):
    small = make_event(make_club("small", organiser), 3)
    play_to_the_end(small)
    large = make_event(make_club("large", organiser), 9)
    play_to_the_end(large)
    assert costs(client, large) == costs(client, small)


def test_the_new_tournament_page_offers_the_bracket_reset(organiser_client, club):
    html = organiser_client.get(f"/manage/{club.slug}/tournaments/").content.decode()
    assert 'name="bracket_reset"' in html and html.count('name="draw"') == 1
    assert "Double elimination" in html


@pytest.mark.parametrize("reset", [True, False])
def test_the_form_creates_a_double_elimination_with_or_without_the_reset(
        organiser_client, club, data, reset):  # noqa: F811
    changes = {"structure": "double", "draw": "seeded"} | ({"bracket_reset": "on"} if reset else {})
    response = organiser_client.post(f"/manage/{club.slug}/tournaments/", {**data, **changes})
    assert response.status_code == 302
    tournament = club.tournaments.get()
    assert (tournament.structure, tournament.draw, tournament.bracket_reset) == (
        "double", "seeded", reset)
    assert ("bracket reset if needed" if reset else "no bracket reset") in page(
        client=organiser_client, tournament=tournament)


def test_every_round_is_a_double_elimination_round(club):
    tournament = make_event(club, 5)
    assert set(tournament.rounds.values_list("stage", flat=True)) == {Round.Stage.DOUBLE}


def test_the_round_pages_step_over_rounds_that_byes_left_empty(client, club):
    tournament = make_event(club, 12)
    while tournament.rounds.count() < 3:
        play(in_play(tournament)[0], "A")
    numbers = list(tournament.rounds.values_list("number", flat=True))
    assert numbers == [1, 2, 4]  # losers' round 1 is all byes: nobody plays it
    for number in numbers:
        linked = {int(n) for n in re.findall(r"/rounds/(\d+)/", page(client, tournament,
                                                                    f"rounds/{number}/"))}
        assert linked <= set(numbers)
    assert "/rounds/4/" in page(client, tournament, "rounds/2/")


def test_the_standings_count_the_byes_of_the_bracket_as_a_knockouts_do(club):
    """Five in a bracket of eight: three go through the first round on a bye, which counts
    as in a knockout (a win's points and a walkover's games, RULES.md) once the round's one
    match is played, though no pairing is stored for it."""
    from tournaments import selectors

    tournament = make_event(club, 5)
    play(in_play(tournament)[0], "A")  # the first round's one match
    ranked = selectors.standings(tournament, list(selectors.pairings(tournament)),
                                 selectors.entries(tournament))
    # and its loser one in losers' round 1, which nobody plays
    assert sorted(s.row.byes for s in ranked) == [0, 1, 1, 1, 1]
    with_bye = [s.row for s in ranked if s.row.byes and not s.row.played]
    assert len(with_bye) == 3 and all(row.points == tournament.points_win for row in with_bye)


def test_a_slot_between_two_byes_says_it_holds_no_match(client, club):
    """Five in a bracket of eight: a first losers' slot gets the losers of two byes."""
    html = page(client, make_event(club, 5), "bracket/")
    empty = re.search(r'L1-2</span>\s*<div class="bm tbd"><span class="bm-foot">([^<]+)</span>',
                      html)
    assert empty and empty.group(1) == "No match: both places are byes"
    assert html.count("No match: both places are byes") == 1


def test_a_withdrawn_partnership_meeting_a_bye_reads_as_going_no_further(client, club):
    """It withdrew from W1-2 and dropped into L1-1 against a bye: named there, not as through."""
    tournament = make_event(club, 5)
    leaving = pairing_at(tournament, "W1-2").a
    services.entry_withdraw(entry=leaving)
    html = page(client, tournament, "bracket/")
    slot = html[html.index("L1-1</span>"):html.index("L1-2</span>")]
    assert "Withdrew: goes no further" in slot
    assert escape(leaving.partnership.display_name) in slot
    assert '<span class="bm-side through">' not in slot
