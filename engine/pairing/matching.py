"""Typed wrapper around networkx's blossom algorithm, for :mod:`engine.pairing` only.

The one place where the engine calls networkx (which ships no type stubs): a list of
``(u, v, cost)`` edges with integer costs in, a maximum-cardinality matching of minimum total
cost out (Edmonds' blossom, ``networkx.max_weight_matching``). It knows nothing about teams or
rounds: what costs what lives in :mod:`engine.pairing.cost`, which edges exist in
:mod:`engine.pairing.exact`.
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx  # type: ignore[import-untyped]

__all__ = ["Edge", "min_cost_max_matching"]

Edge = tuple[int, int, int]
"""An undirected edge ``(u, v, cost)``; costs are non-negative integers (exact arithmetic)."""


def min_cost_max_matching(edges: Sequence[Edge]) -> list[tuple[int, int]]:
    """Return a maximum-cardinality matching whose total cost is minimal among those.

    Every maximum-cardinality matching has the same number of edges, so maximising the sum of
    ``top - cost`` over them (what networkx does with ``maxcardinality=True``) minimises the
    sum of costs. Integer weights keep networkx on exact integer arithmetic, which matters
    because the pairing costs are lexicographic tiers of very different magnitudes.
    Each returned pair is ``(u, v)`` with ``u < v``, sorted.
    """
    if not edges:
        return []
    top = max(cost for _, _, cost in edges) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from((u, v, top - cost) for u, v, cost in edges)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[int, int]] = []
    for u, v in matching:
        a, b = int(u), int(v)
        pairs.append((a, b) if a < b else (b, a))
    pairs.sort()
    return pairs
