"""A partnership that did not come to a Swiss round (a no-show: 0 points, the lowest
placed) is not given the next round's bye, a win, while another partnership can take it."""

from tests.tournaments.helpers import make_tournament, play
from tournaments import services
from tournaments.models import Pairing


def round_of(tournament, number: int) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=tournament, round__number=number)
                .select_related("match", "round").order_by("slot"))


def test_the_next_bye_goes_to_a_partnership_that_came(club):
    tournament = make_tournament(club, 11, "rounds", pairing="swiss", rounds_count=3,
                                 tables_count=5)
    services.tournament_start(tournament=tournament)
    first, *others = [p for p in round_of(tournament, 1) if p.b_id]
    services.pairing_walkover(pairing=first, present="A")
    for pairing in others:
        play(pairing, "A")
    bye = next(p for p in round_of(tournament, 2) if p.b_id is None)
    assert bye.a_id != first.b_id
    assert bye.a_id in {p.b_id for p in others}  # a loser that came, next lowest placed
