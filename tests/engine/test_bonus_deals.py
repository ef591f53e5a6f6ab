"""The bonus games (RULES.md, "Variants with other totals"): the side that takes the last
trick (Sueca Brasileira) or the Queen of Hearts (Maria de Copas) adds a bonus to its card
points; the referee enters the card points (120 as always) and names the side."""

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
    award,
    deal_entered,
    deal_from,
    possible_points,
    replay,
    rules_from,
    state_from,
)
from tests.engine.helpers import play, revoke, states_of

CHECKS = settings(deadline=None, max_examples=100)


def won(points: int, last: str | None = None, queen: str | None = None, **extra) -> Deal:
    """Side A took ``points`` card points; ``last`` took the last trick, ``queen`` her."""
    return Deal(points=(points, 120 - points), last_trick=last, queen_of_hearts=queen, **extra)


def last_trick(*deals: Deal, **options):
    return play(*deals, last_trick_bonus=10, **options)


def _refusal(deal: Deal, **rules) -> str:
    with pytest.raises(DealError) as caught:
        play(deal, **rules)
    return str(caught.value)


def test_the_brazilian_preset_adds_10_for_the_last_trick_and_deals_clockwise():
    rules = rules_from("brasil_last_trick")
    assert (rules.rotation, rules.last_trick_bonus, rules.deal_total) == ("clockwise", 10, 130)
    assert rules.as_dict()["last_trick_bonus"] == 10


def test_bonuses_are_off_by_default_and_left_out_of_the_rules_copy():
    rules = rules_from()
    assert (rules.last_trick_bonus, rules.maria_de_copas, rules.deal_total) == (0, 0, 120)
    assert {"deck", "last_trick_bonus", "maria_de_copas"}.isdisjoint(rules.as_dict())


def test_the_rules_copy_round_trips_with_the_bonuses():
    rules = Rules(last_trick_bonus=10, maria_de_copas=4, double_from=90)
    assert rules_from(overrides=rules.as_dict()) == rules


@pytest.mark.parametrize(("key", "value"), [
    ("last_trick_bonus", -1), ("last_trick_bonus", True), ("last_trick_bonus", 2.0),
    ("maria_de_copas", "4"), ("maria_de_copas", None), ("maria_de_copas", -10),
])
def test_a_bonus_is_a_whole_number_from_0(key, value):
    with pytest.raises(RulesError, match="whole number of card points, 0 for none"):
        rules_from(overrides={key: value})


def test_the_bonus_goes_to_the_side_that_took_it():
    state = last_trick(won(73, last="B"))
    assert (state.points, state.games) == ((73, 57), (1, 0))


def test_both_bonuses_add_up():
    state = play(won(73, last="B", queen="B"), last_trick_bonus=10, maria_de_copas=4)
    assert state.points == (73, 61)


@pytest.mark.parametrize(("points", "last", "scored", "games"), [
    (56, "A", (66, 64), (1, 0)),   # more than half of 130
    (55, "A", (65, 65), (0, 0)),   # exactly half: a tie
    (62, "B", (62, 68), (0, 1)),   # the bonus turns the deal
    (88, "A", (98, 32), (1, 0)),   # 91 scaled by 130/120 is 98.6: two games from 99
    (89, "A", (99, 31), (2, 0)),
    (120, "B", (120, 10), (2, 0)),
])
def test_the_thresholds_follow_the_total(points, last, scored, games):
    state = last_trick(won(points, last=last))
    assert (state.points, state.games) == (scored, games)


def test_a_tie_at_half_the_total_carries():
    state = last_trick(won(55, last="A"), won(70, last="A"), tie="carry")
    assert state.deals[0].kind == "tie"
    assert state.games == (2, 0)


def test_all_120_card_points_are_two_games_whatever_the_bonus():
    # 120 scaled to 130 is all of the total, out of reach while B took the last trick.
    assert last_trick(won(120, last="B"), double_from=120).games == (2, 0)
    assert last_trick(won(118, last="A"), double_from=120).games == (1, 0)  # 128 of 130


def test_two_games_from_a_double_from_of_90_scaled():
    rules = rules_from(overrides={"last_trick_bonus": 10, "double_from": 90})
    assert rules.two_games_from == 98  # 90 * 130 / 120 = 97.5, rounded up


def test_the_flag_is_still_all_ten_tricks():
    assert last_trick(won(120, last="A", flag="A")).games == (4, 0)


def test_a_flag_by_points_stands_against_a_bigger_bonus():
    state = play(won(120, last="B"), flag="points", last_trick_bonus=130)
    assert (state.points, state.games, state.deals[0].kind) == ((120, 130), (4, 0), "flag")


def test_card_points_are_still_checked_against_120():
    assert _refusal(Deal(points=(83, 47), last_trick="A"), last_trick_bonus=10) == (
        "Card points must add up to 120 (83 + 47 = 130).")


def test_a_deal_of_a_bonus_game_must_name_the_sides():
    assert _refusal(won(73), last_trick_bonus=10) == (
        "Say which side took the last trick: this game gives it a bonus of 10.")
    assert _refusal(won(73, last="A"), last_trick_bonus=10, maria_de_copas=4) == (
        "Say which side took the Queen of Hearts: this game gives her a bonus of 4.")


def test_a_game_without_the_bonus_names_no_side():
    assert _refusal(won(73, last="A")) == "This game gives no bonus for the last trick."
    assert _refusal(won(73, last="A", queen="A"), last_trick_bonus=10) == (
        "This game gives no bonus for the Queen of Hearts.")


@pytest.mark.parametrize("deal", [
    won(120, last="B", queen="A", flag="A"),
    won(120, last="B", queen="A", tricks=(10, 0)),
    won(0, last="A", queen="B", tricks=(0, 10)),
])
def test_the_side_with_all_ten_tricks_took_the_last_one(deal):
    assert _refusal(deal, last_trick_bonus=10, maria_de_copas=4) == (
        "The side that took all ten tricks took the last trick too.")


def test_the_side_with_all_ten_tricks_took_the_queen():
    assert _refusal(won(120, last="A", queen="B", flag="A"), last_trick_bonus=10,
                    maria_de_copas=4) == (
        "The side that took all ten tricks took the Queen of Hearts too.")


def test_a_flag_by_points_is_no_sweep_for_the_last_trick():
    state = play(won(120, last="B", flag="A"), flag="points", last_trick_bonus=10)
    assert state.points == (120, 10)


@pytest.mark.parametrize("points", [0, 3])
def test_a_side_with_0_or_3_card_points_holds_no_queen(points):
    assert _refusal(won(points, queen="A"), maria_de_copas=4) == (
        f"A side with {points} card points cannot have taken the Queen of Hearts.")


def test_the_queen_must_fit_the_sides_tricks():
    # One trick holds at most 35 with her (three aces beside her); 44 is four aces.
    assert play(won(35, queen="A", tricks=(1, 9)), maria_de_copas=4).points == (39, 85)
    assert _refusal(won(40, queen="A", tricks=(1, 9)), maria_de_copas=4) == (
        "40 card points with 1 of the ten tricks cannot include the Queen of Hearts.")


def test_the_queen_with_two_card_points_is_all_that_side_holds():
    assert play(won(2, queen="A"), maria_de_copas=4).points == (6, 118)


def test_a_revoke_names_no_bonus_side():
    with pytest.raises(DealError, match="either card points or a revoke"):
        Deal(revoke="A", last_trick="B")


@pytest.mark.parametrize("side", ["C", ["A"], 1])
def test_a_bonus_side_is_a_or_b(side):
    with pytest.raises(DealError, match="A side is A or B"):
        deal_from({"points": [73, 47], "queen_of_hearts": side})


def test_a_revoke_in_a_bonus_game_costs_games_as_ever():
    assert last_trick(revoke("A")).games == (0, 2)


def test_in_the_points_format_a_revoke_gives_the_whole_total():
    state = play(revoke("A"), fmt={"type": "points"}, last_trick_bonus=10, maria_de_copas=4)
    assert state.points == (0, 134)


def test_in_the_points_format_the_bonus_counts():
    state = last_trick(won(60, last="A"), won(60, last="A"), fmt={"type": "points",
                                                                  "target": 140})
    assert (state.points, state.finished, state.winner) == ((140, 120), True, "A")


def test_in_fixed_deals_equal_games_are_decided_by_points_with_bonuses():
    # A took 10 card points more; B took the last trick twice.
    state = last_trick(won(70, last="B"), won(55, last="B"), fmt={"type": "fixed_deals",
                                                                  "deals": 2})
    assert (state.games, state.points, state.winner) == ((1, 1), (125, 135), "B")


def test_a_deal_round_trips_through_its_dict():
    data = {"points": [73, 47], "last_trick": "B", "queen_of_hearts": "A"}
    assert deal_from(data).as_dict() == data


def test_the_referee_enters_card_points_and_the_sides():
    assert deal_entered((73, None), last_trick="B", queen_of_hearts="A") == Deal(
        points=(73, 47), last_trick="B", queen_of_hearts="A")
    assert deal_entered(flag="A", last_trick="A").points == (120, 0)
    assert deal_entered((None, 47), last_trick="").last_trick is None


# Whole matches.

formats = st.one_of(
    st.builds(Format, st.just("first_to"), target=st.integers(1, 12)),
    st.builds(Format, st.just("partidas"), target=st.integers(1, 6), to_win=st.integers(1, 3)),
    st.builds(Format, st.just("fixed_deals"), deals=st.integers(1, 12), extra_deals=st.booleans()),
    st.builds(Format, st.just("points"), target=st.integers(1, 800)),
)
bonus_rules = st.builds(
    Rules, flag=st.sampled_from(["tricks", "points"]), flag_value=st.integers(1, 6),
    flag_wins_partida=st.booleans(), double_from=st.integers(61, 120),
    tie=st.sampled_from(["none", "carry"]),
    revoke=st.one_of(st.integers(1, 4), st.sampled_from(["partida", "match"])),
    rotation=st.sampled_from(["counterclockwise", "clockwise"]),
    last_trick_bonus=st.integers(0, 150), maria_de_copas=st.integers(0, 150),
)


@st.composite
def bonus_deals(draw, rules: Rules) -> Deal:
    """A deal possible by the cards, naming the sides of the bonuses the rules give."""
    if draw(st.integers(0, 7)) == 0:
        return Deal(revoke=draw(st.sampled_from(SIDES)))
    tricks = draw(st.integers(0, 10))
    a = draw(st.sampled_from(sorted(possible_points(tricks))))
    swept = {10: "A", 0: "B"}.get(tricks)
    recorded = (tricks, 10 - tricks) if swept or draw(st.booleans()) else None
    last = (swept or draw(st.sampled_from(SIDES))) if rules.last_trick_bonus else None
    queen = None
    if rules.maria_de_copas:
        holders = [side for side, held, t in zip(SIDES, (a, 120 - a), (tricks, 10 - tricks),
                                                 strict=True)
                   if held in possible_points(t, queen=True)]
        queen = draw(st.sampled_from(holders))
    return Deal(points=(a, 120 - a), tricks=recorded, last_trick=last, queen_of_hearts=queen)


@st.composite
def matches(draw):
    rules = draw(bonus_rules)
    return (rules, draw(formats), draw(st.integers(0, 3)),
            draw(st.lists(bonus_deals(rules), max_size=40)), draw(st.integers(0, 40)))


@CHECKS
@given(matches())
def test_every_deal_shares_out_120_and_the_bonuses_or_none_for_a_revoke(match):
    rules, fmt, first, played, _ = match
    state = states_of(rules, fmt, first, played)[-1]
    total = 120 + rules.last_trick_bonus + rules.maria_de_copas
    for deal in state.deals:
        counted = deal.kind != "revoke" or fmt.type == "points"
        assert sum(deal.points) == (total if counted else 0)
    assert state.points == tuple(sum(d.points[i] for d in state.deals) for i in (0, 1))


@CHECKS
@given(matches())
def test_games_never_decrease(match):
    rules, fmt, first, played, _ = match
    states = states_of(rules, fmt, first, played)
    for before, after in zip(states, states[1:], strict=False):
        assert all(a >= b for a, b in zip(after.games, before.games, strict=True))
        assert all(a >= b for a, b in zip(after.partidas, before.partidas, strict=True))


@CHECKS
@given(matches())
def test_a_replay_equals_the_deals_applied_one_by_one(match):
    rules, fmt, first, played, cut = match
    played = played[:len(states_of(rules, fmt, first, played)) - 1]
    cut = min(cut, len(played))
    state = replay(rules, fmt, first, played[:cut])
    for index, deal in enumerate(played[cut:], start=cut):
        state = apply(rules, fmt, state, deal, index)
    assert state == replay(rules, fmt, first, played)
    if cut < len(played):
        restored = state_from(replay(rules, fmt, first, played[:cut]).stored())
        assert award(rules, fmt, restored, played[cut]).games == state.deals[cut].games


@CHECKS
@given(matches())
def test_the_side_ahead_with_the_bonuses_wins_the_deal(match):
    rules, fmt, first, played, _ = match
    if fmt.type == "points":
        return
    for deal in states_of(rules, fmt, first, played)[-1].deals:
        if deal.kind == "points":
            assert (deal.games[0] > 0) == (deal.points[0] > deal.points[1])
        if deal.kind == "tie":
            assert deal.points[0] == deal.points[1]
