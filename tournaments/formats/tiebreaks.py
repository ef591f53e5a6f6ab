"""Tie-break chains: an ordered list of criteria, restarted for every split.

Criteria codes, higher is better unless said otherwise:

- ``points``: standing points;
- ``games_won``: games (jogos) won;
- ``head_to_head``: points in a mini-league of only the matches among the entrants
  still tied at that moment, applied only if every pair of them has met (FIDE's
  direct encounter); otherwise it is skipped for that group, which goes on to the
  next criterion (in a Swiss, who happened to meet whom decides nothing);
- ``partidas_won``; ``partidas_lost`` (fewer is better);
- ``card_points``: card points scored; ``card_point_difference``: scored less conceded;
- ``buchholz``: sum of the standing points of every opponent met;
- ``deciding``: a deciding match (negra) between the entrants still tied, played when the
  tie is for a place that matters (see ``deciding``); it can only come last;
- ``lots``: a reproducible draw; it separates everyone, so it can only come last.

A chain ends with lots or with a deciding match, not both: each settles what is left.

When a criterion splits a group of tied entrants, each part that is still tied goes
through the chain again from its first criterion (so head-to-head is recomputed among
that part only). Entrants no criterion separates stay tied.
"""

from collections.abc import Callable, Sequence

from .entrants import Entrant

CRITERIA = (
    "points",
    "games_won",
    "head_to_head",
    "partidas_won",
    "partidas_lost",
    "card_points",
    "card_point_difference",
    "buchholz",
    "deciding",
    "lots",
)

DEFAULT_CHAIN = ("points", "head_to_head", "partidas_won", "partidas_lost", "card_points", "lots")
# Partidas are counted in a match of game sets ("partidas") and in a first-to match, which is
# one partida (its winner, and a walkover's, has 1: so they separate a win from a no-show's
# points); matches of fixed deals or of points have none, and they would separate no one.
PARTIDAS_CRITERIA = frozenset({"partidas_won", "partidas_lost"})
WITH_PARTIDAS = frozenset({"partidas", "first_to"})


def criteria_for(format_type: str) -> tuple[str, ...]:
    """The criteria that can separate partnerships whose matches are of `format_type`: a
    match of points (Sueca de pontos) counts card points alone, with no games."""
    return tuple(code for code in CRITERIA
                 if (format_type in WITH_PARTIDAS or code not in PARTIDAS_CRITERIA)
                 and (format_type != "points" or code != "games_won"))


def default_chain(format_type: str) -> tuple[str, ...]:
    """The first-to match's partidas are its wins, which points already count: offered, but
    left out of its default (which then fits the formats without partidas as well)."""
    return tuple(code for code in DEFAULT_CHAIN
                 if format_type == "partidas" or code not in PARTIDAS_CRITERIA)

Measure = Callable[[str, list[Entrant]], dict[Entrant, float]]
"""Values of one criterion for a group of tied entrants, higher is better."""


def check_chain(chain: Sequence[str]) -> tuple[str, ...]:
    """The chain as a tuple, refusing unknown or repeated codes, anything after lots or a
    deciding match, and both of them in one chain."""
    codes = tuple(chain)
    unknown = [code for code in codes if code not in CRITERIA]
    if unknown:
        raise ValueError(f"Unknown tie-break criterion {unknown[0]!r}")
    if len(set(codes)) != len(codes):
        raise ValueError("A tie-break criterion appears twice in the chain")
    if {"lots", "deciding"} <= set(codes):
        raise ValueError("Lots and a deciding match both settle what is left: choose one")
    if "lots" in codes[:-1]:
        raise ValueError("Lots decide every tie: they can only be the last criterion")
    if "deciding" in codes[:-1]:
        raise ValueError("A deciding match settles what nothing else does: it can only be "
                         "the last criterion")
    return codes


def tie_groups(
    entrants: list[Entrant], chain: Sequence[str], measure: Measure
) -> list[list[Entrant]]:
    """The entrants ordered as groups of equals, best group first."""
    if len(entrants) < 2:
        return [entrants]
    for code in chain:
        parts = _split(entrants, measure(code, entrants))
        if len(parts) > 1:
            return [group for part in parts for group in tie_groups(part, chain, measure)]
    return [entrants]


def _split(entrants: list[Entrant], values: dict[Entrant, float]) -> list[list[Entrant]]:
    """Entrants grouped by equal value, best value first, keeping their given order."""
    parts: dict[float, list[Entrant]] = {}
    for entrant in entrants:
        parts.setdefault(values[entrant], []).append(entrant)
    return [parts[value] for value in sorted(parts, reverse=True)]
