"""Swiss floats go from the top score group down, as in the Dutch system: the leaders play
each other when they can, and a group lower down floats instead."""

from functools import cache

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tournaments.formats import SwissPairingError, swiss_pairings


def pairs_of(*pairs):
    return {frozenset(pair) for pair in pairs}


def test_the_two_unbeaten_leaders_meet_though_the_five_point_pair_below_them_met_already():
    """Saturday's QA Swiss of nine before its last round (win 3, draw 2, loss 1, no-show 0,
    a bye a win). Filipe/Leonor withdrew: their second round was a walkover to Ana/Filipe,
    and they are left out of the pairing. The two on 5 points drew in round one, so two
    partnerships float either way: the 5s down to the 4s, not the leaders down to the 5s."""
    order = ["Inês/Olga", "Eva/João", "Bruno/Gabriela", "Ana/Filipe",
             "Gabriela/Miguel", "Duarte/Inês", "Hugo/Nuno", "Carla/Hugo"]
    scores = dict(zip(order, [6, 6, 5, 5, 4, 4, 4, 2], strict=True))
    played = pairs_of(
        ("Inês/Olga", "Filipe/Leonor"), ("Gabriela/Miguel", "Hugo/Nuno"),
        ("Eva/João", "Carla/Hugo"), ("Bruno/Gabriela", "Ana/Filipe"),
        ("Eva/João", "Gabriela/Miguel"), ("Inês/Olga", "Duarte/Inês"),
        ("Bruno/Gabriela", "Carla/Hugo"), ("Ana/Filipe", "Filipe/Leonor"),
    )
    had_bye = {"Duarte/Inês", "Hugo/Nuno"}

    draw = swiss_pairings(order, scores, played, had_bye, rounds_left=0)

    assert ("Inês/Olga", "Eva/João") in draw.pairs
    assert draw == ([("Inês/Olga", "Eva/João"), ("Bruno/Gabriela", "Gabriela/Miguel"),
                     ("Ana/Filipe", "Duarte/Inês"), ("Hugo/Nuno", "Carla/Hugo")], None)


def fewest_top_floaters(field, top, played):
    """The fewest entrants of ``top`` that a complete pairing of ``field`` without a rematch
    pairs outside ``top``; None if every pairing has a rematch."""

    @cache
    def fewest(left):
        if not left:
            return 0
        first, *rest = left
        best = None
        for other in rest:
            if frozenset((first, other)) in played:
                continue
            after = fewest(tuple(entrant for entrant in rest if entrant != other))
            if after is not None:
                cost = after + ((first in top) != (other in top))
                best = cost if best is None else min(best, cost)
        return best

    return fewest(tuple(field))


@st.composite
def rounds_to_pair(draw):
    """An even field of up to ten, scores in a few groups, some pairs already played."""
    n = draw(st.sampled_from([2, 4, 6, 8, 10]))
    field = list(range(1, n + 1))
    points = draw(st.lists(st.integers(min_value=0, max_value=4), min_size=n, max_size=n))
    scores = dict(zip(field, points, strict=True))
    every_pair = [(a, b) for a in field for b in field if a < b]
    played = {frozenset(pair) for pair, met in
              zip(every_pair, draw(st.lists(st.booleans(), min_size=len(every_pair),
                                            max_size=len(every_pair))), strict=True) if met}
    return sorted(field, key=lambda entrant: (-scores[entrant], entrant)), scores, played


@settings(max_examples=150, deadline=None, database=None)
@given(rounds_to_pair())
def test_no_more_of_the_top_score_group_float_than_a_pairing_without_a_rematch_needs(round_):
    """In particular: when the top group can be paired among itself and the rest among
    themselves, nobody from it floats."""
    order, scores, played = round_
    top = {entrant for entrant in order if scores[entrant] == scores[order[0]]}
    fewest = fewest_top_floaters(order, top, played)
    assume(fewest is not None)
    try:
        draw = swiss_pairings(order, scores, played, set())
    except SwissPairingError:
        raise AssertionError("a pairing without a rematch exists") from None
    assert sum((a in top) != (b in top) for a, b in draw.pairs) == fewest
