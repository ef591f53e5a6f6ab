"""/t/<slug>/groups/: each group's table, ranked within the group, its qualifiers marked, with
the columns of the tie-break chain (on the TV's groups screen too)."""

import re
from html import escape

from tests.tournaments.helpers import in_play, make_tournament, record
from tests.tournaments.public_helpers import groups_of_12, knockout_of_13, play_rounds
from tests.tournaments.test_tv_and_api_name_the_sit_out import screen_named
from tournaments import selectors, services
from tournaments.models import Round

BY_DIFFERENCE = ["points", "head_to_head", "card_point_difference", "card_points", "lots"]


def group_sections(html: str) -> dict[str, str]:
    parts = re.split(r"<h2>Group ([A-Z])</h2>", html)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_each_group_has_its_own_table_in_its_ranked_order(client, club):
    tournament = groups_of_12(club)
    play_rounds(tournament, 3)
    html = client.get(f"/t/{tournament.slug}/groups/").content.decode()
    sections = group_sections(html)
    assert sorted(sections) == ["A", "B", "C", "D"]
    all_pairings = list(selectors.pairings(tournament))
    field = selectors.entries(tournament)
    for letter, section in sections.items():
        ranked = selectors.standings(tournament, all_pairings,
                                     [e for e in field if e.group == letter],
                                     stage=Round.Stage.GROUPS, group=letter)
        names = [escape(s.entry.partnership.display_name) for s in ranked]
        assert len(names) == 3
        assert [section.index(name) for name in names] == sorted(section.index(n) for n in names)
        assert section.count('class="qualifies"') == 2


def test_a_qualifier_is_marked_in_words_not_only_by_its_rows_bar(client, club):
    """A ✓ after the name, and "goes through" for a screen reader, where only a thin green
    bar told which rows qualify."""
    tournament = groups_of_12(club)
    play_rounds(tournament, 3)
    html = client.get(f"/t/{tournament.slug}/groups/").content.decode()
    rows = re.findall(r"<tr( class=\"qualifies\")?>(.*?)</tr>", html, re.S)
    said = [(bool(qualifies), "✓</span><span class=\"sr-only\"> (goes through)</span>" in cells)
            for qualifies, cells in rows if 'class="who"' in cells]
    assert all(qualifies == told for qualifies, told in said)
    assert said.count((True, True)) == 8


def test_no_place_is_marked_as_qualifying_before_the_group_has_played(client, club):
    """Before any result, the order is only the draw's: marking its top two misled."""
    tournament = groups_of_12(club)
    html = client.get(f"/t/{tournament.slug}/groups/").content.decode()
    assert len(group_sections(html)) == 4 and 'class="qualifies"' not in html


def test_group_tables_count_only_group_matches(client, club):
    tournament = groups_of_12(club)
    play_rounds(tournament, 4)  # the quarter-finals are played too
    response = client.get(f"/t/{tournament.slug}/groups/")
    played = [row.record["played"] for _, table in response.context["groups"] for row in table.rows]
    assert played == [2] * 12  # three partnerships a group: two group matches each


def test_the_groups_page_says_when_a_tournament_has_no_groups(client, club):
    tournament = knockout_of_13(club)
    response = client.get(f"/t/{tournament.slug}/groups/")
    assert response.status_code == 200
    assert "This tournament has no group stage." in response.content.decode()


def a_cycle_ranked_by_card_point_difference(club):
    """One group of three, first to one game, each beating one and losing to one (level on
    points and head-to-head): the long matches 0 won against 1 and 2 won against 0 (three
    60-60 deals before a 61-59) give 0 the most card points, 480, for a difference of 0,
    where 1 beat 2 in one deal (90-30) and ranks first, +58 on 329."""
    tournament = make_tournament(club, 3, "groups", fmt={"type": "first_to", "target": 1},
                                 groups_count=1, qualifiers_per_group=2, tables_count=2,
                                 tie_breaks=BY_DIFFERENCE)
    services.tournament_start(tournament=tournament)
    index = {pk: i for i, pk in enumerate(
        tournament.entries.order_by("pk").values_list("pk", flat=True))}
    long_win = [(60, 60)] * 3 + [(61, 59)]
    deals = {(0, 1): long_win, (2, 0): long_win, (1, 2): [(90, 30)]}  # (winner, loser)
    while group := [p for p in in_play(tournament) if p.round.stage == Round.Stage.GROUPS]:
        a, b = index[group[0].a_id], index[group[0].b_id]
        for won, lost in deals.get((a, b)) or deals[b, a]:
            record(group[0].match, {"points": [won, lost] if (a, b) in deals else [lost, won]})
    return tournament


def difference_column(section: str) -> tuple[list[str], list[list[str]]]:
    """The last two headers of a group's table, and the last two cells of each row."""
    headers = re.findall(r'<th scope="col" class="[^"]*">([^<]*)</th>', section)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", section.split("<tbody>")[1])
    return headers[-2:], [re.findall(r'<td class="num">(-?\d+)</td>', row)[-2:] for row in rows]


RANKED_BY_DIFFERENCE = (["Card points", "Card-point difference"],
                        [["329", "58"], ["480", "0"], ["271", "-58"]])


def test_a_group_shows_the_tie_break_chains_columns(client, club):
    """Ranked by card-point difference, 1 is above 0 with fewer card points: the table shows
    the difference that set them apart, and the page the chain, as the standings page does."""
    tournament = a_cycle_ranked_by_card_point_difference(club)
    html = client.get(f"/t/{tournament.slug}/groups/").content.decode()
    assert difference_column(group_sections(html)["A"]) == RANKED_BY_DIFFERENCE
    assert "Ranked by: points, head-to-head, card-point difference, card points, drawing lots." \
        in html


def test_the_tvs_groups_screen_shows_them_too(client, club):
    tournament = a_cycle_ranked_by_card_point_difference(club)
    html = screen_named(client, tournament, "groups")
    assert difference_column(group_sections(html)["A"]) == RANKED_BY_DIFFERENCE
