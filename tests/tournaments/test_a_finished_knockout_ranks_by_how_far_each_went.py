"""Once a knockout (straight, or after groups) has its champion, its final ranking is by how far
each partnership went, whatever the points: the champion, the finalist, the third-place match
or the semi-finals' losers sharing 3rd, each earlier round's losers sharing the next place,
then those out in the groups by their group place. The standings page, the printed results,
the TV and the API say so; a tournament in play is ranked as before, by the points."""

import html

import pytest

from tests.tournaments.helpers import in_play, make_tournament, play, play_to_the_end
from tournaments import selectors, services
from tournaments.models import Pairing, Tournament
from tournaments.printing import layout, printables

pytestmark = pytest.mark.django_db


def upset_in_the_final(pairing: Pairing) -> str:
    """In the groups the entry registered first wins; in the knockout side A (the better seed)
    wins every match but the final, which B wins."""
    if pairing.round.stage == "groups":
        return "A" if pairing.a_id < pairing.b_id else "B"
    return "B" if pairing.round.code == "final" and not pairing.third_place else "A"


def names(tournament: Tournament) -> dict[int, str]:
    return {e.pk: e.partnership.display_name for e in selectors.entries(tournament)}


def groups_of_5_and_4(club, end=True) -> Tournament:
    """Nine partnerships, groups of 5 and 4, the top two of each into semi-finals. Each group's
    first wins all its group matches; group A's first (4 wins) loses the final to group B's
    (3 wins): the finalist has more match points than the champion. The semi-finals are 1A v
    2B and 1B v 2A."""
    tournament = make_tournament(club, 9, "groups", groups_count=2, qualifiers_per_group=2,
                                 tables_count=4)
    services.tournament_start(tournament=tournament)
    if end:
        play_to_the_end(tournament, upset_in_the_final)
    else:  # up to the final, not begun
        while (pairing := in_play(tournament)[0]).round.code != "final":
            play(pairing, upset_in_the_final(pairing))
    tournament.refresh_from_db()
    return tournament


def by_group(tournament: Tournament) -> dict[str, list[str]]:
    """Each group's partnerships by letter, strongest (registered first) first."""
    called = names(tournament)
    return {letter: [called[e.pk] for e in sorted(selectors.entries(tournament),
                                                   key=lambda e: e.pk) if e.group == letter]
            for letter in "AB"}


def api(client, tournament: Tournament) -> dict:
    return client.get(f"/api/v1/tournaments/{tournament.slug}").json()


def test_groups_then_knockout_rank_champion_finalist_semi_finalists_then_by_group(client, club):
    tournament = groups_of_5_and_4(club)
    a, b = by_group(tournament).values()
    assert len(a) == 5 and len(b) == 4
    assert tournament.champion.partnership.display_name == b[0]
    data = api(client, tournament)
    assert [(p["place"], p["last"], sorted(p["partnerships"])) for p in data["placings"]] == [
        (1, 1, [b[0]]), (2, 2, [a[0]]), (3, 4, sorted([a[1], b[1]])),
        (5, 6, sorted([a[2], b[2]])), (7, 8, sorted([a[3], b[3]])), (9, 9, [a[4]])]
    standings = [(row["rank"], row["partnership"]) for row in data["standings"]]
    assert standings[:2] == [(1, b[0]), (2, a[0])]
    assert next(row for row in data["standings"] if row["partnership"] == a[0])["points"] > \
        next(row for row in data["standings"] if row["partnership"] == b[0])["points"]
    assert [rank for rank, _name in standings] == [1, 2, 3, 3, 5, 5, 7, 7, 9]


def test_the_standings_page_shows_the_final_placings_above_and_keeps_the_groups(client, club):
    tournament = groups_of_5_and_4(club)
    a, b = by_group(tournament).values()
    page = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    placings = page[page.index("Final placings"):page.index('id="standings-title"')]
    assert placings.index(html.escape(b[0])) < placings.index(html.escape(a[0]))
    assert "3–4" in placings and "by their place in their group" in page
    table = page[page.index("<tbody>"):]
    assert table.index(html.escape(b[0])) < table.index(html.escape(a[0]))
    groups = client.get(f"/t/{tournament.slug}/groups/").content.decode()
    group_b = groups[groups.index("Group B"):]
    assert "Final placings" not in groups
    assert group_b.index(html.escape(b[0])) < group_b.index(html.escape(b[1]))


def test_a_straight_knockout_with_byes_places_each_round_out_together(client, club):
    """Six partnerships: two have byes to the semi-finals; a third-place match."""
    tournament = make_tournament(club, 6, tables_count=4, third_place=True)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament, upset_in_the_final)
    tournament.refresh_from_db()
    called = names(tournament)
    knockout = list(selectors.pairings(tournament))
    quarters = [p for p in knockout if p.round.number == 1 and p.b_id]
    assert len(quarters) == 2 and len(knockout) == 8  # two byes, two quarters, two semis, two
    final = next(p for p in knockout if p.round.code == "final" and not p.third_place)
    third = next(p for p in knockout if p.third_place)
    placings = [(p["place"], p["last"], sorted(p["partnerships"]))
                for p in api(client, tournament)["placings"]]
    assert placings == [(1, 1, [called[final.b_id]]), (2, 2, [called[final.a_id]]),
                        (3, 3, [called[third.a_id]]), (4, 4, [called[third.b_id]]),
                        (5, 6, sorted(called[p.b_id] for p in quarters))]
    results = client.get(f"/t/{tournament.slug}/results/").content.decode()
    assert "Final placings" in results and "5–6" in results


def test_the_printed_final_results_put_the_champion_in_the_first_row(organiser_client, club):
    tournament = groups_of_5_and_4(club)
    champion = tournament.champion.partnership.display_name
    document = printables.final_results_document(tournament)
    [table] = [block for page in document.pages for block in page.blocks
               if isinstance(block, layout.Table)]
    assert table.rows[0][:2] == ["1", champion]
    said = [block.text for page in document.pages for block in page.blocks
            if isinstance(block, layout.Text)]
    # what ranked them, and no lot's mark: the bracket placed them (testers)
    assert any(text.startswith("Now that it is over, the places are the bracket's") for text in said)
    assert not any(text.startswith("Ranked by") for text in said)
    assert not any("†" in cell for row in table.rows for cell in row)
    body = organiser_client.get(
        f"/manage/{club.slug}/tournaments/{tournament.slug}/print/results/").content.decode()
    ranking = body[body.index("Final placings"):]
    assert ranking.index(html.escape(champion)) < ranking.index(
        html.escape(by_group(tournament)["A"][0]))


def test_the_tv_shows_the_final_placings_once_it_is_over(client, club):
    tournament = groups_of_5_and_4(club)
    for i in range(10):
        screen = client.get(f"/t/{tournament.slug}/tv/?i={i}").content.decode()
        if 'data-screen="standings"' in screen:
            break
    else:
        raise AssertionError("no standings screen")
    table = screen[screen.index("Final placings"):]
    assert table.index(html.escape(tournament.champion.partnership.display_name)) < table.index(
        html.escape(by_group(tournament)["A"][0]))


def test_a_tournament_in_play_is_ranked_by_the_points_as_before(client, club):
    tournament = groups_of_5_and_4(club, end=False)
    a, b = by_group(tournament).values()
    assert tournament.status == Tournament.Status.RUNNING
    data = api(client, tournament)
    assert data["placings"] == []
    assert data["standings"][0]["partnership"] == a[0]  # 4 group wins and a semi-final's
    assert "Final placings" not in client.get(f"/t/{tournament.slug}/standings/").content.decode()
    screens = [client.get(f"/t/{tournament.slug}/tv/?i={i}").content.decode() for i in range(8)]
    assert not any('data-screen="standings"' in screen for screen in screens)
