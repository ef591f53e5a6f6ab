"""Card values and what they allow: the card points a side can hold with its tricks."""

from collections import Counter
from dataclasses import dataclass
from functools import cache

RANK_POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2, "6": 0, "5": 0, "4": 0, "3": 0, "2": 0}
SUITS = 4
TRICKS = 10
CARDS_PER_TRICK = 4
DECK_SIZE = SUITS * len(RANK_POINTS)
DEAL_POINTS = SUITS * sum(RANK_POINTS.values())
QUEEN = RANK_POINTS["Q"]


@dataclass(frozen=True)
class Pack:
    """The cards of a deal: ``packs`` 40-card packs shuffled together, ten cards a player.

    One pack is the four-player game; two are the eight-player double pack (two partnerships
    of four at alternate seats, eight cards a trick).
    """

    packs: int
    double_from: int  # the default of the rule of that name, in this pack's card points

    @property
    def players(self) -> int:
        return self.packs * CARDS_PER_TRICK

    @property
    def points(self) -> int:
        return self.packs * DEAL_POINTS

    @property
    def counting(self) -> Counter:
        """Card value -> how many counting cards carry it (8 of each with the double pack)."""
        return Counter({v: self.packs * SUITS for v in RANK_POINTS.values() if v})

    @property
    def blanks(self) -> int:
        return self.packs * DECK_SIZE - sum(self.counting.values())


PACKS = {"single": Pack(packs=1, double_from=91), "double": Pack(packs=2, double_from=181)}


@cache
def _totals_by_count(deck: str, queen: bool) -> dict[int, frozenset[int]]:
    """For each number of counting cards, every total those cards can make; with ``queen``,
    one given Queen (of Hearts) is among them."""
    counting = PACKS[deck].counting - Counter({QUEEN: 1}) if queen else PACKS[deck].counting
    totals: dict[int, set[int]] = {1: {QUEEN}} if queen else {0: {0}}
    for value, copies in counting.items():
        grown: dict[int, set[int]] = {}
        for count, sums in totals.items():
            for taken in range(copies + 1):
                grown.setdefault(count + taken, set()).update(s + taken * value for s in sums)
        totals = grown
    return {count: frozenset(sums) for count, sums in totals.items()}


@cache
def possible_points(tricks: int, deck: str = "single", *, queen: bool = False) -> frozenset[int]:
    """Card points a side can hold with ``tricks`` tricks (a card from each player a trick);
    with ``queen``, while holding one given Queen (the Queen of Hearts).

    The side holds ``players * tricks`` cards, of which at most the pack's blanks carry no
    points, so it holds between that many cards minus the blanks and that many counting
    cards; the other side then holds exactly the rest of the pack, so its share is
    consistent too.
    """
    if not 0 <= tricks <= TRICKS:
        raise ValueError(f"tricks must be 0..{TRICKS}, not {tricks}")
    pack = PACKS[deck]
    cards = tricks * pack.players
    totals = _totals_by_count(deck, queen)
    low, high = max(0, cards - pack.blanks), min(sum(pack.counting.values()), cards)
    return frozenset().union(*(totals.get(count, ()) for count in range(low, high + 1)))
