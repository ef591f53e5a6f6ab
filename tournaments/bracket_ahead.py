"""The bracket's rounds not drawn yet, filled in as results come: a finished match's winner (and
a bye's holder) shows in their next slot at once, not when the whole round has ended.

The round itself is drawn only when its last match ends (services/draws.py); until then
presenters.bracket, which the bracket page, the TV and the printed poster all take, shows who
is through from formats.round_ahead, which places them as the draw will. A knockout drawn
afresh each round (Draw.REDRAW) has no fixed next slot: nothing is filled in there. The
semi-finals' losers fill in the third-place match the same way.
"""

from dataclasses import dataclass, replace

from tournaments import formats


@dataclass(frozen=True)
class Awaiting:
    """A slot of a round not drawn yet: who is through to it so far (None: to be decided).
    `bye`: nobody can come to the second place."""

    a: str | None
    b: str | None
    bye: bool = False


def filled(bracket):
    """`bracket` (presenters.Bracket: columns of lines, None for a slot not drawn yet) with
    what is already known of the rounds not drawn yet. Reads nothing from the database."""
    drawn = [column for column in bracket.columns if column.drawn]
    ahead = [column for column in bracket.columns if not column.drawn]
    if bracket.redrawn or not drawn or not ahead:
        return bracket
    last = drawn[-1]
    names = _names(last.lines)
    winners = [_winner(line) for line in _by_slot(last.lines, 2 * len(ahead[0].lines))]
    columns = []
    for column in ahead:
        through = formats.round_ahead(winners)
        columns.append(replace(column, lines=[_awaiting(slot, names) for slot in through]))
        winners = [slot.goes_through for slot in through]
    third = bracket.third
    if bracket.third_pending and last.lines and last.lines[0].pairing.round.code == (
            formats.SEMI_FINAL):
        losers = [_loser(line) for line in _by_slot(last.lines, 2)]
        third = _awaiting(formats.round_ahead(losers)[0], names)
    return replace(bracket, columns=drawn + columns, third=third)


def _by_slot(lines, places: int) -> list:
    """The round's lines by slot, None for a slot without a pairing (nobody came to it)."""
    at = {line.pairing.slot: line for line in lines if line is not None}
    return [at.get(slot) for slot in range(places)]


def _names(lines) -> dict[int, str]:
    names = {}
    for line in lines:
        names[line.pairing.a_id] = line.a
        if line.pairing.b_id:
            names[line.pairing.b_id] = line.b
    return names


def _winner(line):
    if line is None:
        return None
    return line.pairing.winner_id if line.finished else formats.PENDING


def _loser(line):
    """The side of a semi-final that goes to the third-place match."""
    if line is None or line.is_bye:
        return None
    if not line.finished:
        return formats.PENDING
    if not line.pairing.winner_id:
        return None
    pairing = line.pairing
    return pairing.b_id if pairing.winner_id == pairing.a_id else pairing.a_id


def _awaiting(slot: formats.Through, names: dict[int, str]) -> Awaiting | None:
    """What the template shows in the slot; None (to be decided) while nobody is known."""
    if slot.a is None and slot.b is None:
        return None
    return Awaiting(a=names.get(slot.a), b=names.get(slot.b), bye=slot.bye)
