"""The maximum-weight matching every draw uses, by networkx.

networkx is imported at the first draw, not when the site starts: it is about 22 MB of a
process, and most web processes only serve pages (tests/site/test_worker_memory.py).
"""

from collections.abc import Hashable, Iterable


def max_weight_matching(edges: Iterable[tuple[Hashable, Hashable, float]],
                        nodes: Iterable[Hashable] = ()) -> set[tuple[Hashable, Hashable]]:
    """The matching of the most pairs, then of the largest total weight, over weighted
    `edges` (a, b, weight); `nodes` adds those that may have no edge."""
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_weighted_edges_from(edges)
    return nx.max_weight_matching(graph, maxcardinality=True)
