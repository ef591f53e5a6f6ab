"""/t/<slug>/groups/: each group's table, ranked within the group, its qualifiers marked."""

import re
from html import escape

from tests.tournaments.public_helpers import groups_of_12, knockout_of_13, play_rounds
from tournaments import selectors
from tournaments.models import Round


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
