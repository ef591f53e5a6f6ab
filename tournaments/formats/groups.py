"""From group stage to knockout: checking the plan, cross pairing the qualifiers.

The cross-over the organiser form promises is "1A v 2B, 1B v 2A": groups go in
pairs (A and B, C and D, ...), and the winner of each meets the runner-up of the
other group of its pair. For G groups with their top k (1..4) qualifying:

1. Seed the qualifiers by finishing place, then by group order: the G group winners
   (A, B, C, ...) are seeds 1..G, the runners-up G+1..2G, and so on. Placed in the
   standard bracket (``seed_order``), winners meet the lowest-placed qualifiers, 1A
   and 1B are in opposite halves, and byes, if G*k is not a power of two, fall to
   the best group winners.
2. Within each finishing place, in turn from the runners-up down, the groups are
   permuted over that place's seeds so that teams from the same group meet as late
   as the bracket allows: first fewest same-group meetings in round 1, then in round
   2, and so on (an exact assignment). Among equally good permutations, a team
   whose first-round opponent is already placed prefers one from the partner group;
   then the plain group order decides.

So with k = 2 the first round is 1A v 2B, 1B v 2A, 1C v 2D, 1D v 2C, ... wherever the
byes leave the winners an opponent (with 4 groups: 1A-2B, 1D-2C | 1B-2A, 1C-2D), and
with G a power of two a winner and runner-up of the same group can only meet in the
final. With k = 4 the pairs cross the same way (1A v 4B, 2B v 3A, ...) and no two
teams of a group meet before the semi-finals; k = 3 is k = 4 with byes for the
winners. With one group this is 1st v 4th, 2nd v 3rd; with k = 1 the group winners
are plain seeds (1A v 1D, 1B v 1C).
"""

from collections.abc import Sequence

from .entrants import Entrant, require_distinct
from .knockout import Pairing, knockout_first_round
from .matching import max_weight_matching
from .seeding import bracket_size, seed_order

MAX_KNOCKOUT = 64
"""The most qualifiers a knockout after groups takes."""

Problem = tuple[str, dict[str, int]]
"""A stable code and its parameters, for the caller to put into words."""


def check_groups(
    n_entrants: int, n_groups: int, qualifiers_per_group: int, best_of_next: int = 0
) -> list[Problem]:
    """What is wrong with a group stage plan; an empty list when nothing is.

    Groups are dealt as ``snake_groups`` deals them. ``best_of_next`` is how many of
    the teams finishing just below the qualifying places also go through (the best
    thirds, say, picked by ``best_placed``). Codes and their parameters:

    - ``no_groups``: fewer than one group;
    - ``group_too_small`` (smallest, minimum): a group would have fewer than two;
    - ``qualifiers_out_of_range`` (qualifiers, minimum, maximum): not 1 to 4 a group;
    - ``qualifiers_exceed_group`` (qualifiers, smallest): more than the smallest group;
    - ``best_of_next_out_of_range`` (best_of_next, maximum): not 0 to groups - 1;
    - ``best_of_next_short`` (best_of_next, groups): too few groups have that place;
    - ``too_few_qualifiers`` / ``too_many_qualifiers`` (qualifiers, minimum or
      maximum): the knockout would have fewer than 2 or more than ``MAX_KNOCKOUT``.
    """
    if n_groups < 1:
        return [("no_groups", {})]
    smallest, larger = divmod(n_entrants, n_groups)
    sizes = [smallest + (group < larger) for group in range(n_groups)]
    problems = _group_size_problems(smallest, qualifiers_per_group)
    problems += _best_of_next_problems(sizes, qualifiers_per_group, best_of_next)
    total = n_groups * qualifiers_per_group + best_of_next
    if total < 2:
        problems.append(("too_few_qualifiers", {"qualifiers": total, "minimum": 2}))
    if total > MAX_KNOCKOUT:
        problems.append(("too_many_qualifiers", {"qualifiers": total, "maximum": MAX_KNOCKOUT}))
    return problems


def _group_size_problems(smallest: int, qualifiers: int) -> list[Problem]:
    problems: list[Problem] = []
    if smallest < 2:
        problems.append(("group_too_small", {"smallest": smallest, "minimum": 2}))
    if not 1 <= qualifiers <= 4:
        problems.append(("qualifiers_out_of_range", {"qualifiers": qualifiers, "minimum": 1, "maximum": 4}))
    elif qualifiers > smallest:
        problems.append(("qualifiers_exceed_group", {"qualifiers": qualifiers, "smallest": smallest}))
    return problems


def _best_of_next_problems(sizes: list[int], qualifiers: int, best_of_next: int) -> list[Problem]:
    if not 0 <= best_of_next < len(sizes):
        return [("best_of_next_out_of_range", {"best_of_next": best_of_next, "maximum": len(sizes) - 1})]
    with_next_place = sum(size > qualifiers for size in sizes)
    if best_of_next > with_next_place:
        return [("best_of_next_short", {"best_of_next": best_of_next, "groups": with_next_place})]
    return []


def best_placed(
    standings_by_group: Sequence[Sequence[tuple[Entrant, tuple]]], place: int, count: int
) -> list[Entrant]:
    """The best ``count`` of the entrants finishing ``place`` (1 is first) in their group.

    Each group's standings are (entrant, key) pairs in finishing order; keys are
    compared across groups, larger is better. With groups of unequal size the caller
    makes them fair, e.g. points per match played first. Equal keys keep the order of
    the groups, so the pick is the same every time. Best first.
    """
    if place < 1:
        raise ValueError(f"Places count from 1, not {place}")
    finishers = [group[place - 1] for group in standings_by_group if len(group) >= place]
    if not 0 <= count <= len(finishers):
        raise ValueError(f"{len(finishers)} groups have a place {place}: cannot pick {count}")
    ranked = sorted(finishers, key=lambda finisher: finisher[1], reverse=True)
    return [entrant for entrant, _ in ranked[:count]]


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
    """Group -> seed for one finishing place: same-group teams apart, then partners met."""
    rounds = len(position).bit_length() - 1
    base = n_groups * top_k * top_k + 1
    order_scale = n_groups * n_groups + 1
    scale = n_groups * order_scale + order_scale
    group_at = {where: group for group, where in placed}

    def cost(group: int, seed: int) -> int:
        clash = sum(
            base ** (rounds - (position[seed] ^ other).bit_length())
            for mate, other in placed
            if mate == group
        )
        meets_partner = group_at.get(position[seed] ^ 1) == _partner(group, n_groups)
        return clash * scale + (not meets_partner) * order_scale + abs(group - seeds.index(seed))

    costs = {(group, seed): cost(group, seed) for group in range(n_groups) for seed in seeds}
    ceiling = max(costs.values()) + 1
    matching = max_weight_matching((("group", group), ("seed", seed), ceiling - value)
                                   for (group, seed), value in costs.items())
    return dict(sorted(_group_seed(edge) for edge in matching))


def _partner(group: int, n_groups: int) -> int | None:
    """The other group of its pair: A and B, C and D, ...; the last of an odd count has none."""
    partner = group ^ 1
    return partner if partner < n_groups else None


def _group_seed(edge: tuple[tuple[str, int], tuple[str, int]]) -> tuple[int, int]:
    first, second = sorted(edge)
    return first[1], second[1]
