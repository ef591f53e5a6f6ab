"""One deal as the referee enters it, and the card arithmetic it must satisfy."""

from dataclasses import dataclass, fields
from typing import NamedTuple

from .basics import SIDES, Pair, Side, give, is_int, plus
from .cards import PACKS, TRICKS, possible_points
from .errors import DealError, as_json, gettext_noop
from .rules import Rules


class Bonus(NamedTuple):
    """A bonus game: the rule giving its card points, the deal entry naming who took it."""

    rule: str
    entry: str
    missing: str
    unwanted: str
    swept: str


BONUSES = (
    Bonus("last_trick_bonus", "last_trick",
          gettext_noop("Say which side took the last trick: this game gives it a bonus of "
                       "%(bonus)s."),
          gettext_noop("This game gives no bonus for the last trick."),
          gettext_noop("The side that took all ten tricks took the last trick too.")),
    Bonus("maria_de_copas", "queen_of_hearts",
          gettext_noop("Say which side took the Queen of Hearts: this game gives her a bonus "
                       "of %(bonus)s."),
          gettext_noop("This game gives no bonus for the Queen of Hearts."),
          gettext_noop("The side that took all ten tricks took the Queen of Hearts too.")),
)
# Each pack's messages name its own total.
_SUM = {
    "single": gettext_noop("Card points must add up to 120 (%(a)s + %(b)s = %(total)s)."),
    "double": gettext_noop("With the double pack card points must add up to 240 (%(a)s + %(b)s "
                           "= %(total)s)."),
}
_NO_ONE = {
    "single": gettext_noop("No side can score 1 or 119 card points: no card is worth 1."),
    "double": gettext_noop("No side can score 1 or 239 card points: no card is worth 1."),
}
_FLAG_POINTS = {
    "single": gettext_noop("A flag needs 120 card points on the flag's side: %(side)s has "
                           "%(points)s."),
    "double": gettext_noop("With the double pack a flag needs 240 card points on the flag's "
                           "side: %(side)s has %(points)s."),
}


def _is_pair(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(is_int(v) for v in value)


@dataclass(frozen=True)
class Deal:
    """Card points (with an optional flag and tricks, and the sides that took the bonuses of
    a bonus game) or the side that revoked."""

    points: Pair | None = None
    flag: Side | None = None
    tricks: Pair | None = None
    revoke: Side | None = None
    last_trick: Side | None = None
    queen_of_hearts: Side | None = None

    def __post_init__(self) -> None:
        with_points = (self.flag, self.tricks, self.last_trick, self.queen_of_hearts)
        if (self.points is None) == (self.revoke is None) or (
            self.revoke is not None and any(entry is not None for entry in with_points)
        ):
            raise DealError(gettext_noop("A deal has either card points or a revoke."))
        for side in (self.flag, self.revoke, self.last_trick, self.queen_of_hearts):
            if side is not None and side not in SIDES:
                raise DealError(gettext_noop("A side is A or B, not %(value)s."),
                                value=as_json(side))
        if self.points is not None and not _is_pair(self.points):
            raise DealError(gettext_noop("Card points are two whole numbers, one per side."))
        if self.tricks is not None and not _is_pair(self.tricks):
            raise DealError(gettext_noop("Tricks are two whole numbers, one per side."))

    def as_dict(self) -> dict:
        """The conformance shape, e.g. ``{"points": [73, 47]}`` or ``{"revoke": "A"}``."""
        return {
            field.name: list(value) if isinstance(value, tuple) else value
            for field in fields(self)
            if (value := getattr(self, field.name)) is not None
        }


def deal_from(data: object) -> Deal:
    """Parse the conformance shape strictly (JSON lists become tuples); ``DealError`` if bad."""
    if not isinstance(data, dict):
        raise DealError(gettext_noop("A deal has either card points or a revoke."))
    names = {field.name for field in fields(Deal)}
    for key in data:
        if key not in names:
            raise DealError(gettext_noop("Unknown entry %(key)s in a deal."), key=key)
    return Deal(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


def deal_entered(points: tuple[int | None, int | None] = (None, None), *, flag: Side | None = None,
                 revoke: Side | None = None,
                 tricks: tuple[int | None, int | None] = (None, None), tie: bool = False,
                 last_trick: Side | None = None, queen_of_hearts: Side | None = None,
                 deck: str = "single") -> Deal:
    """The deal as a referee enters it: one side's card points (the other side has the pack's
    points minus them, 120 or 240; tricks likewise out of 10), a flag alone (all the points),
    half and half in one tap, or a revoke (which ignores the rest); and the sides that took
    the bonuses. ``DealError`` when there is nothing to score."""
    if revoke:
        return Deal(revoke=revoke)
    whole = PACKS[deck].points
    half = whole // 2
    if tie and any(side not in (None, half) for side in points):
        raise DealError(gettext_noop("A %(half)s-%(half)s gives each side %(half)s points: "
                                     "clear the card points typed, or leave out the "
                                     "%(half)s-%(half)s."), half=half)
    a, b = (half, half) if tie else points
    if a is None and b is None:
        if not flag:
            raise DealError(gettext_noop("Enter the card points of one side."))
        a = whole if flag == SIDES[0] else 0
    ta, tb = tricks
    return Deal(points=(whole - b if a is None else a, whole - a if b is None else b),
                flag=flag or None,
                tricks=None if ta is None and tb is None
                else (TRICKS - tb if ta is None else ta, TRICKS - ta if tb is None else tb),
                last_trick=last_trick or None, queen_of_hearts=queen_of_hearts or None)


def bonus_sides(rules: Rules, *, flag: Side | None = None, last_trick: Side | None = None,
                queen_of_hearts: Side | None = None) -> dict[str, Side | None]:
    """The sides a referee names for the bonuses, with what a flag tells without a tap: the
    flag's side took the Queen of Hearts (all the card points, she among them) and, when a flag
    is all ten tricks (``flag: "tricks"``), the last trick. Only for a game giving the bonus."""
    named = {"last_trick": last_trick or None, "queen_of_hearts": queen_of_hearts or None}
    for bonus in BONUSES:
        swept = bonus.entry == "queen_of_hearts" or rules.flag == "tricks"
        if getattr(rules, bonus.rule) and named[bonus.entry] is None and swept:
            named[bonus.entry] = flag or None
    return named


def deal_typed(rules: Rules, points: tuple[int | None, int | None] = (None, None), *,
               flag: Side | None = None, revoke: Side | None = None,
               tricks: tuple[int | None, int | None] = (None, None), tie: bool = False,
               last_trick: Side | None = None, queen_of_hearts: Side | None = None) -> Deal:
    """What a referee's entry makes under ``rules``, checked as the server checks it before
    showing the deal for confirmation: ``deal_entered`` with the rules' pack and the bonus
    sides a flag tells (``bonus_sides``), then ``check_deal``. ``DealError`` if it is
    impossible. The browser scorer's ``dealTyped`` must agree (tests/engine/js_vectors.py)."""
    sides = {} if revoke else bonus_sides(rules, flag=flag, last_trick=last_trick,
                                          queen_of_hearts=queen_of_hearts)
    deal = deal_entered(points, flag=flag, revoke=revoke, tricks=tricks, tie=tie,
                        deck=rules.deck, **sides)
    check_deal(deal, rules)
    return deal


def swept_side(deal: Deal, rules: Rules) -> Side | None:
    """The side that took all ten tricks, as far as this (checked) deal tells."""
    if deal.tricks is not None and TRICKS in deal.tricks:
        return SIDES[deal.tricks.index(TRICKS)]
    return deal.flag if rules.flag == "tricks" else None


def flag_side(deal: Deal, rules: Rules) -> Side | None:
    """The side that made a flag in this (checked) deal, if any."""
    if deal.points is None:
        return None
    if rules.flag == "points":
        whole = rules.pack.points
        return next((s for s, p in zip(SIDES, deal.points, strict=True) if p == whole), None)
    return swept_side(deal, rules)


def scored_points(deal: Deal, rules: Rules) -> Pair:
    """The card points of this (checked) deal with each bonus added to the side that took it."""
    assert deal.points is not None
    points = deal.points
    for bonus in BONUSES:
        if (side := getattr(deal, bonus.entry)) is not None:
            points = plus(points, give(side, getattr(rules, bonus.rule)))
    return points


def check_deal(deal: Deal, rules: Rules, index: int | None = None) -> None:
    """Raise ``DealError`` unless the deal's card points, tricks, flag and bonus sides are
    possible."""
    if deal.points is None:
        return
    a, b = deal.points
    whole = rules.pack.points
    if a < 0 or b < 0:
        raise DealError(gettext_noop("Card points cannot be negative."), index)
    if a + b != whole:
        raise DealError(_SUM[rules.deck], index, a=a, b=b, total=a + b)
    if {a, b} & {1, whole - 1}:
        raise DealError(_NO_ONE[rules.deck], index)
    if deal.tricks is not None:
        _check_tricks(deal.points, deal.tricks, rules.deck, index)
    if deal.flag is not None:
        side = SIDES.index(deal.flag)
        if deal.points[side] != whole:
            raise DealError(_FLAG_POINTS[rules.deck], index, side=deal.flag,
                            points=deal.points[side])
        if rules.flag == "tricks" and deal.tricks is not None and deal.tricks[side] != TRICKS:
            raise DealError(gettext_noop("A flag needs all ten tricks."), index)
    _check_bonuses(deal, rules, index)


def _check_tricks(points: Pair, tricks: Pair, deck: str, index: int | None) -> None:
    if min(tricks) < 0:
        raise DealError(gettext_noop("Tricks cannot be negative."), index)
    if sum(tricks) != TRICKS:
        raise DealError(gettext_noop("Tricks must add up to 10."), index)
    # One side's share fitting its tricks means the other's fits too (possible_points).
    if points[0] not in possible_points(tricks[0], deck):
        raise DealError(gettext_noop("%(points)s card points are impossible with "
                                     "%(tricks)s of the ten tricks."), index,
                        points=points[0], tricks=tricks[0])


def _check_bonuses(deal: Deal, rules: Rules, index: int | None) -> None:
    """A bonus game names who took each bonus, a game without it names nobody, and the
    cards allow it: all ten tricks include the last one and the Queen."""
    swept = swept_side(deal, rules)
    for bonus in BONUSES:
        side, value = getattr(deal, bonus.entry), getattr(rules, bonus.rule)
        if value and side is None:
            raise DealError(bonus.missing, index, bonus=value)
        if not value and side is not None:
            raise DealError(bonus.unwanted, index)
        if side is not None and swept not in (None, side):
            raise DealError(bonus.swept, index)
    if deal.queen_of_hearts is not None:
        _check_queen(deal, SIDES.index(deal.queen_of_hearts), rules.deck, index)


def _check_queen(deal: Deal, side: int, deck: str, index: int | None) -> None:
    """The side with the Queen of Hearts holds 2 card points and more (not 3: no card is
    worth 1), as many as its tricks allow with her among them."""
    assert deal.points is not None
    points = deal.points[side]
    if deal.tricks is None:
        possible = frozenset().union(*(possible_points(t, deck, queen=True)
                                       for t in range(TRICKS + 1)))
        if points not in possible:
            raise DealError(gettext_noop("A side with %(points)s card points cannot have taken "
                                         "the Queen of Hearts."), index, points=points)
    elif points not in possible_points(deal.tricks[side], deck, queen=True):
        raise DealError(gettext_noop("%(points)s card points with %(tricks)s of the ten tricks "
                                     "cannot include the Queen of Hearts."), index,
                        points=points, tricks=deal.tricks[side])
