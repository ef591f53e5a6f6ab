"""Single-elimination brackets: first round with byes, later rounds, round codes."""

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .entrants import Entrant, require_distinct
from .seeding import bracket_size, seed_order

FINAL = "final"
SEMI_FINAL = "semi_final"
QUARTER_FINAL = "quarter_final"
THIRD_PLACE = "third_place"

_NAMED_ROUNDS = {2: FINAL, 4: SEMI_FINAL, 8: QUARTER_FINAL}


@dataclass(frozen=True)
class Pairing:
    """One match slot of a bracket round.

    ``slot`` is the 0-based position of the match in its round, top to bottom; the
    winners of slots 2k and 2k+1 meet next. ``b`` is None for a bye (``a`` goes
    through); ``a`` is only None for a placeholder built outside this package.
    """

    slot: int
    a: Entrant | None
    b: Entrant | None

    @property
    def is_bye(self) -> bool:
        return self.b is None


def knockout_first_round(seeded: Sequence[Entrant]) -> list[Pairing]:
    """First round for entrants in seed order (best first), any field of two or more.

    The bracket is the next power of two; its empty places are byes, which fall to
    the top seeds (seed k plays seed size+1-k). A bye never meets a bye.
    """
    field = require_distinct(seeded, minimum=2)
    order = seed_order(bracket_size(len(field)))

    def at(seed: int) -> Entrant | None:
        return field[seed - 1] if seed <= len(field) else None

    return [
        Pairing(slot, at(order[2 * slot]), at(order[2 * slot + 1]))
        for slot in range(len(order) // 2)
    ]


def random_draw(entrants: Sequence[Entrant], rng_seed: int | str) -> list[Pairing]:
    """A public draw (sorteio): the entrants shuffled, then placed as seeds.

    The same entrants in the same order with the same seed always give the same
    draw. With a field that is not a power of two, the first names drawn get the
    byes. Use it for the first round or for a fresh draw before each round.
    """
    field = require_distinct(entrants, minimum=2)
    random.Random(rng_seed).shuffle(field)
    return knockout_first_round(field)


def next_round(winners: Sequence[Entrant]) -> list[Pairing]:
    """Pair the winners of a round, given in slot order: slot 2k's winner meets 2k+1's."""
    field = require_distinct(winners, minimum=2)
    if bracket_size(len(field)) != len(field):
        raise ValueError(f"A bracket round has a power-of-two number of winners, not {len(field)}")
    return [Pairing(slot, field[2 * slot], field[2 * slot + 1]) for slot in range(len(field) // 2)]


def third_place_match(semi_finals: Sequence[Pairing], winners: Sequence[Entrant]) -> Pairing:
    """The match between the two semi-final losers.

    After a semi-final that was a bye there is one loser only: ``b`` is then None and
    that loser takes third place without playing.
    """
    if len(semi_finals) != 2 or len(winners) != 2:
        raise ValueError("A third-place match needs both semi-finals and their winners")
    losers = [_loser(semi, winner) for semi, winner in zip(semi_finals, winners, strict=True)]
    played = [loser for loser in losers if loser is not None]
    if not played:
        raise ValueError("Both semi-finals were byes: nobody lost a semi-final")
    return Pairing(0, played[0], played[1] if len(played) == 2 else None)


def _loser(pairing: Pairing, winner: Entrant) -> Entrant | None:
    if winner is None or winner not in (pairing.a, pairing.b):
        raise ValueError(f"{winner!r} did not play in slot {pairing.slot}")
    return pairing.b if winner == pairing.a else pairing.a


class _Pending:
    def __repr__(self) -> str:
        return "PENDING"


PENDING = _Pending()  # a slot still in play: who comes out of it is not known yet


@dataclass(frozen=True)
class Through:
    """A slot of a round not drawn yet, as far as it is known while the round before is played.

    ``a`` and ``b`` are who is through to it so far (None: not known yet). ``bye``: nobody
    can come to the second place, so ``a`` goes through without playing; ``empty``: nobody
    can come at all (the drawn round will have no pairing in this slot).
    """

    slot: int
    a: Entrant | None
    b: Entrant | None
    bye: bool = False
    empty: bool = False

    @property
    def goes_through(self) -> Entrant | None | _Pending:
        """Who comes out of this slot: a bye's holder, nobody from an empty slot, else PENDING."""
        if self.empty:
            return None
        return self.a if self.bye and self.a is not None else PENDING


def round_ahead(winners: Sequence[Entrant | None | _Pending]) -> list[Through]:
    """The next bracket round as far as it is known, before the current one ends.

    ``winners`` holds for each slot of the current round, top to bottom, its winner, None
    where nobody goes through (a double forfeit, an empty slot) or PENDING while it is
    played. Slot 2k's winner meets slot 2k+1's in slot k, as `next_round` pairs them; one
    alone has a bye and takes place ``a``, as the drawn round will place it.
    """
    if len(winners) % 2:
        raise ValueError(f"A bracket round has an even number of slots, not {len(winners)}")

    def known(who):
        return None if who is PENDING else who

    ahead = []
    for slot, (first, second) in enumerate(zip(winners[0::2], winners[1::2], strict=True)):
        if first is None and second is None:
            ahead.append(Through(slot, None, None, empty=True))
        elif first is None or second is None:
            ahead.append(Through(slot, known(second if first is None else first), None, bye=True))
        else:
            ahead.append(Through(slot, known(first), known(second)))
    return ahead


def round_count(n: int) -> int:
    """Rounds a knockout of ``n`` entrants (n >= 2) takes, byes included."""
    if n < 2:
        raise ValueError("A knockout needs at least two entrants")
    return bracket_size(n).bit_length() - 1


def round_code(places: int) -> str:
    """Stable code of a round with ``places`` bracket places: 2 "final", 4 "semi_final",
    8 "quarter_final", 16 and up "round_of_16", "round_of_32", ..."""
    if places < 2 or bracket_size(places) != places:
        raise ValueError(f"A round has a power-of-two number of places, at least 2, not {places}")
    return _NAMED_ROUNDS.get(places, f"round_of_{places}")


def round_places(code: str) -> int:
    """The bracket places of a round, from its code: ``round_code``'s inverse."""
    named = {name: places for places, name in _NAMED_ROUNDS.items()}
    if code in named:
        return named[code]
    places = code.removeprefix("round_of_")
    if not places.isdigit() or round_code(int(places)) != code:
        raise ValueError(f"Not a knockout round's code: {code!r}")
    return int(places)


def round_codes(n: int) -> list[str]:
    """Codes of every round of a knockout of ``n`` entrants, first round to final."""
    return [round_code(1 << rounds_left) for rounds_left in range(round_count(n), 0, -1)]
