"""A knockout bracket shared among the screens of a café TV, each read from across the room.

A screen holds at most ``MOST_MATCHES`` matches in its first column, an 8-place bracket's
worth: what a 1280x720 TV shows in text read from three metres. A bigger bracket is cut by
its draw into ``parts`` (a power of two): part ``i`` shows its slice of each round, down to
the round where it has one match; a last screen shows the rounds from that one (repeated, so
that the viewer sees who came from where) to the final, with the third-place match. The split
bracket starts at the first round of at most ``MOST_FIRST`` matches (a TV shows the rounds
before it as tables in play): at most ``MOST_FIRST // MOST_MATCHES`` parts and the last
screen, however big the event.

Pure: which slots of which round go on which screen, from the number of slots of each round.
"""

from collections.abc import Sequence
from dataclasses import dataclass

MOST_MATCHES = 4
MOST_FIRST = 16


@dataclass(frozen=True)
class Slice:
    """Slots ``start`` to ``stop`` (not included) of the bracket's round ``column`` (0: the
    first round)."""

    column: int
    start: int
    stop: int


@dataclass(frozen=True)
class Screen:
    """One screen of the bracket. ``part`` of ``parts`` (from 1); the last rounds' screen, or a
    bracket on one screen, is part 0. ``third_place``: the third-place match shows here."""

    slices: tuple[Slice, ...]
    part: int = 0
    parts: int = 0
    third_place: bool = True


def bracket_screens(sizes: Sequence[int], most: int = MOST_MATCHES,
                    most_first: int = MOST_FIRST) -> list[Screen]:
    """The screens of a bracket whose rounds, first to final, have ``sizes`` slots (matches,
    byes and slots nobody came to). A bracket without rounds is one empty screen."""
    if not sizes:
        return [Screen(())]
    start = next((column for column, size in enumerate(sizes) if size <= most_first),
                 len(sizes) - 1)
    if sizes[start] <= most:
        return [Screen(_whole(sizes, start))]
    parts = 1
    while sizes[start] > most * parts:
        parts *= 2
    last = start  # the last round where each part has a match of its own at least
    while last + 1 < len(sizes) and sizes[last + 1] >= parts:
        last += 1
    screens = [Screen(tuple(Slice(column, sizes[column] * part // parts,
                                  sizes[column] * (part + 1) // parts)
                            for column in range(start, last + 1)),
                      part=part + 1, parts=parts, third_place=False)
               for part in range(parts)]
    return [*screens, Screen(_whole(sizes, last), parts=parts)]


def _whole(sizes: Sequence[int], start: int) -> tuple[Slice, ...]:
    return tuple(Slice(column, 0, sizes[column]) for column in range(start, len(sizes)))
