"""One deal as the referee enters it, and the card arithmetic it must satisfy."""

from dataclasses import dataclass, fields

from .basics import SIDES, Pair, Side, is_int
from .cards import DEAL_POINTS, TRICKS, possible_points
from .errors import DealError, gettext_noop
from .rules import Rules


def _is_pair(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(is_int(v) for v in value)


@dataclass(frozen=True)
class Deal:
    """Card points (with an optional flag and tricks) or the side that revoked."""

    points: Pair | None = None
    flag: Side | None = None
    tricks: Pair | None = None
    revoke: Side | None = None

    def __post_init__(self) -> None:
        if (self.points is None) == (self.revoke is None) or (
            self.revoke is not None and (self.flag is not None or self.tricks is not None)
        ):
            raise DealError(gettext_noop("A deal has either card points or a revoke."))
        for side in (self.flag, self.revoke):
            if side is not None and side not in SIDES:
                raise DealError(gettext_noop("A side is A or B, not %(value)s."), value=side)
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
                 tricks: tuple[int | None, int | None] = (None, None), tie: bool = False) -> Deal:
    """The deal as a referee enters it: one side's card points (the other side has 120 minus
    them; tricks likewise out of 10), a flag alone (all the points), 60-60 in one tap, or a
    revoke (which ignores the rest). ``DealError`` when there is nothing to score."""
    if revoke:
        return Deal(revoke=revoke)
    a, b = (DEAL_POINTS // 2, DEAL_POINTS // 2) if tie else points
    if a is None and b is None:
        if not flag:
            raise DealError(gettext_noop("Enter the card points of one side."))
        a = DEAL_POINTS if flag == SIDES[0] else 0
    ta, tb = tricks
    return Deal(points=(DEAL_POINTS - b if a is None else a, DEAL_POINTS - a if b is None else b),
                flag=flag or None,
                tricks=None if ta is None and tb is None
                else (TRICKS - tb if ta is None else ta, TRICKS - ta if tb is None else tb))


def flag_side(deal: Deal, rules: Rules) -> Side | None:
    """The side that made a flag in this (checked) deal, if any."""
    if deal.points is None:
        return None
    if rules.flag == "points":
        return next((s for s, p in zip(SIDES, deal.points, strict=True) if p == DEAL_POINTS), None)
    if deal.flag is None and deal.tricks is not None and TRICKS in deal.tricks:
        return SIDES[deal.tricks.index(TRICKS)]
    return deal.flag


def check_deal(deal: Deal, rules: Rules, index: int | None = None) -> None:
    """Raise ``DealError`` unless the deal's card points, tricks and flag are possible."""
    if deal.points is None:
        return
    a, b = deal.points
    if a < 0 or b < 0:
        raise DealError(gettext_noop("Card points cannot be negative."), index)
    if a + b != DEAL_POINTS:
        raise DealError(gettext_noop("Card points must add up to 120 (%(a)s + %(b)s = "
                                     "%(total)s)."), index, a=a, b=b, total=a + b)
    if {a, b} & {1, DEAL_POINTS - 1}:
        raise DealError(gettext_noop("No side can score 1 or 119 card points: "
                                     "no card is worth 1."), index)
    if deal.tricks is not None:
        _check_tricks(deal.points, deal.tricks, index)
    if deal.flag is not None:
        side = SIDES.index(deal.flag)
        if deal.points[side] != DEAL_POINTS:
            raise DealError(gettext_noop("A flag needs 120 card points."), index)
        if rules.flag == "tricks" and deal.tricks is not None and deal.tricks[side] != TRICKS:
            raise DealError(gettext_noop("A flag needs all ten tricks."), index)


def _check_tricks(points: Pair, tricks: Pair, index: int | None) -> None:
    if min(tricks) < 0:
        raise DealError(gettext_noop("Tricks cannot be negative."), index)
    if sum(tricks) != TRICKS:
        raise DealError(gettext_noop("Tricks must add up to 10."), index)
    # One side's share fitting its tricks means the other's fits too (possible_points).
    if points[0] not in possible_points(tricks[0]):
        raise DealError(gettext_noop("%(points)s card points are impossible with "
                                     "%(tricks)s of the ten tricks."), index,
                        points=points[0], tricks=tricks[0])
