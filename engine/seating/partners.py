"""The exact answer to "can a repeated partner be avoided this partie?", by a matching.

What this module owns
---------------------
Grouping pairs into tables is free, so the fewest repeated partners any belote seating of a
partie can have is the number of pairs minus a maximum matching of the "never partnered"
graph. The players who may sit out (the fair-rotation pool) are linked to dummy nodes, one per
free exemption seat; dummy edges are cheaper than player edges, so among the maximum
matchings the blossom picks one that fills every exemption seat (one exists: the vertex set
covered by any matching, such as an optimal seating, is covered by some maximum matching).
:func:`fewest_partner_seating` returns that minimum and a seating reaching it, which the
search then starts from when it had not found it by itself.
"""

from __future__ import annotations

import random
from typing import Final

from engine.seating.field import Field, pair_key
from engine.seating.matching import min_cost_max_matching
from engine.seating.search import Seating

__all__ = ["MATCHING_EDGES_MAX", "fewest_partner_seating"]

MATCHING_EDGES_MAX: Final = 30_000
"""Above this many edges the blossom (pure Python) is too slow to run within a partie."""


def fewest_partner_seating(field: Field, rng: random.Random) -> tuple[int, Seating] | None:
    """``(fewest repeated partners, a seating with that many)``, or ``None`` if too large."""
    required = set(field.required_exempt)
    players = [x for x in range(field.n) if x not in required]
    dummies = list(range(field.n, field.n + field.free_exempt))
    edges = [
        (x, y, 1)
        for i, x in enumerate(players)
        for y in players[i + 1 :]
        if not field.partner[pair_key(x, y)]
    ]
    edges += [(x, d, 0) for x in sorted(field.pool) for d in dummies]
    if len(edges) > MATCHING_EDGES_MAX:
        return None
    matched = min_cost_max_matching(edges)
    out = sorted(x for x, d in matched if d >= field.n)
    pairs = [(x, y) for x, y in matched if y < field.n]
    if len(out) < field.free_exempt:  # no maximum matching fills them (cannot happen)
        spare = [x for x in sorted(field.pool) if x not in out]
        out += spare[: field.free_exempt - len(out)]
        pairs = [p for p in pairs if p[0] not in out and p[1] not in out]
    used = set(out) | {x for p in pairs for x in p}
    loose = [x for x in players if x not in used]
    rng.shuffle(loose)  # players no fresh partner is left for are paired by lot
    pairs += [(loose[i], loose[i + 1]) for i in range(0, len(loose), 2)]
    fewest = len(pairs) - sum(1 for x, y in pairs if not field.partner[pair_key(x, y)])
    rng.shuffle(pairs)
    tables = tuple(pairs[i] + pairs[i + 1] for i in range(0, len(pairs), 2))
    return fewest, Seating(tables, tuple(out))  # the free exemption seats only
