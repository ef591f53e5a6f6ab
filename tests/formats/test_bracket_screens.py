"""formats.bracket_screens: a knockout bracket cut into TV screens by its draw, at most four
first-column matches a screen, never more than four parts and the last rounds' screen."""

import pytest

from tournaments.formats.bracket_screens import (
    MOST_FIRST,
    MOST_MATCHES,
    Screen,
    Slice,
    bracket_screens,
)


def sizes_of(entrants: int) -> list[int]:
    """The slots of each round of a knockout of `entrants` (a power of two), first to final."""
    return [entrants >> rounds for rounds in range(1, entrants.bit_length())]


def slots(screen: Screen) -> dict[int, range]:
    return {part.column: range(part.start, part.stop) for part in screen.slices}


def test_a_bracket_of_eight_places_is_one_screen_with_its_third_place_match():
    assert bracket_screens(sizes_of(8)) == [Screen((Slice(0, 0, 4), Slice(1, 0, 2), Slice(2, 0, 1)))]
    assert bracket_screens(sizes_of(8))[0].third_place


def test_sixteen_places_are_two_halves_then_the_semi_finals_to_the_final():
    first, second, last = bracket_screens(sizes_of(16))
    assert first == Screen((Slice(0, 0, 4), Slice(1, 0, 2), Slice(2, 0, 1)),
                           part=1, parts=2, third_place=False)
    assert second == Screen((Slice(0, 4, 8), Slice(1, 2, 4), Slice(2, 1, 2)),
                            part=2, parts=2, third_place=False)
    assert last == Screen((Slice(2, 0, 2), Slice(3, 0, 1)), part=0, parts=2, third_place=True)


def test_thirty_two_places_are_four_parts_down_to_a_quarter_final_each_then_the_last_rounds():
    screens = bracket_screens(sizes_of(32))
    assert [(screen.part, screen.parts) for screen in screens] == [
        (1, 4), (2, 4), (3, 4), (4, 4), (0, 4)]
    assert slots(screens[2]) == {0: range(8, 12), 1: range(4, 6), 2: range(2, 3)}
    assert slots(screens[-1]) == {2: range(4), 3: range(2), 4: range(1)}
    assert [screen.third_place for screen in screens] == [False] * 4 + [True]


@pytest.mark.parametrize(("entrants", "first_column"), [(64, 1), (256, 3), (4096, 7)])
def test_a_very_big_bracket_starts_at_its_round_of_thirty_two(entrants, first_column):
    screens = bracket_screens(sizes_of(entrants))
    assert len(screens) == MOST_FIRST // MOST_MATCHES + 1 == 5
    assert [part.column for part in screens[0].slices] == [first_column + n for n in range(3)]
    assert slots(screens[-1])[first_column + 2] == range(4)  # the quarter-finals to the final


@pytest.mark.parametrize("entrants", [2 ** n for n in range(1, 13)])
def test_every_match_from_the_first_round_shown_is_on_one_part_with_those_it_came_from(
        entrants):
    sizes = sizes_of(entrants)
    screens = bracket_screens(sizes)
    parts = [screen for screen in screens if screen.part] or screens
    assert len(screens) <= 5
    for screen in screens:  # an 8-place bracket's size at most
        assert screen.slices[0].stop - screen.slices[0].start <= MOST_MATCHES
    shown = [column for column in range(len(sizes)) if any(
        column in slots(screen) for screen in parts)]
    for column in shown:  # each slot once, in one part
        on = [slot for screen in parts for slot in slots(screen).get(column, ())]
        assert sorted(on) == list(range(sizes[column]))
    for screen in parts:  # slot k of a round is where slots 2k and 2k+1 of the round before are
        for column, here in slots(screen).items():
            if column + 1 in slots(screen):
                assert [slot // 2 for slot in here][::2] == list(slots(screen)[column + 1])
    last = screens[-1]  # to the final, with the third-place match
    assert last.third_place and list(slots(last)) == list(range(last.slices[0].column,
                                                                len(sizes)))
    if len(screens) > 1:  # from the round where each part has one match
        assert last.slices[0].column == shown[-1] and sizes[shown[-1]] == len(parts)


def test_a_bracket_not_drawn_yet_is_one_empty_screen():
    assert bracket_screens([]) == [Screen(())]
