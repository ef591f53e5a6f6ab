"""What a finished match is worth: its result and the standing points it hands out."""

from dataclasses import dataclass

from .entrants import Entrant


@dataclass(frozen=True)
class PointsScheme:
    """Standing points per match. Portuguese custom: win 3, loss 1, no-show 0.

    A draw (possible only in ``fixed_deals`` matches) is worth 2, half of what a
    decided match hands out, so every played match is worth 4 points in total. A bye
    is worth a win unless the tournament says otherwise: ``bye_points`` None means
    the points of a win.
    """

    win: int = 3
    loss: int = 1
    draw: int = 2
    no_show: int = 0
    bye_points: int | None = None

    @property
    def points_for_bye(self) -> int:
        return self.win if self.bye_points is None else self.bye_points


DEFAULT_POINTS = PointsScheme()


@dataclass(frozen=True)
class MatchResult:
    """A finished match between ``a`` and ``b``.

    ``winner`` is ``a``, ``b`` or None for a draw. ``points_a``/``points_b`` are card
    points. ``walkover`` means the loser did not show up (falta de comparência): the
    loser gets ``no_show`` standing points and the winner a win; the games and
    partidas recorded are the ones the regulations award (e.g. 4-0 games, or 2-0
    partidas), so the no-show loses them as if beaten at the table.

    A walkover without a winner is a double forfeit: both sides were absent or had
    withdrawn. Neither wins and it is no draw: both get ``no_show`` points and count
    a loss, and there are no games, partidas or card points to record.
    """

    a: Entrant
    b: Entrant
    winner: Entrant | None
    games_a: int = 0
    games_b: int = 0
    partidas_a: int = 0
    partidas_b: int = 0
    points_a: int = 0
    points_b: int = 0
    walkover: bool = False

    def __post_init__(self) -> None:
        if self.a == self.b:
            raise ValueError(f"{self.a!r} cannot play itself")
        if self.winner is not None and self.winner not in (self.a, self.b):
            raise ValueError(f"The winner {self.winner!r} did not play this match")
        if self.double_forfeit and any(self._scores()):
            raise ValueError("A double forfeit has no games, partidas or card points")

    @property
    def double_forfeit(self) -> bool:
        return self.walkover and self.winner is None

    def _scores(self) -> tuple[int, ...]:
        return (
            self.games_a,
            self.games_b,
            self.partidas_a,
            self.partidas_b,
            self.points_a,
            self.points_b,
        )


@dataclass(frozen=True)
class FullWin:
    """What a walkover gives its winner, and a bye worth a win: a full win in the match
    format (RULES.md), e.g. 4 games and 1 partida in a first to 4. ``card_points`` only in
    the points format, where deals award no games and the target in card points is the win."""

    games: int = 0
    partidas: int = 0
    card_points: int = 0
    in_sets: bool = False  # a match of game sets (`partidas`): scored by its partidas

    @property
    def headline(self) -> int:
        """The winner's score as a result shows it (Match.scoreline): 4 in a first to 4, 2
        partidas in a best of three, the target in card points."""
        return self.card_points or (self.partidas if self.in_sets else self.games)


def points_awarded(result: MatchResult, scheme: PointsScheme) -> tuple[int, int]:
    """Standing points for ``a`` and ``b`` from one match."""
    if result.double_forfeit:
        return scheme.no_show, scheme.no_show
    if result.winner is None:
        return scheme.draw, scheme.draw
    loser = scheme.no_show if result.walkover else scheme.loss
    return (scheme.win, loser) if result.winner == result.a else (loser, scheme.win)
