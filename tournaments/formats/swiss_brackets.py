"""The best pairing of a big Swiss field, found piece by piece rather than in one matching.

One maximum-weight matching of a whole 1,024-entrant field takes seconds, and its time
grows with the square of the field; many small ones take a fraction of that. The costs
(see ``swiss_matching``) allow the cut:

Call the boundary between two neighbouring score groups odd when an odd number of
entrants rank above it: some pair has to cross it. A pair pays for each boundary it
crosses and for the square of the number of groups it spans, so in floats every pairing
costs at least each odd boundary once and one squared group for each, and a pairing
costs exactly that if and only if it crosses each odd boundary with one pair from the
group just above to the group just below and keeps every other pair inside its score
group. Such pairings link nothing across an even boundary: the field falls into
segments (runs of score groups between even boundaries) that are paired one by one over
those pairs only. If the segments together reach the bound, their pairing is a best one
of the whole field over the same candidate pairs (it costs what ``windowed`` would find,
criterion by criterion); if a rematch forces a longer or an extra float somewhere,
``bracketed`` answers None and the whole field is paired in one matching.

A score group of ``2 * (2 * MARGIN + BLOCK)`` or more (64) is cut further along its
ladder: its r-th rung is the r-th entrant of its top half with the r-th of its bottom
half, the pair it ideally plays. The middle rungs, from ``MARGIN`` to ``MARGIN`` before
the ladder's end, are paired in blocks of ``BLOCK`` rungs (a block without a rematch on
its rungs is simply its rungs, which cost nothing); the rest of the segment is paired in
pieces, cut in the middle of each such group. Whether the score groups float no more
than they must is still checked on the whole pairing, but inside a group that was cut
the pairs are only the best within each block and piece: at times a few places worse,
over the whole round, in the top-half/bottom-half order than the best of the whole
field (0 to 6 places a round of 1,024 in ``bench.swiss_pairing``). If a block or piece
has no complete pairing, its segment is paired whole.
"""

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from .matching import max_weight_matching

if TYPE_CHECKING:
    from .swiss_matching import PairCosts

MARGIN = 8
BLOCK = 16

Pair = tuple[int, int]


def bracketed(costs: "PairCosts", fresh: Callable[[Pair], bool], window: int) -> list[Pair] | None:
    """The best pairing of the positions ``costs`` describes over the fresh pairs that
    ``costs.partners(i, window)`` offers, if it floats no more than the score groups
    force (see the module's docstring); else None."""
    pairs: list[Pair] = []
    for segment in _segments(costs.level):
        found = _in_pieces(costs, segment, fresh, window)
        if found is None:
            found = best_pairing(segment, _edges(costs, segment, fresh, window), costs)
        if found is None:
            return None
        pairs += found
    floats = sum(costs.gap(i, j) for i, j in pairs)
    return sorted(pairs) if floats == _odd_boundaries(costs.level) else None


def _in_pieces(
    costs: "PairCosts", segment: list[int], fresh: Callable[[Pair], bool], window: int
) -> list[Pair] | None:
    """The segment paired block by block and piece by piece, None if one has no pairing."""
    blocks, pieces = _split(costs, segment)
    pairs: list[Pair] = []
    for block in blocks:
        found = _ladder(block, fresh) or best_pairing(block, _edges(costs, block, fresh, window), costs)
        if found is None:
            return None
        pairs += found
    for piece in pieces:
        found = best_pairing(piece, _edges(costs, piece, fresh, window), costs)
        if found is None:
            return None
        pairs += found
    return pairs


def _ladder(block: list[int], fresh: Callable[[Pair], bool]) -> list[Pair] | None:
    """The block's rungs as pairs if none is a rematch: they cost nothing, so no pairing
    of the block is better."""
    half = len(block) // 2
    rungs = list(zip(block[:half], block[half:], strict=True))
    return rungs if all(map(fresh, rungs)) else None


def best_pairing(nodes: Iterable[int], edges: Iterable[Pair], costs: "PairCosts") -> list[Pair] | None:
    """The cheapest complete pairing of the positions ``nodes`` over ``edges`` (pairs
    i < j), or None if there is none."""
    nodes = list(nodes)
    matching = max_weight_matching(
        ((i, j, costs.ceiling - costs.of(i, j)) for i, j in edges), nodes)
    if 2 * len(matching) != len(nodes):
        return None
    return sorted(tuple(sorted(pair)) for pair in matching)


def _segments(level: list[int]) -> Iterator[list[int]]:
    """Runs of positions (in order, by score group) that end at an even boundary."""
    start = 0
    for position in range(1, len(level) + 1):
        if (position == len(level) or level[position] != level[position - 1]) and position % 2 == 0:
            yield list(range(start, position))
            start = position


def _odd_boundaries(level: list[int]) -> int:
    return sum(
        1 for position in range(1, len(level)) if level[position] != level[position - 1] and position % 2
    )


def _split(costs: "PairCosts", segment: list[int]) -> tuple[list[list[int]], list[list[int]]]:
    """The middle rungs of the segment's big score groups, ``BLOCK`` at a time (the last
    block of a group takes what is left over); and the rest of the segment, cut in the
    middle of each big group. When an entrant floats into the group, its first entrant
    plays the floater and the rungs below move up one (the second of rung r plays the
    first of rung r + 1; the last, having none, plays what is left at the group's bottom):
    so the second of rung 0 goes with the bottom of the group."""
    blocks: list[list[int]] = []
    pieces: list[list[int]] = [[]]
    for start in segment:
        if costs.place[start] != 0:
            continue
        size = costs.size[start]
        half = size // 2
        if half < 2 * MARGIN + BLOCK:
            pieces[-1] += range(start, start + size)
            continue
        stop = half - MARGIN
        for first in range(MARGIN, stop - BLOCK + 1, BLOCK):
            last = first + BLOCK if first + 2 * BLOCK <= stop else stop
            blocks.append([start + rung + side for side in (0, half) for rung in range(first, last)])
        top = [start + rung + side for side in (0, half) for rung in range(MARGIN)]
        bottom = [start + rung for rung in range(stop, half)] + list(range(start + half + stop, start + size))
        if len(pieces[-1]) % 2:  # one floats in: rung 0's second ends up on a rung lower down
            top.remove(start + half)
            bottom.append(start + half)
        pieces[-1] += top
        pieces.append(bottom)
    return blocks, [sorted(piece) for piece in pieces if piece]


def _edges(
    costs: "PairCosts", piece: Iterable[int], fresh: Callable[[Pair], bool], window: int
) -> list[Pair]:
    """The fresh candidate pairs inside ``piece`` within a score group or one group apart."""
    members = set(piece)
    return [
        (i, j)
        for i in sorted(members)
        for j in costs.partners(i, window)
        if j in members and costs.gap(i, j) <= 1 and fresh((i, j))
    ]
