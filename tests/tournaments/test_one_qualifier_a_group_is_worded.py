"""A group stage that sends one partnership of each group says "the winner of each", where it
read "the top 1 of each" (and in pt-PT "os 1 primeiros de cada um")."""

from django.utils import translation

from tests.tournaments.helpers import make_tournament
from tournaments import presenters


def test_one_qualifier_is_the_winner(club):
    tournament = make_tournament(club, 8, "groups", groups_count=2, qualifiers_per_group=1)
    assert presenters.structure_text(tournament) == (
        "2 groups, then the winner of each into a knockout")
    with translation.override("pt-pt"):
        assert presenters.structure_text(tournament) == (
            "2 grupos e depois o vencedor de cada um em eliminatórias")


def test_more_qualifiers_are_the_top_n(club):
    tournament = make_tournament(club, 8, "groups", groups_count=2, qualifiers_per_group=2)
    assert presenters.structure_text(tournament) == (
        "2 groups, then the top 2 of each into a knockout")
