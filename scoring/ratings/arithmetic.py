"""Club ratings: the arithmetic, on plain values. No Django (services.py beside it stores it).

Algorithm: OpenSkill's Plackett-Luce model (the `openskill` package; Weng and Lin's Bayesian
approximation). Why:

- Sueca is two against two, always with the same partner across the table. OpenSkill rates
  players *within* teams natively: a match is ``rate([[a1, a2], [b1, b2]])``; Elo knows two
  single players only and would need an ad hoc team average and an ad hoc split of the change.
- Each rating carries its uncertainty (sigma) next to its estimate (mu). A newcomer who won
  one match is not ranked above a regular with a long record: the ladder ranks by the
  conservative rating ``mu - 3 * sigma`` (OpenSkill's ordinal), which rises as a player
  plays and the club learns what they are worth.
- Plackett-Luce rather than Thurstone-Mosteller: for two teams they agree closely, and
  Plackett-Luce is the package's default, the best of its models in its own benchmarks, and
  handles a draw (a level fixed-deal match) as tied ranks with no draw margin to tune.

A partnership has its own rating as well, not one derived from its players': the partnership
is rated as a one-member "team" in a second, parallel rating of the same match. Partners in
Sueca play a signalling game together (what a lead means, when to cut), so a dupla's strength
is more than its two players' sum, and a player's rating mixes results with every partner
they have had. The partnership rating says how *this* pair does, which is what seeding a
tournament of fixed pairs needs. Its price is a slower start (a new pair starts unrated even
if both players are known); seeding puts unrated pairs last.

Only the result counts (who won, or a draw), not the margin: the match formats differ too
much (first to 4 games, fixed deals, partidas) for a margin to mean the same everywhere.
Rating a sequence of matches is deterministic: the same matches in the same order give
bit-for-bit the same numbers, which is what lets a rebuild from scratch equal the
match-by-match updates (see `replay`).
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # mu 25, sigma 25/3, beta 25/6, tau 25/300: the package's defaults
Z = 3  # how many sigmas the conservative rating stays below mu

Outcome = Literal["A", "B", "draw"]
Result = Literal["W", "L", "D"]


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """What the ladder ranks by: probably at least this good (0 for a newcomer)."""
        return self.mu - Z * self.sigma


DEFAULT = Skill(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class Game:
    """One finished match as the ratings see it: who sat on each side and who won."""

    key: int  # the match's id
    a_players: tuple[int, ...]  # two, or four with the double pack
    b_players: tuple[int, ...]
    a: int  # the partnerships
    b: int
    outcome: Outcome

    @property
    def rateable(self) -> bool:
        """A match with the same player on both sides (a data slip) says nothing of anyone."""
        seated = len(self.a_players) + len(self.b_players)
        return (self.a != self.b and len(self.a_players) == len(self.b_players)
                and len(set(self.a_players) | set(self.b_players)) == seated
                and self.outcome in ("A", "B", "draw"))


@dataclass(frozen=True)
class Change:
    """One entity's rating before and after one game."""

    kind: Literal["player", "partnership"]
    entity: int
    result: Result
    before: Skill
    after: Skill


RANKS: dict[str, list[int]] = {"A": [1, 2], "B": [2, 1], "draw": [1, 1]}
RESULTS: dict[str, tuple[Result, Result]] = {"A": ("W", "L"), "B": ("L", "W"),
                                             "draw": ("D", "D")}


def _rate(teams: list[list[Skill]], outcome: Outcome) -> list[list[Skill]]:
    rated = MODEL.rate([[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams],
                       ranks=RANKS[outcome])
    return [[Skill(r.mu, r.sigma) for r in team] for team in rated]


def rate_game(game: Game, players: Mapping[int, Skill],
              partnerships: Mapping[int, Skill]) -> list[Change]:
    """The changes one game makes, from the current ratings (missing: a newcomer's DEFAULT).

    A player change for each of A's players, then B's (two each, or four with the double
    pack), and two partnership changes (A, then B); nothing when the game is not rateable.
    """
    if not game.rateable:
        return []
    result_a, result_b = RESULTS[game.outcome]
    side = len(game.a_players)
    seats = [*game.a_players, *game.b_players]
    before = [players.get(p, DEFAULT) for p in seats]
    after_a, after_b = _rate([before[:side], before[side:]], game.outcome)
    changes = [Change("player", p, r, s, t) for p, r, s, t in
               zip(seats, [result_a] * side + [result_b] * side, before, after_a + after_b,
                   strict=True)]
    pair_before = [partnerships.get(game.a, DEFAULT), partnerships.get(game.b, DEFAULT)]
    [pa], [pb] = _rate([[pair_before[0]], [pair_before[1]]], game.outcome)
    changes.append(Change("partnership", game.a, result_a, pair_before[0], pa))
    changes.append(Change("partnership", game.b, result_b, pair_before[1], pb))
    return changes


@dataclass
class Book:
    """Every rating after a run of games, with the changes of each game in order."""

    players: dict[int, Skill] = field(default_factory=dict)
    partnerships: dict[int, Skill] = field(default_factory=dict)
    played: dict[tuple[str, int], int] = field(default_factory=dict)
    changes: list[tuple[Game, list[Change]]] = field(default_factory=list)

    def apply(self, game: Game) -> list[Change]:
        changes = rate_game(game, self.players, self.partnerships)
        for change in changes:
            book = self.players if change.kind == "player" else self.partnerships
            book[change.entity] = change.after
            key = (change.kind, change.entity)
            self.played[key] = self.played.get(key, 0) + 1
        if changes:
            self.changes.append((game, changes))
        return changes


def replay(games: Iterable[Game]) -> Book:
    """Rate `games` one after another from scratch (the caller orders them)."""
    book = Book()
    for game in games:
        book.apply(game)
    return book
