"""Seed placement in a bracket, seeding partly by lot, and snake seeding into groups."""

import random
from collections.abc import Sequence

from .entrants import Entrant, require_distinct


def bracket_size(n: int) -> int:
    """The smallest power of two that holds ``n`` entrants (n >= 1)."""
    if n < 1:
        raise ValueError("A bracket needs at least one entrant")
    return 1 << (n - 1).bit_length()


def seed_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket position order for a power-of-two ``size``.

    Adjacent positions meet in the first round; seeds 1 and 2 sit in opposite halves,
    1-4 in different quarters, and so on. For 16: 1, 16, 8, 9, 4, 13, 5, 12, 2, 15, ...
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"A bracket size must be a power of two, got {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def seeded_with_lot(
    seeded: Sequence[Entrant], unseeded: Sequence[Entrant], rng_seed: int | str
) -> list[Entrant]:
    """The whole seed order: ``seeded`` first in their order, then ``unseeded`` by lot.

    Without the lot the rest would follow the order they came in (registration,
    usually), and the places after the seeds, with their byes, would go to the first
    to register. The same entrants in the same order with the same seed always draw
    the same order.
    """
    rest = list(unseeded)
    random.Random(rng_seed).shuffle(rest)
    return require_distinct([*seeded, *rest])


def snake_groups(seeded: Sequence[Entrant], n_groups: int) -> list[list[Entrant]]:
    """Deal the seeded entrants into ``n_groups`` groups by snake (serpentine) seeding.

    Seeds 1..G go to groups A..G, seeds G+1..2G back from G to A, and so on. Sizes
    differ by at most one; every group gets at least two entrants.
    """
    field = require_distinct(seeded)
    if n_groups < 1:
        raise ValueError("At least one group is needed")
    if len(field) < 2 * n_groups:
        raise ValueError(f"{len(field)} entrants cannot fill {n_groups} groups of two")
    groups: list[list[Entrant]] = [[] for _ in range(n_groups)]
    for index, entrant in enumerate(field):
        row, column = divmod(index, n_groups)
        group = column if row % 2 == 0 else n_groups - 1 - column
        groups[group].append(entrant)
    return groups
