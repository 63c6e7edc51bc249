"""The seating's own typed call into networkx's blossom (maximum matching).

What this module owns
---------------------
The one place where :mod:`engine.seating` calls networkx (which ships no type stubs): integer
cost edges in, a maximum-cardinality matching of minimum total cost out. The seating keeps its
own copy rather than importing the pairing's, so that either package can be reorganised
without breaking the other (the pairing's moved once already).
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx  # type: ignore[import-untyped]

__all__ = ["Edge", "min_cost_max_matching"]

Edge = tuple[int, int, int]
"""An undirected edge ``(u, v, cost)`` with a non-negative integer cost."""


def min_cost_max_matching(edges: Sequence[Edge]) -> list[tuple[int, int]]:
    """A maximum-cardinality matching whose total cost is minimal among those.

    All maximum matchings have the same size, so maximising ``top - cost`` over them (what
    networkx does with ``maxcardinality=True``) minimises the cost; integer weights keep it on
    exact arithmetic. Each pair comes out as ``(low, high)``, sorted.
    """
    if not edges:
        return []
    top = max(cost for _, _, cost in edges) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from((u, v, top - cost) for u, v, cost in edges)
    pairs = [
        (min(int(u), int(v)), max(int(u), int(v)))
        for u, v in nx.max_weight_matching(graph, maxcardinality=True)
    ]
    pairs.sort()
    return pairs
