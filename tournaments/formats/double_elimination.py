"""Double elimination: a winners' bracket, a losers' bracket, a grand final and its reset.

An entrant is out after its second loss. ``double_elimination_schedule`` builds the whole
schedule up front as match slots; ``advance`` replays results (a side per slot) into
what every slot holds, so a correction is applied by replaying every result from
scratch. Nothing here knows about matches, tables or dates.

Shape, for a bracket of ``S`` places (the next power of two above the field, ``R``
rounds):

- winners' bracket ``W1``..``WR``, as the single-elimination knockout draws it
  (``knockout_first_round``: byes to the top seeds); the winners of slots 2k and 2k+1
  meet next;
- losers' bracket ``L1``..``L(2R-2)``: ``L1`` pairs the losers of ``W1`` slots 2k and
  2k+1; every even round ``L(2r-2)`` sets the survivors (side b) against the losers
  dropping from ``Wr`` (side a); every odd round after ``L1`` pairs the survivors of
  the round before;
- grand final ``GF1``: the winners' bracket winner (side a) against the losers'
  bracket winner (side b). With ``reset`` (the default) a second grand final ``GF2``
  is played only when side b wins ``GF1``, so the champion is the one finalist left
  with fewer than two losses; its sides keep ``GF1``'s (a: the winners' bracket
  winner). Without ``reset`` the ``GF1`` winner is the champion.

A field of two has no losers' bracket: the ``W1`` loser goes straight to ``GF1``.

Drop-down placement: the losers of each winners' round enter the losers' bracket in
an order (one of ``ORDERINGS``, e.g. "reverse": the loser of the top slot meets the
bottom survivor) chosen so that a rematch comes as late as the bracket allows. The
order is fixed per bracket size, as Challonge's and brackets-manager.js's tables
are, but worked out here: of every combination of orderings, the one with the fewest
losers' slots where a rematch is possible in ``L1``, then in ``L2``, and so on (the
first in ``ORDERINGS`` order on a tie). A rematch is possible when one side may be
someone the other side met in the winners' bracket; two survivors of the losers'
bracket never met there (one of them would be out). From 8 places up nobody meets an
opponent again in ``L1`` or ``L2``.

Rules (RULES.md's, applied to the two brackets):

- **Bye.** An empty place of the draw is a bye (``BYE``). A slot with a bye on one
  side resolves at once: the entrant present goes through, no match is played, nobody
  loses, and what the slot sends on as its loser is a bye, never an entrant. A slot
  with a bye on both sides (two byes dropping into the same losers' slot) sends a bye
  on both ways. So the places a bye leaves empty in the losers' bracket are byes too,
  and the entrant meeting one goes through at once. An entrant withdrawn (``out``)
  that meets a bye goes nowhere, unless the first slot where it would have to play (past
  this bye and any that follow it) was begun already: it went on before it withdrew.
  ``begun`` says who each slot whose match was put on holds, and the first begun slot on
  its way decides: it went on if that slot holds it (a bye made by another withdrawal may
  have taken it further than the draw alone would); with none, the first slot where the
  draw alone makes it play decides, by whether it has a result. One that goes nowhere
  leaves a bye where it would have gone, which another withdrawn entrant may meet in turn
  (both finalists withdrawn: the grand final is a bye for each, and nobody is crowned).
- **Walkover.** A win like any other: the result names the side that won.
- **Double forfeit.** Neither side wins, and a team absent or withdrawn never advances
  or qualifies: both entrants are out of the event at once, whichever bracket the slot
  is in. A winners' slot sends a bye to the next winners' round and a bye (not its
  entrants) down to the losers' bracket; a losers' slot sends a bye on. Their place
  is that of the losers of the losers' round their slot feeds (for a winners' slot)
  or is (for a losers' slot). A double forfeit in a grand final leaves no champion.
- **Placings.** The champion is 1st; then the others by the stage where they went out,
  later is better: losers of the grand final (2nd), of the last losers' round (3rd),
  the one before (4th), and so on; those out at the same stage share the place
  (5-6, 7-8, 9-12, ...). A place number is one more than the entrants above, and
  place 1 is the champion's alone: with no champion nobody is 1st.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import cached_property
from itertools import product
from types import MappingProxyType
from typing import Literal

from .entrants import Entrant, require_distinct
from .knockout import Pairing, knockout_first_round
from .placings import Placing, tiered
from .seeding import bracket_size

MAX_DOUBLE_ELIMINATION = 64
"""The largest field ``double_elimination_schedule`` takes."""

WINNERS = "winners"
LOSERS = "losers"
GRAND_FINAL = "grand_final"
Bracket = Literal["winners", "losers", "grand_final"]

Side = Literal["a", "b"]
DOUBLE_FORFEIT = "double_forfeit"
Outcome = Literal["a", "b", "double_forfeit"]
"""A result: the side that won (a walkover included), or ``DOUBLE_FORFEIT``."""

WAITING = "waiting"
"""A side is not known yet."""
READY = "ready"
"""Both sides are entrants and there is no result yet: the match can be played."""
PLAYED = "played"
"""A result was applied (a double forfeit included)."""
BYE_RESOLVED = "bye"
"""A side is a bye: resolved at once, no match played."""
VOID = "void"
"""A bracket reset that is not needed."""
Status = Literal["waiting", "ready", "played", "bye", "void"]

_DONE = (PLAYED, BYE_RESOLVED, VOID)
_SIDES: tuple[Side, Side] = ("a", "b")


class _Bye(Enum):
    BYE = "bye"

    def __repr__(self) -> str:
        return "BYE"


BYE = _Bye.BYE
"""An empty side: nobody is there, or nobody will come (see the module's rules)."""

Occupant = Entrant | _Bye | None
"""What a side holds: an entrant, ``BYE``, or None while it is not known."""


@dataclass(frozen=True)
class Destination:
    """Where a slot sends its winner or loser: side ``side`` of slot ``slot``."""

    slot: str
    side: Side


@dataclass(frozen=True)
class Slot:
    """One match of the schedule.

    ``id`` is stable and readable: "W2-1" is the first (top) slot of winners' round 2,
    "L3-2" the second of losers' round 3, then "GF1" and "GF2". ``round`` counts from
    1 in each bracket; ``index`` is the 0-based place in the round, top to bottom
    (``Pairing.slot``'s numbering). ``winner_to`` and ``loser_to`` are None where the
    entrant leaves the schedule (a losers' slot's loser is out). ``reset_of`` is set on
    the bracket reset only: it is played only when side b won that slot.
    """

    id: str
    bracket: Bracket
    round: int
    index: int
    winner_to: Destination | None
    loser_to: Destination | None
    reset_of: str | None = None


@dataclass(frozen=True)
class Schedule:
    """A double-elimination event: its seeded field and every slot, in play order.

    Play order: ``W1``, then for each later winners' round ``Wr`` the losers' rounds
    it feeds, ``W2 L1 L2 W3 L3 L4 ... WR L(2R-3) L(2R-2)``, then ``GF1`` and ``GF2``; a
    slot always comes after the slots that feed it. ``first_round`` is ``W1`` as
    ``knockout_first_round`` draws it (``b`` None for a bye). ``drop_orders[r - 1]``
    names the ordering (``ORDERINGS``) of the losers of ``Wr`` as they enter the
    losers' bracket.
    """

    entrants: tuple[Entrant, ...]
    first_round: tuple[Pairing, ...]
    slots: tuple[Slot, ...]
    drop_orders: tuple[str, ...]
    reset: bool

    @cached_property
    def by_id(self) -> dict[str, Slot]:
        return {slot.id: slot for slot in self.slots}

    def rounds(self, bracket: Bracket) -> list[list[Slot]]:
        """The slots of one bracket, round by round, each round top to bottom."""
        rounds: dict[int, list[Slot]] = {}
        for slot in self.slots:
            if slot.bracket == bracket:
                rounds.setdefault(slot.round, []).append(slot)
        return [sorted(rounds[number], key=lambda slot: slot.index) for number in sorted(rounds)]


@dataclass(frozen=True)
class SlotState:
    """What a slot holds once the results so far are applied.

    ``winner`` and ``loser`` are set when the slot is resolved (``PLAYED``, ``BYE``
    status): an entrant, or ``BYE`` for nobody (the loser of a bye, both after a double
    forfeit). ``outcome`` is the result that was applied, for a played slot only.
    """

    a: Occupant
    b: Occupant
    status: Status
    outcome: Outcome | None = None
    winner: Occupant = None
    loser: Occupant = None


@dataclass(frozen=True)
class State:
    """The event after the results so far.

    ``ready`` lists the slots that can be played now, in play order. ``ignored`` lists
    the slots whose result was not applied because they are not ready (a side unknown,
    a bye, a reset not needed): after a correction, results of slots whose sides have
    changed show up here or apply to other entrants, so a caller compares states
    (``affected_slots``) before it stores one. ``champion`` and ``placings`` are set
    once every slot is resolved (``finished``); a finished event may have no champion
    (a double forfeit in a final).
    """

    slots: Mapping[str, SlotState]
    ready: tuple[str, ...]
    ignored: tuple[str, ...]
    finished: bool
    champion: Entrant | None
    placings: tuple[Placing, ...]


def _natural(order: list[int]) -> list[int]:
    return list(order)


def _reverse(order: list[int]) -> list[int]:
    return order[::-1]


def _half_shift(order: list[int]) -> list[int]:
    half = len(order) // 2
    return order[half:] + order[:half]


def _reverse_half_shift(order: list[int]) -> list[int]:
    half = len(order) // 2
    return order[:half][::-1] + order[half:][::-1]


def _pair_flip(order: list[int]) -> list[int]:
    if len(order) < 2:
        return list(order)
    return [place for start in range(0, len(order), 2) for place in (order[start + 1], order[start])]


ORDERINGS: dict[str, Callable[[list[int]], list[int]]] = {
    "natural": _natural,
    "reverse": _reverse,
    "half_shift": _half_shift,
    "reverse_half_shift": _reverse_half_shift,
    "pair_flip": _pair_flip,
}
"""How dropped losers, listed by their winners' slot, are laid over the losers' slots:
the losers' slot ``i`` of the round receives the loser of winners' slot ``order[i]``."""


def double_elimination_schedule(seeded: Sequence[Entrant], *, reset: bool = True) -> Schedule:
    """The whole schedule for entrants in seed order (best first), 2 to 64 of them."""
    field = require_distinct(seeded, minimum=2)
    if BYE in field:
        raise ValueError("BYE is not an entrant")
    if len(field) > MAX_DOUBLE_ELIMINATION:
        raise ValueError(f"At most {MAX_DOUBLE_ELIMINATION} entrants, got {len(field)}")
    size = bracket_size(len(field))
    orders = drop_orders(size)
    return Schedule(
        entrants=tuple(field),
        first_round=tuple(knockout_first_round(field)),
        slots=tuple(_slots(size, orders, reset)),
        drop_orders=orders,
        reset=reset,
    )


# What search_drop_orders finds for every bracket size the site allows: the search takes a
# fifth of a second for 64 places, which would land on the request that first builds one.
# tests/formats/test_double_elimination_schedule.py checks that the search still agrees.
DROP_ORDERS = {
    2: (),
    4: ("natural", "natural"),
    8: ("natural", "reverse", "natural"),
    16: ("natural", "reverse", "natural", "natural"),
    32: ("natural", "reverse", "half_shift", "natural", "natural"),
    64: ("natural", "reverse", "half_shift", "reverse_half_shift", "natural", "natural"),
}


def drop_orders(size: int) -> tuple[str, ...]:
    """The ordering of each winners' round's losers for a bracket of ``size`` places.

    One name per winners' round from the first (none for 2 places: the loser goes to
    the grand final). ``W1``'s losers are paired in order; for the later rounds see the
    module's docstring.
    """
    return DROP_ORDERS[size]


def search_drop_orders(size: int) -> tuple[str, ...]:
    """The orderings, among the distinct ones, whose rematches come latest (drop_orders)."""
    rounds = size.bit_length() - 1
    if rounds < 2:
        return ()
    choices = [_distinct_orderings(size >> number) for number in range(2, rounds + 1)]
    best = min(product(*choices), key=lambda names: _rematch_profile(size, ("natural", *names)))
    return ("natural", *best)


def _distinct_orderings(count: int) -> list[str]:
    """The names of ``ORDERINGS`` that lay ``count`` losers differently, first name kept."""
    seen: dict[tuple[int, ...], str] = {}
    for name, ordering in ORDERINGS.items():
        seen.setdefault(tuple(ordering(list(range(count)))), name)
    return list(seen.values())


def _slot_id(bracket: Bracket, number: int, index: int) -> str:
    return f"{bracket[0].upper()}{number}-{index + 1}"


def _slots(size: int, orders: tuple[str, ...], reset: bool) -> list[Slot]:
    rounds = size.bit_length() - 1
    last_losers = 2 * rounds - 2
    grand_final_a, grand_final_b = Destination("GF1", "a"), Destination("GF1", "b")

    def pair_up(bracket: Bracket, number: int, index: int) -> Destination:
        return Destination(_slot_id(bracket, number, index // 2), _SIDES[index % 2])

    def winners_round(number: int) -> list[Slot]:
        count = size >> number
        if number > 1:
            order = ORDERINGS[orders[number - 1]](list(range(count)))
            drop = {loser: place for place, loser in enumerate(order)}
        slots = []
        for index in range(count):
            winner_to = pair_up(WINNERS, number + 1, index) if number < rounds else grand_final_a
            if rounds == 1:
                loser_to = grand_final_b
            elif number == 1:
                loser_to = pair_up(LOSERS, 1, index)
            else:
                loser_to = Destination(_slot_id(LOSERS, 2 * number - 2, drop[index]), "a")
            slots.append(Slot(_slot_id(WINNERS, number, index), WINNERS, number, index, winner_to, loser_to))
        return slots

    def losers_round(number: int) -> list[Slot]:
        count = size >> ((number + 1) // 2 + 1)
        slots = []
        for index in range(count):
            if number == last_losers:
                winner_to = grand_final_b
            elif number % 2:
                winner_to = Destination(_slot_id(LOSERS, number + 1, index), "b")
            else:
                winner_to = pair_up(LOSERS, number + 1, index)
            slots.append(Slot(_slot_id(LOSERS, number, index), LOSERS, number, index, winner_to, None))
        return slots

    slots = winners_round(1)
    for number in range(2, rounds + 1):
        slots += winners_round(number) + losers_round(2 * number - 3) + losers_round(2 * number - 2)
    if reset:
        slots.append(Slot("GF1", GRAND_FINAL, 1, 0, Destination("GF2", "b"), Destination("GF2", "a")))
        slots.append(Slot("GF2", GRAND_FINAL, 2, 0, None, None, reset_of="GF1"))
    else:
        slots.append(Slot("GF1", GRAND_FINAL, 1, 0, None, None))
    return slots


def _rematch_profile(size: int, orders: tuple[str, ...]) -> tuple[int, ...]:
    """For each losers' round in turn, how many of its slots may hold a rematch.

    Who may reach each side is followed as bracket positions (0..size-1) of the full
    bracket; an entrant in the losers' bracket also carries the winners' round it lost
    in. Two positions p and q can only have met in winners' round ``(p ^ q).bit_length()``,
    and then the one that lost there dropped in that round while the other went on.
    """
    may_hold: dict[tuple[str, int], set[tuple[int, int]]] = {}
    for index in range(size // 2):
        may_hold[(_slot_id(WINNERS, 1, index), 0)] = {(2 * index, 0)}
        may_hold[(_slot_id(WINNERS, 1, index), 1)] = {(2 * index + 1, 0)}
    counts: dict[int, int] = {}
    for slot in _slots(size, orders, reset=False):
        if slot.bracket == GRAND_FINAL:
            continue
        a, b = may_hold[(slot.id, 0)], may_hold[(slot.id, 1)]
        both = a | b
        if slot.bracket == LOSERS:
            counts[slot.round] = counts.get(slot.round, 0) + _may_meet_again(a, b)
        losers = both if slot.bracket == LOSERS else {(position, slot.round) for position, _ in both}
        for destination, holders in ((slot.winner_to, both), (slot.loser_to, losers)):
            if destination is not None and destination.slot != "GF1":
                may_hold[(destination.slot, "ab".index(destination.side))] = holders
    return tuple(counts[number] for number in sorted(counts))


def _may_meet_again(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> bool:
    """Whether someone of ``a`` and someone of ``b`` may have met in the winners' bracket."""
    for lost_a in {lost for _, lost in a}:
        for lost_b in {lost for _, lost in b} - {lost_a}:
            shift = min(lost_a, lost_b) - 1  # met in that round: equal above bit ``shift``, not at it
            halves_a = {position >> shift for position, lost in a if lost == lost_a}
            halves_b = {position >> shift for position, lost in b if lost == lost_b}
            if any(half ^ 1 in halves_b for half in halves_a):
                return True
    return False


def advance(schedule: Schedule, results: Mapping[str, Outcome],
            out: frozenset[Entrant] = frozenset(),
            begun: Mapping[str, tuple] = MappingProxyType({})) -> State:
    """Replay ``results`` (slot id -> outcome) into the state of every slot; ``out``: the
    entrants withdrawn, ``begun``: each slot whose match was put on, with the entrants it was
    put on with (see "Bye" above).

    The order of ``results`` does not matter: slots are resolved in play order, each
    from its sides and its own result. Results of slots that are not ready are not
    applied and are listed in ``State.ignored``. Unknown slot ids and outcomes raise
    ValueError.
    """
    for slot_id, outcome in results.items():
        if slot_id not in schedule.by_id:
            raise ValueError(f"No slot {slot_id!r} in this schedule")
        if outcome not in ("a", "b", DOUBLE_FORFEIT):
            raise ValueError(f"{outcome!r} is not a result: 'a', 'b' or {DOUBLE_FORFEIT!r}")
    states = _play(schedule, results)
    stopped: frozenset[str] = frozenset()
    while out:  # a stop can make a later slot a bye for another withdrawn entrant: stop again
        more = stopped | {slot.id for slot in schedule.slots
                          if _stops(schedule, slot, states, out, results, begun)}
        if more == stopped:
            break
        stopped = more
        states = _play(schedule, results, stopped)
    ignored = tuple(
        slot.id for slot in schedule.slots if slot.id in results and states[slot.id].status != PLAYED
    )
    finished = all(state.status in _DONE for state in states.values())
    champion = _champion(schedule, states) if finished else None
    return State(
        slots=states,
        ready=tuple(slot.id for slot in schedule.slots if states[slot.id].status == READY),
        ignored=ignored,
        finished=finished,
        champion=champion,
        placings=_placings(schedule, states, champion) if finished else (),
    )


def _resolve(
    slot: Slot, a: Occupant, b: Occupant, outcome: Outcome | None, states: Mapping[str, SlotState]
) -> SlotState:
    if slot.reset_of is not None:
        before = states[slot.reset_of]
        if before.status not in _DONE:
            return SlotState(a, b, WAITING)
        if before.status != PLAYED or before.outcome != "b":
            return SlotState(None, None, VOID)
    if a is None or b is None:
        return SlotState(a, b, WAITING)
    if a is BYE or b is BYE:
        return SlotState(a, b, BYE_RESOLVED, winner=b if a is BYE else a, loser=BYE)
    if outcome is None:
        return SlotState(a, b, READY)
    if outcome == DOUBLE_FORFEIT:
        return SlotState(a, b, PLAYED, outcome, winner=BYE, loser=BYE)
    winner, loser = (a, b) if outcome == "a" else (b, a)
    return SlotState(a, b, PLAYED, outcome, winner=winner, loser=loser)


def _play(schedule: Schedule, results: Mapping[str, Outcome],
          stopped: frozenset[str] = frozenset()) -> dict[str, SlotState]:
    """Every slot's state, in play order; the winner of a bye in a `stopped` slot goes nowhere
    (a bye on its way)."""
    sides: dict[str, list[Occupant]] = {slot.id: [None, None] for slot in schedule.slots}
    for pairing in schedule.first_round:
        sides[_slot_id(WINNERS, 1, pairing.slot)] = [
            BYE if side is None else side for side in (pairing.a, pairing.b)
        ]
    states: dict[str, SlotState] = {}
    for slot in schedule.slots:
        state = _resolve(slot, *sides[slot.id], results.get(slot.id), states)
        if state.status == BYE_RESOLVED and slot.id in stopped:
            state = replace(state, winner=BYE)
        states[slot.id] = state
        for destination, occupant in ((slot.winner_to, state.winner), (slot.loser_to, state.loser)):
            if destination is not None and occupant is not None:
                sides[destination.slot]["ab".index(destination.side)] = occupant
    return states


def _stops(schedule: Schedule, slot: Slot, states: Mapping[str, SlotState],
           out: frozenset[Entrant], results: Mapping[str, Outcome],
           begun: Mapping[str, tuple]) -> bool:
    """Does a withdrawn entrant's bye in `slot` take it nowhere? The first begun slot on its
    way decides: it went on if it is there. With none begun, yes, unless the first slot where
    it has to play, past this bye and any byes that follow it (`states`: with the stops found
    so far), has a result. The grand final goes nowhere."""
    state = states[slot.id]
    if state.status != BYE_RESOLVED or state.winner not in out:
        return False
    destination = slot.winner_to
    while destination is not None:
        if destination.slot in begun:
            return state.winner not in begun[destination.slot]
        destination = schedule.by_id[destination.slot].winner_to
    destination = slot.winner_to
    while destination is not None:
        ahead = states[destination.slot]
        if ahead.status != BYE_RESOLVED or ahead.winner != state.winner:
            return destination.slot not in results
        destination = schedule.by_id[destination.slot].winner_to
    return True


def _champion(schedule: Schedule, states: Mapping[str, SlotState]) -> Entrant | None:
    final = states["GF2"] if schedule.reset and states["GF2"].status != VOID else states["GF1"]
    return None if final.winner is BYE else final.winner


def _stages(schedule: Schedule) -> dict[str, int]:
    """The stage at which a slot puts its entrants out: a losers' round's number; a
    winners' slot takes the stage of the losers' slot it drops into; finals come last."""
    final = 2 * (bracket_size(len(schedule.entrants)).bit_length() - 1) - 1
    stages = {slot.id: slot.round if slot.bracket == LOSERS else final for slot in schedule.slots}
    for slot in schedule.slots:
        if slot.bracket == WINNERS and slot.loser_to is not None:
            stages[slot.id] = stages[slot.loser_to.slot]
    return stages


def eliminated(schedule: Schedule, state: State) -> frozenset[Entrant]:
    """The entrants out of the event so far, finished or not: a second loss, a double
    forfeit, a withdrawn one that a bye stopped. They have nothing left to play."""
    return frozenset(_out_at(schedule, state.slots))


def _out_at(schedule: Schedule, states: Mapping[str, SlotState]) -> dict[Entrant, int]:
    """Each entrant out so far, with the stage it went out at (see _stages)."""
    stages = _stages(schedule)
    out_at: dict[Entrant, int] = {}
    for slot in schedule.slots:
        state = states[slot.id]
        if state.status == BYE_RESOLVED and state.winner is BYE:  # a withdrawn one stops here
            leaving = [side for side in (state.a, state.b) if side is not BYE]
        elif state.status != PLAYED:
            continue
        elif state.outcome == DOUBLE_FORFEIT:
            leaving = [state.a, state.b]
        elif slot.loser_to is None or states[slot.loser_to.slot].status == VOID:
            leaving = [state.loser]
        else:
            continue  # dropped to the losers' bracket, or on to the reset
        for entrant in leaving:
            out_at[entrant] = stages[slot.id]
    return out_at


def _placings(
    schedule: Schedule, states: Mapping[str, SlotState], champion: Entrant | None
) -> tuple[Placing, ...]:
    out_at = _out_at(schedule, states)
    groups: dict[int, list[Entrant]] = {}
    for entrant in schedule.entrants:
        if entrant != champion:
            groups.setdefault(out_at[entrant], []).append(entrant)
    tiers = [groups[stage] for stage in sorted(groups, reverse=True)]
    return tiered([[champion], *tiers] if champion is not None else tiers,
                  first=1 if champion is not None else 2)


def affected_slots(before: State, after: State) -> tuple[str, ...]:
    """The slots whose sides, status or result differ between two states of one schedule,
    in play order: what a correction changes."""
    return tuple(slot_id for slot_id, state in after.slots.items() if before.slots[slot_id] != state)
