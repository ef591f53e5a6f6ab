"""What the formats engine knows about an entrant: nothing but its identity.

Entrants are opaque hashable ids (team primary keys, usually). The Django layer maps
them back to models; nothing here looks inside them.
"""

from collections.abc import Hashable, Iterable

Entrant = Hashable


def require_distinct(entrants: Iterable[Entrant], *, minimum: int = 0) -> list[Entrant]:
    """Return the entrants as a list, refusing repeats, ``None`` and too short fields."""
    field = list(entrants)
    if None in field:
        raise ValueError("None is not an entrant: it stands for a bye")
    if len(set(field)) != len(field):
        raise ValueError("An entrant appears more than once")
    if len(field) < minimum:
        raise ValueError(f"At least {minimum} entrants are needed, got {len(field)}")
    return field
