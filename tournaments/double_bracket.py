"""A double elimination as people see it: the winners' and losers' brackets and the grand
final slot by slot (who is there, or where they come from), the final placings, and the
API's shape of it (docs/api.md). Built from the stored pairings and entries; no queries.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments import presenters
from tournaments.formats import double_elimination as de
from tournaments.models import Entry, Pairing, Tournament
from tournaments.services import double


def slot_label(code: str) -> str:
    """A slot's code as people read it in their language ("W1-2" is "V1-2" in Portuguese);
    the API keeps the code."""
    if code.startswith("GF"):
        return pgettext("grand final's slot, as in GF1", "GF") + code[2:]
    if code.startswith("W"):
        return pgettext("winners' bracket slot, as in W1-2", "W") + code[1:]
    return pgettext("losers' bracket slot, as in L1-2", "L") + code[1:]


@dataclass(frozen=True)
class Source:
    """Where a side's entrant comes from: the winner or the loser of another slot."""

    slot: str
    winner: bool

    @property
    def text(self) -> str:
        if self.winner:
            return _("winner of %(slot)s") % {"slot": slot_label(self.slot)}
        return _("loser of %(slot)s") % {"slot": slot_label(self.slot)}


@dataclass(frozen=True)
class SideView:
    name: str | None  # the partnership there, once known
    bye: bool
    source: Source | None  # None in the first winners' round
    withdrawn: bool = False  # the partnership there withdrew: it goes no further


@dataclass(frozen=True)
class SlotView:
    """One slot: `line` is its pairing's (None while it has none: not ready yet, or resolved
    by a bye, or a reset not needed); `status` the engine's (waiting, ready, played, bye,
    void)."""

    slot: de.Slot
    a: SideView
    b: SideView
    status: str
    outcome: str | None
    line: presenters.Line | None
    stopped: bool = False  # a withdrawn partnership met a bye here: it goes no further

    @property
    def label(self) -> str:
        return slot_label(self.slot.id)

    @property
    def through_bye(self) -> SideView | None:
        """The side a bye sends on without playing, as a knockout's bye (None: not a bye, both
        places byes, or its partnership withdrew and goes no further)."""
        if self.status != de.BYE_RESOLVED or self.stopped or self.empty:
            return None
        return self.b if self.a.bye else self.a

    @property
    def empty(self) -> bool:
        """Both places are byes (a small field's first losers' round): it never holds a match."""
        return self.a.bye and self.b.bye


@dataclass(frozen=True)
class RoundView:
    code: str
    title: str
    slots: list[SlotView]


@dataclass(frozen=True)
class DoubleBracket:
    winners: list[RoundView]
    losers: list[RoundView]
    grand_final: list[SlotView]
    reset: bool
    placings: list[presenters.PlacingView]


def _sources(schedule: de.Schedule) -> dict[tuple[str, str], Source]:
    sources = {}
    for slot in schedule.slots:
        for destination, winner in ((slot.winner_to, True), (slot.loser_to, False)):
            if destination is not None:
                sources[(destination.slot, destination.side)] = Source(slot.id, winner)
    return sources


def build(tournament: Tournament, pairings: list[Pairing], entries: list[Entry]) -> DoubleBracket:
    """`pairings` as selectors.pairings or pairing_summaries read them, `entries` as
    selectors.entries does."""
    schedule = double.schedule_of(tournament)
    now = double.state(tournament, pairings, entries)
    names = {entry.pk: entry.partnership.display_name for entry in entries}
    withdrawn = {entry.pk for entry in entries if entry.withdrawn}
    lines = {double.slot_of(line.pairing): line
             for line in presenters.lines(tournament, pairings)}
    sources = _sources(schedule)

    def side(slot: de.Slot, name: str, held) -> SideView:
        return SideView(names.get(held) if held not in (None, de.BYE) else None,
                        held is de.BYE, sources.get((slot.id, name)), held in withdrawn)

    def view(slot: de.Slot) -> SlotView:
        held = now.slots[slot.id]
        a, b = side(slot, "a", held.a), side(slot, "b", held.b)
        return SlotView(slot, a, b, held.status, held.outcome, lines.get(slot.id),
                        stopped=held.status == de.BYE_RESOLVED and held.winner is de.BYE
                        and (a.withdrawn or b.withdrawn))

    def rounds(bracket: str) -> list[RoundView]:
        return [RoundView(double.round_code(slots[0].id),
                          presenters.double_round_title(double.round_code(slots[0].id)),
                          [view(slot) for slot in slots]) for slots in schedule.rounds(bracket)]

    return DoubleBracket(
        winners=rounds(de.WINNERS), losers=rounds(de.LOSERS),
        grand_final=[view(slot) for slot in schedule.slots if slot.bracket == de.GRAND_FINAL],
        reset=schedule.reset, placings=presenters.placing_views(now.placings, names))


# The JSON API -------------------------------------------------------------------------------

def _side_payload(side: SideView) -> dict:
    return {"partnership": side.name, "bye": side.bye,
            "from": side.source and {"slot": side.source.slot,
                                     "as": "winner" if side.source.winner else "loser"}}


def _destination(destination: de.Destination | None) -> dict | None:
    return destination and {"slot": destination.slot, "side": destination.side}


def _slot_payload(view: SlotView) -> dict:
    return {"id": view.slot.id, "status": view.status, "outcome": view.outcome,
            "a": _side_payload(view.a), "b": _side_payload(view.b),
            "winner_to": _destination(view.slot.winner_to),
            "loser_to": _destination(view.slot.loser_to),
            "match": view.line and presenters.line_payload(view.line)}


def _rounds_payload(rounds: list[RoundView]) -> list[dict]:
    return [{"code": r.code, "title": r.title, "slots": [_slot_payload(v) for v in r.slots]}
            for r in rounds]


def payload(bracket: DoubleBracket) -> dict:
    return {
        "winners": _rounds_payload(bracket.winners),
        "losers": _rounds_payload(bracket.losers),
        "grand_final": [_slot_payload(view) for view in bracket.grand_final],
        "reset": bracket.reset,
        "placings": presenters.placings_payload(bracket.placings),
    }

