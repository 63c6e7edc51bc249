"""Exact minimum-cost pairing of one block of consecutive teams (the ``exact`` strategy).

The block's allowed tables become weighted edges (costs from :mod:`.cost`), with a dummy node
for the bye, and :mod:`.matching` finds the minimum-cost perfect matching. Dirac's theorem keeps
the graph sparse: let ``d`` be the most previous opponents a team has inside a block of ``s``
teams; when ``s >= 2d + 2`` the graph of allowed tables has minimum degree ``>= s / 2``, hence a
Hamiltonian cycle, hence a rematch-free perfect matching, so rematch edges are left out. A block
larger than ``COMPLETE_MAX`` is cut into consecutive chunks of at least ``max(CHUNK, 2d + 2)``
teams, each rematch-free by the same argument. Before each blossom call the cost is estimated;
a call that would overrun the budget goes to the greedy fallback instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.pairing.cost import Context
from engine.pairing.greedy import greedy
from engine.pairing.matching import Edge, min_cost_max_matching

__all__ = ["CHUNK", "COMPLETE_MAX", "EXACT_MAX", "SECONDS_PER_NODE_EDGE", "solve_block"]

EXACT_MAX: Final = 32
"""Up to this many teams, one exact matching over the complete graph."""
COMPLETE_MAX: Final = 48
"""Zones up to this many teams are solved in one piece, larger ones in chunks."""
CHUNK: Final = 24
"""Large zones are cut into chunks of at least this many teams (and 2d + 2)."""
SECONDS_PER_NODE_EDGE: Final = 2e-6
"""Blossom cost model used against the time budget: about nodes x edges x this."""


def solve_block(
    ctx: Context, block: Sequence[int], bye_pref: Sequence[int] = ()
) -> tuple[list[tuple[int, int]], int | None, bool]:
    """Min-cost perfect matching of ``block`` (consecutive in the order), under the budget.

    With ``bye_pref``, a dummy node linked to those teams takes the bye. A block larger than
    ``COMPLETE_MAX`` is cut into consecutive chunks of at least ``max(CHUNK, 2d + 2)`` teams,
    each of which has a rematch-free perfect matching (Dirac). Returns the pairs, the bye and
    whether the fallback was used.
    """
    size = len(block)
    if size == 0:
        return [], None, False
    if size == 2 and not bye_pref:
        return [(block[0], block[1])], None, False
    degree = _max_opponents_within(ctx, block)
    if size > COMPLETE_MAX and not bye_pref:
        chunk = max(CHUNK, 2 * degree + 2)
        count = size // chunk
        if count >= 2:
            tables, extra = divmod(size // 2, count)
            pairs: list[tuple[int, int]] = []
            fell = False
            start = 0
            for i in range(count):
                if not ctx.clock.allows(0.0):  # budget spent: the rest in one greedy pass
                    part, _, _ = greedy(ctx, block[start:])
                    return pairs + part, None, True
                end = start + 2 * (tables + (1 if i < extra else 0))
                part, _, part_fell = solve_block(ctx, block[start:end])
                pairs += part
                fell = fell or part_fell
                start = end
            return pairs, None, fell
    # Dirac: with at least 2d + 2 teams a rematch-free perfect matching exists, so the rematch
    # edges cannot be part of the optimum and are left out (a sparser graph is faster).
    rematch_free = not bye_pref and size >= 2 * degree + 2
    nodes = size + (1 if bye_pref else 0)
    if not ctx.clock.allows(nodes * nodes * (nodes - 1) / 2 * SECONDS_PER_NODE_EDGE):
        return greedy(ctx, block, bye_pref)  # checked before building any edge
    pairs, bye, fell = _matching(ctx, block, bye_pref, skip_rematches=rematch_free)
    if not fell and 2 * len(pairs) + (1 if bye is not None else 0) < size:
        pairs, bye, fell = _matching(ctx, block, bye_pref, skip_rematches=False)  # defensive
    return pairs, bye, fell


def _matching(
    ctx: Context, block: Sequence[int], bye_pref: Sequence[int], *, skip_rematches: bool
) -> tuple[list[tuple[int, int]], int | None, bool]:
    size = len(block)
    meetings = ctx.history.meetings
    edges: list[Edge] = []
    for i in range(size):
        a = block[i]
        for j in range(i + 1, size):
            b = block[j]
            if skip_rematches and meetings(a, b):
                continue
            edges.append((i, j, ctx.cost(a, b, j - i)))
    index = {t: i for i, t in enumerate(block)}
    dummy = size
    for rank, team in enumerate(bye_pref):
        edges.append((index[team], dummy, rank * ctx.bye_tier))
    nodes = size + (1 if bye_pref else 0)
    if not ctx.clock.allows(nodes * len(edges) * SECONDS_PER_NODE_EDGE):
        return greedy(ctx, block, bye_pref)
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for u, v in min_cost_max_matching(edges):
        if v == dummy and bye_pref:
            bye = block[u]
        else:
            pairs.append((block[u], block[v]))
    return pairs, bye, False


def _max_opponents_within(ctx: Context, block: Sequence[int]) -> int:
    members = set(block)
    return max((len(ctx.history.opponents(t) & members) for t in block), default=0)
