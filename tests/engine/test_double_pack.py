"""The double pack (RULES.md, "Variants with other totals"): two 40-card packs, eight
players in two partnerships of four at alternate seats, 240 card points a deal."""

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import (
    SIDES,
    Deal,
    DealError,
    Format,
    Rules,
    RulesError,
    apply,
    deal_entered,
    format_from,
    leader,
    new_match,
    next_dealer,
    possible_points,
    replay,
    rules_from,
    side_of,
)
from scoring.engine.cards import PACKS, RANK_POINTS
from tests.engine.helpers import play, revoke, states_of

DOUBLE = rules_from("double_pack")
CLOCKWISE = rules_from("double_pack", {"rotation": "clockwise"})
CHECKS = settings(deadline=None, max_examples=100)


def won(points: int, **extra) -> Deal:
    """A double-pack deal where side A took ``points`` card points (B the rest of 240)."""
    return Deal(points=(points, 240 - points), **extra)


def double(*deals: Deal, **options) -> object:
    return play(*deals, preset="double_pack", **options)


def _refusal(deal: Deal, **rules) -> str:
    with pytest.raises(DealError) as caught:
        double(deal, **rules)
    return str(caught.value)


def test_the_preset_is_the_double_pack_with_its_own_default_for_two_games():
    assert DOUBLE == Rules(deck="double") == rules_from(overrides={"deck": "double"})
    assert (DOUBLE.double_from, DOUBLE.deal_total, DOUBLE.pack.players) == (181, 240, 8)
    assert DOUBLE.as_dict()["deck"] == "double"


def test_the_pack_has_eighty_cards_worth_240():
    pack = PACKS["double"]
    assert (sum(pack.counting.values()) + pack.blanks, pack.points) == (80, 240)


@pytest.mark.parametrize(("points", "games"), [
    (121, 1), (150, 1), (180, 1), (181, 2), (238, 2), (240, 2),
])
def test_more_than_half_of_240_is_a_game_and_181_two(points, games):
    assert double(won(points)).games == (games, 0)


def test_120_each_is_a_tie():
    state = double(won(120))
    assert (state.games, state.deals[0].kind) == ((0, 0), "tie")
    assert double(won(120), won(150), tie="carry").games == (2, 0)


def test_all_ten_tricks_is_a_flag_and_240_without_them_two_games():
    assert double(won(240, flag="A")).games == (4, 0)
    assert double(won(240, tricks=(10, 0))).games == (4, 0)
    assert double(won(240)).games == (2, 0)
    assert double(won(240), flag="points").games == (4, 0)


def test_double_from_counts_in_the_double_packs_points():
    assert double(won(170), double_from=170).games == (2, 0)
    assert double(won(169), double_from=170).games == (1, 0)


@pytest.mark.parametrize("value", [91, 120, 241, 60, True])
def test_double_from_outside_121_to_240_is_refused(value):
    with pytest.raises(RulesError, match="double pack two games are won from .* 121 to 240"):
        rules_from("double_pack", {"double_from": value})


def test_the_single_pack_refuses_a_double_pack_double_from():
    with pytest.raises(RulesError, match="from 61 to 120"):
        rules_from(overrides={"double_from": 181})


@pytest.mark.parametrize("deck", ["triple", None, 2, ["double"]])
def test_an_unknown_deck_is_refused(deck):
    with pytest.raises(RulesError, match="one pack .* or two packs"):
        rules_from(overrides={"deck": deck})


@pytest.mark.parametrize("bonus", [{"last_trick_bonus": 10}, {"maria_de_copas": 4}])
def test_a_bonus_with_the_double_pack_is_refused(bonus):
    with pytest.raises(RulesError, match="one pack only"):
        rules_from("double_pack", bonus)


def test_points_must_add_up_to_240():
    assert _refusal(Deal(points=(73, 47))) == (
        "With the double pack card points must add up to 240 (73 + 47 = 120).")


@pytest.mark.parametrize("points", [1, 239])
def test_no_side_can_score_1_or_239(points):
    assert _refusal(won(points)) == "No side can score 1 or 239 card points: no card is worth 1."


def test_a_flag_needs_240():
    assert _refusal(won(238, flag="A")) == (
        "With the double pack a flag needs 240 card points on the flag's side: A has 238.")


def test_recorded_tricks_must_allow_the_points():
    assert double(won(88, tricks=(1, 9))).games == (0, 1)  # eight aces
    assert "89 card points are impossible with 1 of the ten tricks" in _refusal(
        won(89, tricks=(1, 9)))


def test_a_revoke_costs_the_same_games():
    assert double(revoke("A")).games == (0, 2)


def test_in_the_points_format_a_revoke_gives_240():
    assert double(revoke("B"), fmt={"type": "points"}).points == (240, 0)


# Seats 0..7, A at the even seats.

def test_the_partnerships_of_four_sit_at_alternate_seats():
    assert [side_of(seat) for seat in range(8)] == ["A", "B"] * 4


def test_counterclockwise_the_deal_passes_to_the_right_of_eight():
    assert [next_dealer(d, DOUBLE) for d in range(8)] == [(d + 7) % 8 for d in range(8)]
    assert [leader(d, DOUBLE) for d in range(8)] == [7, 0, 1, 2, 3, 4, 5, 6]


def test_clockwise_the_deal_passes_to_the_left_of_eight():
    assert [next_dealer(d, CLOCKWISE) for d in range(8)] == [(d + 1) % 8 for d in range(8)]


def test_the_leader_is_an_opponent_of_the_dealer():
    assert all(side_of(leader(d, rules)) != side_of(d) for rules in (DOUBLE, CLOCKWISE)
               for d in range(8))


def test_eight_deals_bring_the_deal_back_to_the_first_dealer():
    state = double(*[won(120)] * 8, first_dealer=5)
    assert [d.dealer for d in state.deals] == [5, 4, 3, 2, 1, 0, 7, 6]
    assert state.next_dealer == 5


@pytest.mark.parametrize("seat", [-1, 8, True, "7", None])
def test_the_first_dealer_is_a_seat_from_0_to_7(seat):
    with pytest.raises(RulesError, match="double pack the first dealer must be a seat from 0 to 7"):
        new_match(DOUBLE, format_from(None), seat)


def test_seat_7_is_no_seat_with_one_pack():
    with pytest.raises(RulesError, match="seat from 0 to 3"):
        new_match(rules_from(), format_from(None), 7)


# What a referee types: the other side has 240 minus.

@pytest.mark.parametrize(("typed", "points"), [
    ((173, None), (173, 67)), ((None, 67), (173, 67)), ((240, None), (240, 0)),
])
def test_the_other_side_has_240_minus(typed, points):
    assert deal_entered(typed, deck="double").points == points


def test_a_flag_alone_is_240_and_a_tie_120_each():
    assert deal_entered(flag="B", deck="double") == Deal(points=(0, 240), flag="B")
    assert deal_entered(tie=True, deck="double").points == (120, 120)


def test_the_single_pack_entry_is_unchanged():
    assert deal_entered((73, None)).points == (73, 47)


# The tricks table, derived like the single pack's, against a brute force over every hand.

def _brute_force(deck: str, tricks: int, queen: bool = False) -> set[int]:
    """Every count of aces, sevens, kings, jacks and queens (with ``queen``, at least one),
    with blanks making up the side's cards."""
    pack = PACKS[deck]
    values = [v for v in RANK_POINTS.values() if v]
    copies = pack.packs * 4
    cards = tricks * pack.players
    found = set()
    for counts in product(range(copies + 1), repeat=len(values)):
        if queen and counts[values.index(2)] == 0:
            continue
        if 0 <= cards - sum(counts) <= pack.blanks:
            found.add(sum(c * v for c, v in zip(counts, values, strict=True)))
    return found


@pytest.mark.parametrize("tricks", range(11))
def test_the_double_packs_table_is_what_the_cards_allow(tricks):
    assert possible_points(tricks, "double") == _brute_force("double", tricks)


@pytest.mark.parametrize("tricks", range(11))
def test_the_single_packs_table_is_what_the_cards_allow(tricks):
    assert possible_points(tricks) == _brute_force("single", tricks)


@pytest.mark.parametrize("tricks", range(11))
def test_with_the_queen_of_hearts_the_table_is_what_the_cards_allow(tricks):
    assert possible_points(tricks, queen=True) == _brute_force("single", tricks, queen=True)


def test_the_double_packs_table_at_its_ends():
    assert possible_points(0, "double") == {0}
    assert possible_points(10, "double") == {240}
    assert max(possible_points(1, "double")) == 88  # a trick of eight aces
    reachable = frozenset().union(*(possible_points(t, "double") for t in range(11)))
    assert reachable == set(range(241)) - {1, 239}


def test_one_sides_points_fit_the_other_sides_tricks():
    for tricks in range(11):
        mirrored = {240 - p for p in possible_points(10 - tricks, "double")}
        assert possible_points(tricks, "double") == mirrored


# Whole matches.

formats = st.one_of(
    st.builds(Format, st.just("first_to"), target=st.integers(1, 12)),
    st.builds(Format, st.just("partidas"), target=st.integers(1, 6), to_win=st.integers(1, 3)),
    st.builds(Format, st.just("fixed_deals"), deals=st.integers(1, 16), extra_deals=st.booleans()),
    st.builds(Format, st.just("points"), target=st.integers(1, 1600)),
)
double_rules = st.builds(
    Rules, deck=st.just("double"), flag=st.sampled_from(["tricks", "points"]),
    flag_value=st.integers(1, 6), flag_wins_partida=st.booleans(),
    double_from=st.integers(121, 240), tie=st.sampled_from(["none", "carry"]),
    revoke=st.one_of(st.integers(1, 4), st.sampled_from(["partida", "match"])),
    rotation=st.sampled_from(["counterclockwise", "clockwise"]),
)


@st.composite
def double_deals(draw) -> Deal:
    if draw(st.integers(0, 7)) == 0:
        return Deal(revoke=draw(st.sampled_from(SIDES)))
    tricks = draw(st.integers(0, 10))
    a = draw(st.sampled_from(sorted(possible_points(tricks, "double"))))
    flag = None
    if a in (0, 240) and draw(st.booleans()):
        flag, tricks = ("A", 10) if a == 240 else ("B", 0)
    recorded = (tricks, 10 - tricks) if draw(st.booleans()) else None
    return Deal(points=(a, 240 - a), flag=flag, tricks=recorded)


@CHECKS
@given(double_rules, formats, st.integers(0, 7), st.lists(double_deals(), max_size=40))
def test_every_deal_shares_out_240_or_none_for_a_revoke(rules, fmt, first, played):
    state = states_of(rules, fmt, first, played)[-1]
    for deal in state.deals:
        counted = deal.kind != "revoke" or fmt.type == "points"
        assert sum(deal.points) == (240 if counted else 0)


@CHECKS
@given(double_rules, formats, st.integers(0, 7), st.lists(double_deals(), max_size=40))
def test_games_never_decrease_and_every_eighth_deal_is_the_first_dealers(rules, fmt, first,
                                                                        played):
    states = states_of(rules, fmt, first, played)
    for before, after in zip(states, states[1:], strict=False):
        assert all(a >= b for a, b in zip(after.games, before.games, strict=True))
    assert all(d.dealer == first for d in states[-1].deals[::8])
    assert len({d.dealer for d in states[-1].deals[:8]}) == min(8, states[-1].deals_played)


@CHECKS
@given(double_rules, formats, st.integers(0, 7), st.lists(double_deals(), max_size=40),
       st.integers(0, 40))
def test_a_replay_equals_the_deals_applied_one_by_one(rules, fmt, first, played, cut):
    played = played[:len(states_of(rules, fmt, first, played)) - 1]
    cut = min(cut, len(played))
    state = replay(rules, fmt, first, played[:cut])
    for index, deal in enumerate(played[cut:], start=cut):
        state = apply(rules, fmt, state, deal, index)
    assert state == replay(rules, fmt, first, played)


def _span(low: int, high: int, *excluded: int) -> frozenset[int]:
    return frozenset(range(low, high + 1)) - set(excluded)


# The table of docs/conformance.md, as written there.
DOCS_TABLE = {
    0: _span(0, 0), 1: _span(0, 88, 1), 2: _span(0, 168, 1, *range(163, 168)),
    3: _span(0, 200, 1), 4: _span(0, 224, 1), 5: _span(0, 240, 1, 239), 6: _span(16, 240, 239),
    7: _span(40, 240, 239), 8: _span(72, 240, *range(73, 78), 239), 9: _span(152, 240, 239),
    10: _span(240, 240),
}


@pytest.mark.parametrize("tricks", range(11))
def test_the_docs_table_is_the_derived_one(tricks):
    assert possible_points(tricks, "double") == DOCS_TABLE[tricks]
