"""From group stage to knockout: cross pairing of the qualifiers.

The scheme, for G groups with their top k (1..4) qualifying:

1. Seed the qualifiers by finishing place, then by group order: the G group winners
   (A, B, C, ...) are seeds 1..G, the runners-up G+1..2G, and so on. Placed in the
   standard bracket (``seed_order``), winners meet the lowest-placed qualifiers and
   byes, if G*k is not a power of two, fall to the best group winners.
2. Within each finishing place, in turn from the runners-up down, the groups are
   permuted over that place's seeds so that teams from the same group meet as late
   as the bracket allows: first fewest same-group meetings in round 1, then in round
   2, and so on (an exact assignment). Ties keep the plain group order.

With one group this is 1st v 4th, 2nd v 3rd. With two groups and k = 2 it is
1A v 2B and 1B v 2A, in opposite halves. With G a power of two and k = 2, a winner
and runner-up of the same group can only meet in the final; with k = 4, no two teams
of a group meet before the semi-finals.
"""

from collections.abc import Sequence

import networkx as nx

from .entrants import Entrant, require_distinct
from .knockout import Pairing, knockout_first_round
from .seeding import bracket_size, seed_order


def cross_pairings(qualifiers_by_group: Sequence[Sequence[Entrant]], top_k: int) -> list[Pairing]:
    """Knockout first round from each group's finishing order (best first)."""
    return knockout_first_round(cross_seeding(qualifiers_by_group, top_k))


def cross_seeding(qualifiers_by_group: Sequence[Sequence[Entrant]], top_k: int) -> list[Entrant]:
    """The qualifiers in knockout seed order, by the scheme in this module's docstring."""
    groups = _checked_groups(qualifiers_by_group, top_k)
    n_groups = len(groups)
    order = seed_order(bracket_size(n_groups * top_k))
    position = {seed: index for index, seed in enumerate(order)}
    seeded: dict[int, Entrant] = {}
    placed: list[tuple[int, int]] = []
    for place in range(top_k):
        seeds = [place * n_groups + offset + 1 for offset in range(n_groups)]
        for group, seed in _assign(seeds, placed, position, n_groups, top_k).items():
            seeded[seed] = groups[group][place]
            placed.append((group, position[seed]))
    return [seeded[seed] for seed in sorted(seeded)]


def _checked_groups(
    qualifiers_by_group: Sequence[Sequence[Entrant]], top_k: int
) -> list[list[Entrant]]:
    if not 1 <= top_k <= 4:
        raise ValueError(f"From 1 to 4 teams per group qualify, not {top_k}")
    groups = [list(group) for group in qualifiers_by_group]
    if any(len(group) < top_k for group in groups):
        raise ValueError(f"Every group needs at least {top_k} qualifiers")
    require_distinct([team for group in groups for team in group[:top_k]], minimum=2)
    return groups


def _assign(
    seeds: list[int],
    placed: list[tuple[int, int]],
    position: dict[int, int],
    n_groups: int,
    top_k: int,
) -> dict[int, int]:
    """Group -> seed for one finishing place, keeping same-group teams apart."""
    rounds = len(position).bit_length() - 1
    base = n_groups * top_k * top_k + 1
    scale = n_groups * n_groups + 1

    def cost(group: int, seed: int) -> int:
        clash = sum(
            base ** (rounds - (position[seed] ^ other).bit_length())
            for mate, other in placed
            if mate == group
        )
        return clash * scale + abs(group - seeds.index(seed))

    costs = {(group, seed): cost(group, seed) for group in range(n_groups) for seed in seeds}
    ceiling = max(costs.values()) + 1
    graph = nx.Graph()
    for (group, seed), value in costs.items():
        graph.add_edge(("group", group), ("seed", seed), weight=ceiling - value)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return dict(sorted(_group_seed(edge) for edge in matching))


def _group_seed(edge: tuple[tuple[str, int], tuple[str, int]]) -> tuple[int, int]:
    first, second = sorted(edge)
    return first[1], second[1]
