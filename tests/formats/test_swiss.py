import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import (
    SwissPairingError,
    lookahead,
    swiss_feasible,
    swiss_pairings,
    swiss_pairings_least_rematches,
    swiss_rounds_possible,
)
from tournaments.formats import swiss as swiss_module


class SwissEvent:
    """A Swiss tournament played out with random results (win 3, loss 1).

    Given ``rounds``, every draw is told how many rounds are still to come; with
    ``any_scores`` each side scores 0 to 3 points a match, whatever the result. With
    ``no_shows`` a match is now and then a walkover: the side that did not come scores 0,
    and the next draw is told who they were (``absent``).
    """

    def __init__(self, n, seed=0, rounds=None, any_scores=False, no_shows=0.0):
        self.entrants = list(range(1, n + 1))
        self.scores = dict.fromkeys(self.entrants, 0)
        self.played = set()
        self.had_bye = set()
        self.absent = set()
        self.rng = random.Random(seed)
        self.draws = []
        self.rounds, self.any_scores, self.no_shows = rounds, any_scores, no_shows

    def standings(self):
        return sorted(self.entrants, key=lambda entrant: (-self.scores[entrant], entrant))

    def play_round(self):
        rounds_left = self.rounds - len(self.draws) - 1 if self.rounds else 0
        draw = swiss_pairings(self.standings(), self.scores, self.played, self.had_bye,
                              rounds_left=rounds_left, absent=self.absent)
        self.absent = set()
        for a, b in draw.pairs:
            assert frozenset((a, b)) not in self.played, f"{a} and {b} met again"
            self.played.add(frozenset((a, b)))
            self.score(a, b)
        if draw.bye is not None:
            assert draw.bye not in self.had_bye
            self.had_bye.add(draw.bye)
            self.scores[draw.bye] += 3
        self.draws.append(draw)
        return draw

    def score(self, a, b):
        if self.rng.random() < self.no_shows:
            came, absent = (a, b) if self.rng.random() < 0.5 else (b, a)
            self.scores[came] += 3
            self.absent.add(absent)
            return
        if self.any_scores:
            self.scores[a] += self.rng.randint(0, 3)
            self.scores[b] += self.rng.randint(0, 3)
            return
        winner, loser = (a, b) if self.rng.random() < 0.5 else (b, a)
        self.scores[winner] += 3
        self.scores[loser] += 1


def sides(draw):
    return sorted([side for pair in draw.pairs for side in pair] + [draw.bye] * bool(draw.bye))


def test_the_first_round_pairs_the_top_half_against_the_bottom_half():
    draw = swiss_pairings(range(1, 9), dict.fromkeys(range(1, 9), 0), set(), set())
    assert draw.pairs == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert draw.bye is None


def test_an_odd_first_round_gives_the_bye_to_the_lowest_seed():
    draw = swiss_pairings(range(1, 8), dict.fromkeys(range(1, 8), 0), set(), set())
    assert draw.bye == 7
    assert draw.pairs == [(1, 4), (2, 5), (3, 6)]


def test_the_bye_goes_to_the_lowest_ranked_entrant_without_a_previous_bye():
    scores = {1: 6, 2: 6, 3: 4, 4: 4, 5: 2}
    draw = swiss_pairings([1, 2, 3, 4, 5], scores, set(), had_bye={5, 4})
    assert draw.bye == 3


def test_when_everyone_has_had_a_bye_the_lowest_ranked_gets_another():
    draw = swiss_pairings([1, 2, 3], dict.fromkeys([1, 2, 3], 3), set(), had_bye={1, 2, 3})
    assert draw.bye == 3


def test_the_bye_passes_up_when_the_lowest_ranked_would_force_a_rematch():
    draw = swiss_pairings([1, 2, 3], {1: 3, 2: 3, 3: 1}, {frozenset((1, 2))}, set())
    assert draw.bye == 2
    assert draw.pairs == [(1, 3)]


def test_a_no_show_of_the_round_just_played_does_not_get_the_bye():
    scores = {entrant: 3 for entrant in range(1, 11)} | {11: 0}
    draw = swiss_pairings(range(1, 12), scores, set(), set(), absent={11})
    assert draw.bye == 10


def test_a_no_show_comes_after_those_present_who_have_had_a_bye():
    scores = {1: 6, 2: 4, 3: 0}
    draw = swiss_pairings([1, 2, 3], scores, set(), had_bye={1, 2}, absent={3})
    assert draw.bye == 2


def test_a_no_show_has_the_bye_when_nobody_else_can_without_a_rematch():
    draw = swiss_pairings([1, 2, 3], {1: 3, 2: 3, 3: 0}, pairs_of((1, 3), (2, 3)), set(),
                          absent={3})
    assert draw == ([(1, 2)], 3)


def test_a_round_with_rematches_gives_the_bye_to_someone_present_too():
    meetings = {frozenset((1, 2)): 1}
    draw = swiss_pairings_least_rematches([1, 2, 3], {1: 3, 2: 3, 3: 0}, meetings, set(),
                                          absent={3})
    assert draw.bye == 2


def test_equal_scores_are_paired_together():
    scores = {1: 6, 2: 6, 3: 6, 4: 6, 5: 2, 6: 2, 7: 2, 8: 2}
    draw = swiss_pairings(range(1, 9), scores, set(), set())
    assert all(scores[a] == scores[b] for a, b in draw.pairs)


def test_an_odd_score_group_floats_its_lowest_to_the_top_of_the_next_group():
    scores = {1: 6, 2: 6, 3: 6, 4: 4, 5: 4, 6: 4}
    draw = swiss_pairings(range(1, 7), scores, set(), set())
    assert draw.pairs == [(1, 2), (3, 4), (5, 6)]


def test_a_lone_leader_floats_to_the_next_score_group_only():
    scores = {1: 9, 2: 6, 3: 6, 4: 6, 5: 0, 6: 0, 7: 0, 8: 0}
    draw = swiss_pairings(range(1, 9), scores, set(), set())
    assert draw.pairs == [(1, 2), (3, 4), (5, 7), (6, 8)]


def test_two_short_floats_are_preferred_to_one_long_float():
    scores = {1: 9, 2: 6, 3: 6, 4: 3}
    draw = swiss_pairings([1, 2, 3, 4], scores, set(), set())
    assert draw.pairs == [(1, 2), (3, 4)]


def test_a_forced_float_happens_only_when_equal_scores_already_met():
    scores = {1: 6, 2: 6, 3: 2, 4: 2}
    draw = swiss_pairings([1, 2, 3, 4], scores, {frozenset((1, 2))}, set())
    assert draw.pairs == [(1, 3), (2, 4)]


def test_it_refuses_a_round_that_can_only_repeat_a_match():
    played = {frozenset(pair) for pair in [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]}
    with pytest.raises(SwissPairingError):
        swiss_pairings([1, 2, 3, 4], dict.fromkeys([1, 2, 3, 4], 6), played, set())


def test_it_refuses_an_entrant_without_a_score():
    with pytest.raises(ValueError):
        swiss_pairings([1, 2, 3, 4], {1: 0, 2: 0, 3: 0}, set(), set())


def test_a_drawn_first_round_is_the_same_for_the_same_seed():
    scores = dict.fromkeys(range(1, 17), 0)
    first = swiss_pairings(range(1, 17), scores, set(), set(), rng_seed=11)
    assert first == swiss_pairings(range(1, 17), scores, set(), set(), rng_seed=11)
    assert first != swiss_pairings(range(1, 17), scores, set(), set())


def test_a_drawn_round_still_keeps_score_groups_together():
    scores = {entrant: 3 if entrant <= 6 else 1 for entrant in range(1, 13)}
    draw = swiss_pairings(range(1, 13), scores, set(), set(), rng_seed="sorteio")
    assert all(scores[a] == scores[b] for a, b in draw.pairs)


@pytest.mark.parametrize("n", [4, 7, 10, 15, 16, 23, 32, 41])
def test_no_pairing_repeats_over_many_rounds_of_random_results(n):
    event = SwissEvent(n, seed=n)
    for _ in range(min(8, (n - 3) // 2 + 1)):
        assert sides(event.play_round()) == event.entrants


@settings(max_examples=30, deadline=None, database=None)
@given(n=st.integers(min_value=2, max_value=30), seed=st.integers(min_value=0, max_value=10**6))
def test_any_random_event_pairs_everyone_once_a_round_without_rematches(n, seed):
    event = SwissEvent(n, seed=seed)
    for _ in range(max(1, (n - 3) // 2)):
        assert sides(event.play_round()) == event.entrants


@settings(max_examples=40, deadline=None, database=None)
@given(n=st.integers(min_value=3, max_value=21).filter(lambda n: n % 2),
       seed=st.integers(min_value=0, max_value=10**6))
def test_a_no_show_has_the_next_bye_only_when_nobody_present_can_take_it(n, seed):
    event = SwissEvent(n, seed=seed, no_shows=0.3)
    for _ in range(max(1, (n - 3) // 2)):
        absent, had_bye, played = set(event.absent), set(event.had_bye), set(event.played)
        draw = event.play_round()
        if draw.bye in absent:
            present = [e for e in event.entrants if e not in absent]
            takers = [e for e in present if e not in had_bye] or present
            assert not any(swiss_feasible([e for e in event.entrants if e != taker], played,
                                          rounds=1) for taker in takers)


def test_a_field_of_256_pairs_several_rounds_without_rematches():
    event = SwissEvent(256, seed=256)
    for _ in range(6):
        draw = event.play_round()
        assert sides(draw) == event.entrants
        assert len(draw.pairs) == 128


def test_with_few_rounds_played_score_groups_of_even_size_stay_together():
    event = SwissEvent(64, seed=3)
    for _ in range(4):
        before = dict(event.scores)
        draw = event.play_round()
        assert all(before[a] == before[b] for a, b in draw.pairs)


def pairs_of(*pairs):
    return {frozenset(pair) for pair in pairs}


SIX_AFTER_TWO_ROUNDS = {
    "order": [1, 2, 3, 4, 6, 5],
    "scores": {1: 6, 2: 4, 3: 4, 4: 4, 6: 4, 5: 2},
    "played": pairs_of((1, 4), (1, 6), (2, 3), (2, 5), (3, 6), (4, 5)),
}
"""Six teams after two rounds: the best third round, 1-2 3-4 6-5, would leave only the
pairs 1-3 1-5 3-5 and 2-4 2-6 4-6, two triangles with no fourth round in them."""


def test_looking_one_round_ahead_only_draws_the_pairing_that_corners_the_event():
    event = SIX_AFTER_TWO_ROUNDS
    draw = swiss_pairings(event["order"], event["scores"], event["played"], set())
    assert draw.pairs == [(1, 2), (3, 4), (6, 5)]
    assert not swiss_feasible(range(1, 7), event["played"] | pairs_of(*draw.pairs), rounds=1)


def test_a_third_round_of_four_leaves_a_fourth_without_a_rematch():
    event = SIX_AFTER_TWO_ROUNDS
    draw = swiss_pairings(event["order"], event["scores"], event["played"], set(), rounds_left=1)
    assert draw.pairs == [(1, 3), (2, 4), (6, 5)]
    assert swiss_feasible(range(1, 7), event["played"] | pairs_of(*draw.pairs), rounds=1)


def test_when_the_next_best_pairings_all_corner_the_event_a_round_of_the_plan_is_drawn(monkeypatch):
    monkeypatch.setattr(swiss_module, "SEARCH_PAIRINGS", 1)
    event = SIX_AFTER_TWO_ROUNDS
    draw = swiss_pairings(event["order"], event["scores"], event["played"], set(), rounds_left=1)
    assert not event["played"] & pairs_of(*draw.pairs)
    assert swiss_feasible(range(1, 7), event["played"] | pairs_of(*draw.pairs), rounds=1)


def test_an_odd_field_keeps_its_last_rounds_pairable_with_a_bye_for_each():
    scores = {1: 10, 4: 10, 7: 10, 3: 8, 5: 8, 6: 8, 2: 6}
    played = pairs_of(
        (1, 2), (1, 4), (1, 5), (1, 7), (2, 5), (2, 6), (3, 4), (3, 5), (3, 6), (3, 7), (4, 6), (4, 7)
    )
    had_bye = {2, 5, 6, 7}
    order = [1, 4, 7, 3, 5, 6, 2]
    assert swiss_pairings(order, scores, played, had_bye).pairs == [(1, 6), (4, 5), (7, 2)]
    draw = swiss_pairings(order, scores, played, had_bye, rounds_left=2)
    assert draw == ([(1, 6), (4, 2), (7, 5)], 3)
    assert swiss_feasible(order, played | pairs_of(*draw.pairs), rounds=2, had_bye=had_bye | {3})


def test_asking_for_more_rounds_than_can_be_paired_draws_the_best_pairing():
    scores = {1: 3, 2: 3, 3: 1, 4: 1}
    played = pairs_of((1, 3), (2, 4))
    best = swiss_pairings([1, 2, 3, 4], scores, played, set())
    assert swiss_pairings([1, 2, 3, 4], scores, played, set(), rounds_left=5) == best


@pytest.mark.parametrize(("n", "rounds"), [(1, 0), (2, 1), (3, 3), (4, 3), (5, 5), (6, 5), (12, 11)])
def test_a_swiss_without_rematches_lasts_at_most_a_round_robin(n, rounds):
    assert swiss_rounds_possible(n) == rounds


def test_four_fresh_entrants_can_play_three_rounds_but_not_four():
    assert swiss_feasible([1, 2, 3, 4], set(), rounds=3)
    assert not swiss_feasible([1, 2, 3, 4], set(), rounds=4)


def test_an_odd_field_cannot_give_a_second_bye_to_pair_another_round():
    played = pairs_of((1, 2))
    assert swiss_feasible([1, 2, 3], played, rounds=2, had_bye={3})
    assert not swiss_feasible([1, 2, 3], played, rounds=2, had_bye={1, 3})


@pytest.mark.parametrize(("n", "rounds"), [(256, 8), (1025, 6)])
def test_a_big_field_with_rounds_to_come_is_paired_without_building_the_unplayed_graph(
        monkeypatch, n, rounds):
    def no_graph(*args):
        raise AssertionError("a field this dense is known pairable from its counts")

    monkeypatch.setattr(swiss_module, "unplayed_graph", no_graph)
    monkeypatch.setattr(lookahead, "_Search", no_graph)
    event = SwissEvent(n, seed=1, rounds=rounds)
    for _ in range(rounds):
        assert sides(event.play_round()) == event.entrants


@settings(max_examples=200, deadline=None, database=None)
@given(n=st.integers(min_value=2, max_value=14), rounds=st.integers(min_value=1, max_value=8),
       seed=st.integers(min_value=0, max_value=10**6))
def test_the_counts_say_dense_exactly_when_the_unplayed_graph_is(n, rounds, seed):
    rng = random.Random(seed)
    field = list(range(1, n + 1))
    played = {frozenset(pair) for pair in ((a, b) for a in field for b in field if a < b)
              if rng.random() < 0.3}
    had_bye = {entrant for entrant in field if rng.random() < 0.3}
    graph = lookahead.unplayed_graph(field, played, had_bye)
    degrees = [len(partners) for partners in graph.values()]
    assert lookahead.surely_pairable(field, played, had_bye, rounds) == (
        min(degrees) - (rounds - 1) >= len(graph) / 2)


@st.composite
def events(draw):
    """A field of 4 to 12 and any number of rounds a Swiss of it can have."""
    n = draw(st.sampled_from(range(4, 13)))
    rounds = draw(st.integers(min_value=1, max_value=swiss_rounds_possible(n)))
    return n, rounds, draw(st.integers(min_value=0, max_value=10**6))


@settings(max_examples=60, deadline=None, database=None)
@given(events())
def test_a_swiss_of_any_possible_length_is_paired_to_the_end_without_rematch_or_second_bye(event):
    n, rounds, seed = event
    swiss = SwissEvent(n, seed=seed, rounds=rounds, any_scores=True)
    for _ in range(rounds):
        assert sides(swiss.play_round()) == swiss.entrants
