import pytest

from tournaments.formats import (
    Pairing,
    bracket_size,
    knockout_first_round,
    next_round,
    random_draw,
    round_code,
    round_codes,
    round_count,
    round_places,
    third_place_match,
)

FIELD_SIZES = range(2, 131)


def first_round_of(n):
    return knockout_first_round(list(range(1, n + 1)))


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_every_entrant_appears_exactly_once(n):
    placed = [side for pairing in first_round_of(n) for side in (pairing.a, pairing.b)]
    assert sorted(side for side in placed if side is not None) == list(range(1, n + 1))


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_the_byes_go_to_the_top_seeds(n):
    byes = [pairing.a for pairing in first_round_of(n) if pairing.is_bye]
    assert sorted(byes) == list(range(1, bracket_size(n) - n + 1))


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_a_bye_never_meets_a_bye_and_the_better_seed_is_named_first(n):
    for pairing in first_round_of(n):
        assert pairing.a is not None
        assert pairing.b is None or pairing.a < pairing.b


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_seeds_one_and_two_can_only_meet_in_the_final(n):
    pairings = first_round_of(n)
    half = {side: 2 * p.slot >= len(pairings) for p in pairings for side in (p.a, p.b)}
    if n == 2:
        assert (pairings[0].a, pairings[0].b) == (1, 2)
    else:
        assert half[1] != half[2]


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_slots_are_numbered_top_to_bottom(n):
    assert [pairing.slot for pairing in first_round_of(n)] == list(range(bracket_size(n) // 2))


def test_sixteen_entrants_meet_as_in_the_standard_bracket():
    pairs = [(pairing.a, pairing.b) for pairing in first_round_of(16)]
    assert pairs[:4] == [(1, 16), (8, 9), (4, 13), (5, 12)]


def test_five_entrants_give_byes_to_the_three_best():
    assert first_round_of(5) == [
        Pairing(0, 1, None),
        Pairing(1, 4, 5),
        Pairing(2, 2, None),
        Pairing(3, 3, None),
    ]


@pytest.mark.parametrize("n", [3, 5, 8, 12, 16, 33])
def test_when_favourites_always_win_the_final_is_seed_one_against_seed_two(n):
    pairings = first_round_of(n)
    while len(pairings) > 1:
        pairings = next_round([min(side for side in (p.a, p.b) if side) for p in pairings])
    assert (pairings[0].a, pairings[0].b) == (1, 2)


def test_next_round_pairs_winners_of_adjacent_slots():
    assert next_round(["w0", "w1", "w2", "w3"]) == [Pairing(0, "w0", "w1"), Pairing(1, "w2", "w3")]


@pytest.mark.parametrize("winners", [["a"], ["a", "b", "c"], ["a", "b", "c", "d", "e", "f"]])
def test_next_round_rejects_a_count_that_is_not_a_power_of_two(winners):
    with pytest.raises(ValueError):
        next_round(winners)


def test_the_same_draw_seed_gives_the_same_draw():
    assert random_draw(range(1, 12), rng_seed=2024) == random_draw(range(1, 12), rng_seed=2024)


def test_different_draw_seeds_give_different_draws():
    draws = {tuple(random_draw(range(1, 17), rng_seed=seed)) for seed in range(5)}
    assert len(draws) == 5


def test_a_draw_places_every_entrant_once_and_never_a_bye_against_a_bye():
    pairings = random_draw(["Benfica", "Porto", "Sporting", "Braga", "Vitória"], rng_seed="sorteio")
    sides = [side for pairing in pairings for side in (pairing.a, pairing.b) if side]
    assert sorted(sides) == ["Benfica", "Braga", "Porto", "Sporting", "Vitória"]
    assert all(pairing.a is not None for pairing in pairings)


def test_it_refuses_a_field_with_a_repeated_entrant():
    with pytest.raises(ValueError):
        knockout_first_round([1, 2, 2])


def test_it_refuses_a_single_entrant():
    with pytest.raises(ValueError):
        knockout_first_round([1])


def test_the_third_place_match_is_between_the_semi_final_losers():
    semis = [Pairing(0, 1, 4), Pairing(1, 2, 3)]
    assert third_place_match(semis, [4, 2]) == Pairing(0, 1, 3)


def test_after_a_bye_semi_final_the_only_loser_takes_third_without_playing():
    semis = [Pairing(0, 1, None), Pairing(1, 2, 3)]
    assert third_place_match(semis, [1, 2]) == Pairing(0, 3, None)


def test_the_third_place_match_rejects_a_winner_who_did_not_play_the_semi():
    with pytest.raises(ValueError):
        third_place_match([Pairing(0, 1, 4), Pairing(1, 2, 3)], [5, 2])


@pytest.mark.parametrize(("n", "rounds"), [(2, 1), (3, 2), (4, 2), (5, 3), (16, 4), (17, 5)])
def test_round_count_includes_the_round_with_byes(n, rounds):
    assert round_count(n) == rounds


def test_rounds_have_stable_codes_from_first_to_final():
    assert round_codes(20) == ["round_of_32", "round_of_16", "quarter_final", "semi_final", "final"]
    assert round_codes(2) == ["final"]


@pytest.mark.parametrize("places", [1, 3, 6])
def test_round_code_rejects_places_that_are_not_a_power_of_two(places):
    with pytest.raises(ValueError):
        round_code(places)


@pytest.mark.parametrize("places", [2, 4, 8, 16, 32, 1024])
def test_a_rounds_places_are_read_back_from_its_code(places):
    assert round_places(round_code(places)) == places


@pytest.mark.parametrize("code", ["round_of_8", "round_of_016", "round_of_12", "groups", ""])
def test_round_places_rejects_a_code_round_code_never_gives(code):
    with pytest.raises(ValueError):
        round_places(code)
