"""Final places of an event that ends in a bracket: shared when several went out together.

- **Tiers.** Places are given tier by tier, best first: a tier's entrants share one place, one
  more than the entrants above it (1, 2, 3, 3, 5, ...).
- **Knockout.** The champion is 1st; then the others by the last knockout round they played,
  later is better: the final's loser 2nd, then the semi-finals' losers, and so on, those out
  in the same round sharing the place. Where a third-place match was played, its winner comes
  before its loser (3rd, 4th). After a final neither finalist came to, nobody is 1st: both
  share 2nd and the places go on from 3rd (the third-place match's winner). Those who never
  reached the knockout come after everyone who did: by their place in their group (those
  level on it share the place); last, the rest (withdrawn before they played in the
  knockout, or left out of the groups' ranking).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .entrants import Entrant


@dataclass(frozen=True)
class Placing:
    """A final place (1 is first) and who holds it, shared when several, in the field's order."""

    place: int
    entrants: tuple[Entrant, ...]


def tiered(tiers: Sequence[Sequence[Entrant]], first: int = 1) -> tuple[Placing, ...]:
    """The places of `tiers` (best first, empty ones skipped), the first tier's at `first`."""
    placings = []
    for tier in filter(None, tiers):
        placings.append(Placing(first, tuple(tier)))
        first += len(tier)
    return tuple(placings)


@dataclass(frozen=True)
class Played:
    """A decided pairing of the knockout: ``round`` orders the rounds (later is higher), ``b``
    is None for a bye, ``winner`` None after a double forfeit; ``third_place`` marks the match
    between the semi-finals' losers."""

    round: int
    a: Entrant
    b: Entrant | None
    winner: Entrant | None
    third_place: bool = False


def knockout_placings(field: Sequence[Entrant], knockout: Sequence[Played],
                      champion: Entrant | None,
                      group_places: Mapping[Entrant, int] | None = None) -> tuple[Placing, ...]:
    """Everyone of `field` placed by how far each went in `knockout`, then those who never
    played in it by `group_places` (their place in their group), then the rest. Place 1 is
    the champion's alone: with none (a final both finalists failed to come to), nobody is 1st
    and the finalists share 2nd, the final's places taken: the next tier is 3rd, as the
    third-place match's winner is. Ties keep the order of `field`."""
    last_round: dict[Entrant, int] = {}
    for match in knockout:
        for side in (match.a, match.b):
            if side is not None and not match.third_place:
                last_round[side] = max(last_round.get(side, match.round), match.round)
    out = sorted({r for entrant, r in last_round.items() if entrant != champion}, reverse=True)
    tiers = [[e for e in field if e != champion and last_round.get(e) == r] for r in out]
    third = next((m for m in knockout if m.third_place and m.winner is not None), None)
    if third is not None:
        tiers = [tier for shared in tiers for tier in _split(shared, third)]
    places = group_places or {}
    rest = [e for e in field if e not in last_round]
    tiers += [[e for e in rest if places.get(e) == place]
              for place in sorted({places[e] for e in rest if e in places})]
    tiers.append([e for e in rest if e not in places])
    if champion is not None:
        return tiered([[champion], *tiers])
    tiers = [tier for tier in tiers if tier]
    return tiered(tiers[:1], first=2) + tiered(tiers[1:], first=3)


def _split(tier: list[Entrant], third: Played) -> list[list[Entrant]]:
    """The semi-finals' losers parted by their third-place match: its winner, then the rest."""
    if third.winner not in tier:
        return [tier]
    loser = third.b if third.winner == third.a else third.a
    return [[third.winner], [loser] if loser in tier else [],
            [e for e in tier if e not in (third.winner, loser)]]
