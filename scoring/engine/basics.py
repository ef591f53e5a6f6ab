"""The shared vocabulary: sides, pairs of per-side numbers, whole numbers."""

from typing import Literal, TypeGuard

Side = Literal["A", "B"]
Winner = Literal["A", "B", "draw"]
Pair = tuple[int, int]

SIDES: tuple[Side, Side] = ("A", "B")


def is_int(value: object) -> TypeGuard[int]:
    """A whole number, and not a bool (``True`` is an int to Python, not to a referee)."""
    return isinstance(value, int) and not isinstance(value, bool)


def other(side: Side) -> Side:
    return "B" if side == "A" else "A"


def give(side: Side, amount: int) -> Pair:
    """``amount`` to ``side``, nothing to the other."""
    return (amount, 0) if side == "A" else (0, amount)


def plus(left: Pair, right: Pair) -> Pair:
    return (left[0] + right[0], left[1] + right[1])


def ahead(pair: Pair) -> Side | None:
    """The side with the larger number, or None when they are equal."""
    if pair[0] == pair[1]:
        return None
    return "A" if pair[0] > pair[1] else "B"
