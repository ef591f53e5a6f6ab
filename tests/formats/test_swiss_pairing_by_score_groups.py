"""Swiss rounds paired score group by score group (``swiss_brackets``) against the whole
field paired in one matching (``swiss_matching.windowed``, the pairing as it was before)."""

import random
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import swiss as swiss_module
from tournaments.formats import swiss_brackets, swiss_matching, swiss_pairings, swiss_rounds_possible
from tournaments.formats.swiss_matching import PairCosts


class Event:
    """A Swiss played round by round: win 3 and loss 1, or any 0 to 3 points a side."""

    def __init__(self, n, seed, any_scores=False):
        self.entrants = list(range(1, n + 1))
        self.scores = dict.fromkeys(self.entrants, 0)
        self.played, self.had_bye = set(), set()
        self.rng, self.any_scores = random.Random(seed), any_scores

    def order(self):
        return sorted(self.entrants, key=lambda entrant: (-self.scores[entrant], entrant))

    def draw(self, rounds_left=0):
        return swiss_pairings(self.order(), self.scores, self.played, self.had_bye, rounds_left=rounds_left)

    def play(self, draw):
        for a, b in draw.pairs:
            self.played.add(frozenset((a, b)))
            if self.any_scores:
                self.scores[a] += self.rng.randint(0, 3)
                self.scores[b] += self.rng.randint(0, 3)
            else:
                winner, loser = (a, b) if self.rng.random() < 0.5 else (b, a)
                self.scores[winner] += 3
                self.scores[loser] += 1
        if draw.bye is not None:
            self.had_bye.add(draw.bye)
            self.scores[draw.bye] += 3

    def field_and_costs(self, bye):
        field = [entrant for entrant in self.order() if entrant != bye]
        return field, PairCosts(field, self.scores)


def fresh_of(field, played):
    return lambda pair: frozenset((field[pair[0]], field[pair[1]])) not in played


def group_cost(costs, pairs):
    """What the pairs cost in score groups: the squares of the groups each spans."""
    return sum(costs.gap(i, j) ** 2 for i, j in pairs)


def as_positions(field, pairs):
    position = {entrant: number for number, entrant in enumerate(field)}
    return [tuple(sorted((position[a], position[b]))) for a, b in pairs]


def the_pairing_as_it_was():
    """swiss_pairings with every round paired as one matching of the whole field."""
    return mock.patch.object(swiss_matching, "_match", swiss_matching.windowed)


def check_complete_and_fresh(event, draw):
    sides = sorted([side for pair in draw.pairs for side in pair] + [draw.bye] * (draw.bye is not None))
    assert sides == event.entrants
    assert not {frozenset(pair) for pair in draw.pairs} & event.played


@st.composite
def events(draw):
    n = draw(st.integers(min_value=2, max_value=40))
    rounds = draw(st.integers(min_value=1, max_value=min(swiss_rounds_possible(n), 12)))
    seed = draw(st.integers(min_value=0, max_value=10**6))
    return n, rounds, seed, draw(st.booleans()), draw(st.booleans())


@settings(max_examples=80, deadline=None, database=None)
@given(events())
def test_whole_events_pair_as_well_as_one_matching_of_the_field_round_after_round(event):
    n, rounds, seed, any_scores, looking_ahead = event
    swiss = Event(n, seed, any_scores)
    for number in range(rounds):
        rounds_left = rounds - number - 1 if looking_ahead else 0
        try:
            draw = swiss.draw(rounds_left)
        except swiss_module.SwissPairingError:
            with the_pairing_as_it_was(), pytest.raises(swiss_module.SwissPairingError):
                swiss.draw(rounds_left)
            return
        check_complete_and_fresh(swiss, draw)
        assert draw.bye is None or draw.bye not in swiss.had_bye or len(swiss.had_bye) == n
        field, costs = swiss.field_and_costs(draw.bye)
        best = swiss_matching._match(field, costs, swiss.played)
        oracle = swiss_matching.windowed(field, costs, swiss.played)
        assert costs.total(best) == costs.total(oracle)
        if not rounds_left:
            with the_pairing_as_it_was():
                as_it_was = swiss.draw()
            assert draw.bye == as_it_was.bye
            assert costs.total(as_positions(field, draw.pairs)) == costs.total(
                as_positions(field, as_it_was.pairs))
        swiss.play(draw)


def test_a_field_of_257_floats_as_little_as_one_matching_of_the_field_though_big_groups_are_cut():
    swiss, cut = Event(257, seed=7), 0
    for number in range(8):
        draw = swiss.draw(rounds_left=7 - number)
        check_complete_and_fresh(swiss, draw)
        field, costs = swiss.field_and_costs(draw.bye)
        oracle = swiss_matching.windowed(field, costs, swiss.played)
        assert group_cost(costs, as_positions(field, draw.pairs)) == group_cost(costs, oracle)
        cut += max(costs.size) >= 2 * (2 * swiss_brackets.MARGIN + swiss_brackets.BLOCK)
        swiss.play(draw)
    assert cut >= 3


def test_ten_rounds_of_1025_are_paired_score_group_by_score_group():
    swiss = Event(1025, seed=1025)
    for number in range(10):
        draw = swiss.draw(rounds_left=9 - number)
        check_complete_and_fresh(swiss, draw)
        assert draw.bye not in swiss.had_bye
        field, costs = swiss.field_and_costs(draw.bye)
        by_groups = swiss_brackets.bracketed(costs, fresh_of(field, swiss.played), swiss_matching.WINDOW)
        assert by_groups == sorted(as_positions(field, draw.pairs))
        swiss.play(draw)


def test_segments_end_where_an_even_number_of_entrants_rank_above():
    assert list(swiss_brackets._segments([0, 0, 0, 1, 1, 1, 2, 2])) == [[0, 1, 2, 3, 4, 5], [6, 7]]
    assert list(swiss_brackets._segments([0, 1, 1, 2])) == [[0, 1, 2, 3]]


def test_a_float_forced_by_a_rematch_is_left_to_one_matching_of_the_field():
    field, scores = [1, 2, 3, 4], {1: 6, 2: 6, 3: 3, 4: 3}
    played = {frozenset((1, 2))}
    costs = PairCosts(field, scores)
    assert swiss_brackets.bracketed(costs, fresh_of(field, played), swiss_matching.WINDOW) is None
    assert swiss_matching._match(field, costs, played) == [(0, 2), (1, 3)]


def test_a_big_score_group_plays_its_ladder_and_goes_round_a_rematch_on_a_rung():
    field = list(range(1, 129))
    scores = dict.fromkeys(field, 6)
    played = {frozenset((21, 85)), frozenset((1, 65))}
    draw = swiss_pairings(field, scores, played, set())
    pairs = set(draw.pairs)
    assert len(pairs) == 64 and not {frozenset(pair) for pair in pairs} & played
    rungs_far_from_the_rematches = [(a, a + 64) for a in range(1, 65) if min(abs(a - 1), abs(a - 21)) > 8]
    assert pairs.issuperset(rungs_far_from_the_rematches)


def test_floating_more_than_the_groups_force_inside_a_segment_is_left_to_one_matching_too():
    """Inside its segment 1-6 crosses from the 3s to the 2s three times (1-6 2-4 3-5, 7-8);
    the whole field can float the same three times but closer (2-4, then 5-7 and 6-8)."""
    field = list(range(1, 9))
    scores = dict(zip(field, [3, 3, 3, 2, 2, 2, 1, 1], strict=True))
    played = {frozenset(pair) for pair in
              [(1, 5), (2, 5), (2, 6), (2, 7), (2, 8), (3, 4), (4, 5), (4, 6), (5, 6), (6, 7)]}
    costs = PairCosts(field, scores)
    assert swiss_brackets.bracketed(costs, fresh_of(field, played), swiss_matching.WINDOW) is None
    assert swiss_pairings(field, scores, played, set()).pairs == [(1, 3), (2, 4), (5, 7), (6, 8)]
