"""Card values and what they allow: the card points a side can hold with its tricks."""

from collections import Counter
from functools import cache

RANK_POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2, "6": 0, "5": 0, "4": 0, "3": 0, "2": 0}
SUITS = 4
TRICKS = 10
CARDS_PER_TRICK = 4
DECK_SIZE = SUITS * len(RANK_POINTS)
DEAL_POINTS = SUITS * sum(RANK_POINTS.values())

# value -> how many cards carry it (the 20 counting cards)
COUNTING = Counter({v: SUITS for v in RANK_POINTS.values() if v})
BLANKS = DECK_SIZE - sum(COUNTING.values())


@cache
def _totals_by_count() -> dict[int, frozenset[int]]:
    """For each number of counting cards, every total those cards can make."""
    totals: dict[int, set[int]] = {0: {0}}
    for value, copies in COUNTING.items():
        grown: dict[int, set[int]] = {}
        for count, sums in totals.items():
            for taken in range(copies + 1):
                grown.setdefault(count + taken, set()).update(s + taken * value for s in sums)
        totals = grown
    return {count: frozenset(sums) for count, sums in totals.items()}


@cache
def possible_points(tricks: int) -> frozenset[int]:
    """Card points a side can hold with ``tricks`` tricks (4 cards each).

    The side holds ``4 * tricks`` cards, of which at most ``BLANKS`` carry no points, so it
    holds between ``4 * tricks - BLANKS`` and ``4 * tricks`` counting cards; the other side
    then holds exactly the rest of the deck, so its share is consistent too.
    """
    if not 0 <= tricks <= TRICKS:
        raise ValueError(f"tricks must be 0..{TRICKS}, not {tricks}")
    cards = tricks * CARDS_PER_TRICK
    counting = sum(COUNTING.values())
    totals = _totals_by_count()
    low, high = max(0, cards - BLANKS), min(counting, cards)
    return frozenset().union(*(totals[count] for count in range(low, high + 1)))
