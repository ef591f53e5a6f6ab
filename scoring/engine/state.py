"""The state of a match after its deals, as a scoreboard and the conformance command need it."""

from dataclasses import dataclass
from typing import Literal

from .basics import Pair, Side, Winner
from .formats import Format
from .rules import Rules
from .seats import check_seat

Kind = Literal["points", "flag", "tie", "revoke"]


@dataclass(frozen=True)
class DealResult:
    """One played deal: who dealt it, how it was scored, what it gave each side."""

    dealer: int
    games: Pair
    points: Pair = (0, 0)
    kind: Kind = "points"

    def as_dict(self) -> dict:
        return {"dealer": self.dealer, "games": list(self.games)}


@dataclass(frozen=True)
class MatchState:
    """A match after zero or more deals.

    ``games`` add up over all partidas; ``partida_games`` are the games of the current
    partida (``first_to`` and ``partidas`` only; ``(0, 0)`` once a partida ends and the next
    begins, and in the other formats; a finished match keeps its last partida's). ``carry``
    counts pending tie games. ``revoked`` is the side whose revoke ended the match (one that
    costs the partida or the match: in fixed deals it gives no games, so the games may favour
    the side that lost), else None.
    """

    games: Pair = (0, 0)
    partidas: Pair = (0, 0)
    points: Pair = (0, 0)
    partida_games: Pair = (0, 0)
    carry: int = 0
    finished: bool = False
    winner: Winner | None = None
    next_dealer: int | None = 0
    deals: tuple[DealResult, ...] = ()
    revoked: Side | None = None

    @property
    def deals_played(self) -> int:
        return len(self.deals)

    def as_result(self) -> dict:
        """Exactly the conformance result (see the conformance README)."""
        return {
            "ok": True,
            "games": list(self.games),
            "partidas": list(self.partidas),
            "points": list(self.points),
            "finished": self.finished,
            "winner": self.winner,
            "next_dealer": self.next_dealer,
            "carry": self.carry,
            "deals": [deal.as_dict() for deal in self.deals],
        }

    def stored(self) -> dict:
        """What a match row keeps: the conformance result, the current partida's games and the
        side whose revoke ended the match."""
        return {**self.as_result(), "partida_games": list(self.partida_games),
                "revoked": self.revoked}


def state_from(stored: dict) -> MatchState:
    """The state that ``stored()`` gave, to apply the next deal without replaying them all.

    Earlier deals come back with their dealer and games only: nothing later reads more.
    """
    return MatchState(
        games=tuple(stored["games"]),
        partidas=tuple(stored["partidas"]),
        points=tuple(stored["points"]),
        partida_games=tuple(stored["partida_games"]),
        carry=stored["carry"],
        finished=stored["finished"],
        winner=stored["winner"],
        next_dealer=stored["next_dealer"],
        deals=tuple(DealResult(d["dealer"], tuple(d["games"])) for d in stored["deals"]),
        revoked=stored["revoked"],
    )


def new_match(rules: Rules, fmt: Format, first_dealer: int = 0) -> MatchState:
    """A match before its first deal (only the seats, from the pack, depend on ``rules``)."""
    return MatchState(next_dealer=check_seat(first_dealer, rules))
