"""A group stage that also sends its best next-placed teams to the knockout (`best_of_next`)
marks them on the groups page and the TV as it marks the group winners, and both say how
they are picked: the same partnerships the knockout's draw takes (selectors.knockout_qualifiers),
provisionally while the groups are played, then those who went through."""

import re
from html import unescape

from tests.tournaments.helpers import in_play, make_tournament, play
from tests.tournaments.public_helpers import HTMX
from tournaments import presenters, services
from tournaments.models import Round, Tournament

SENTENCE = ("The group winner goes through to the knockout, with the best second-placed team "
            "across the groups by points per match (marked).")


def seven_in_two_groups(club) -> Tournament:
    """Groups of 3 and 4, each winner and the best runner-up into a knockout of four."""
    tournament = make_tournament(club, 7, "groups", groups_count=2, qualifiers_per_group=1,
                                 best_of_next=1, tables_count=4)
    services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def members(tournament: Tournament) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for pk, letter in tournament.entries.order_by("pk").values_list("pk", "group"):
        found.setdefault(letter, []).append(pk)
    return found


def winner_side(tournament: Tournament):
    """The first of each group beats everyone; in the group of four the other three beat one
    another in a ring (5 points in 3 matches each), in the group of three the lower id wins
    (its runner-up: 4 points in 2 matches). The group of three's runner-up has fewer points
    but more a match: it goes through."""
    groups = members(tournament)

    def choose(pairing) -> str:
        group = groups[pairing.group]
        a, b = group.index(pairing.a_id), group.index(pairing.b_id)
        if len(group) == 4 and 0 not in (a, b):
            return "A" if (b - a) % 3 == 1 else "B"
        return "A" if a < b else "B"
    return choose


def marked(html: str) -> set[str]:
    return {unescape(name) for name in re.findall(
        r'<tr class="qualifies">.*?<th scope="row" class="who">(.*?) <span class="through"', html)}


def names(tournament: Tournament, entries) -> set[str]:
    by_pk = {e.pk: e.partnership.display_name for e in tournament.entries.all()}
    return {by_pk[pk] for pk in entries}


def play_groups(tournament: Tournament, leave: int = 0) -> None:
    choose = winner_side(tournament)
    while len(pairings := [p for p in in_play(tournament)
                           if p.round.stage == Round.Stage.GROUPS]) > leave:
        play(pairings[0], choose(pairings[0]))


def test_the_best_runner_up_is_marked_as_the_knockout_takes_it(client, club):
    tournament = seven_in_two_groups(club)
    groups = members(tournament)
    assert sorted(len(group) for group in groups.values()) == [3, 4]
    play_groups(tournament)
    knockout = tournament.rounds.get(stage=Round.Stage.KNOCKOUT)
    entrants = {side for p in knockout.pairings.all() for side in (p.a_id, p.b_id) if side}
    small = next(group for group in groups.values() if len(group) == 3)
    assert len(entrants) == 3 and small[1] in entrants  # 2.0 points a match beat 1.67
    html = client.get(f"/t/{tournament.slug}/groups/").content.decode()
    assert marked(html) == names(tournament, entrants)
    assert SENTENCE in unescape(html)
    tv = client.get(f"/t/{tournament.slug}/tv/?i=2", headers=HTMX).content.decode()
    assert "Group A" in tv and marked(tv) == names(tournament, entrants)
    assert SENTENCE in unescape(tv)  # the TV says what its marks mean, as the page does


def test_while_the_groups_are_played_the_best_runner_up_so_far_is_marked(client, club):
    tournament = seven_in_two_groups(club)
    play_groups(tournament, leave=1)
    assert not tournament.rounds.filter(stage=Round.Stage.KNOCKOUT).exists()
    shown = marked(client.get(f"/t/{tournament.slug}/groups/").content.decode())
    assert len(shown) == 3  # each group's leader and the best runner-up, as they stand


def test_the_overview_and_the_organiser_say_who_else_goes_through(client, organiser_client,
                                                                    club):
    tournament = seven_in_two_groups(club)
    structure = ("2 groups, then the winner of each into a knockout, with the best "
                 "second-placed team across the groups by points per match")
    assert presenters.structure_text(tournament) == structure
    assert structure in unescape(client.get(f"/t/{tournament.slug}/").content.decode())
    assert ("the winner of each group goes through, with the best second-placed team across "
            "the groups by points per match." in unescape(
                client.get(f"/t/{tournament.slug}/bracket/").content.decode()))
    organiser = organiser_client.get(
        f"/manage/{club.slug}/tournaments/{tournament.slug}/").content.decode()
    assert structure in unescape(organiser)


def test_the_places_after_the_second_and_the_count_are_worded(club):
    tournament = Tournament(qualifiers_per_group=2, best_of_next=2)
    assert presenters.best_next_text(tournament) == (
        "the best 2 third-placed teams across the groups by points per match")
    tournament.qualifiers_per_group = 6
    assert presenters.best_next_text(tournament) == (
        "the best 2 teams placed 7 in their groups, across the groups by points per match")
    tournament.best_of_next = 0
    assert presenters.best_next_text(tournament) == ""
