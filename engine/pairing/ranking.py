"""The order of the field: the ranking with seeded lots for equal ranks, or the random draw.

Natural tables are consecutive pairs of this order, the costs measure distances in it, and the
tables are numbered in it (leaders, or the first drawn, on table 1).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from engine.pairing.model import Entrant, PairingMethod, ReportCode, ReportItem, TablePairing

__all__ = ["field_order", "number_tables"]


def field_order(
    method: PairingMethod, entrants: dict[int, Entrant], rng: random.Random
) -> tuple[list[int], list[ReportItem]]:
    """The teams in pairing order, and the ``rank_tie_drawn`` items of the ranking method.

    A random draw shuffles the ids; the ranking sorts by rank, equal ranks by a seeded lot.
    Both draw from ``rng`` in a fixed sequence, so the same seed gives the same order.
    """
    ids = sorted(entrants)
    if method is PairingMethod.RANDOM:
        order = list(ids)
        rng.shuffle(order)
        return order, []
    lots = {team: rng.random() for team in ids}
    order = sorted(ids, key=lambda t: (entrants[t].rank, lots[t]))
    return order, _rank_ties(order, entrants)


def _rank_ties(order: Sequence[int], entrants: dict[int, Entrant]) -> list[ReportItem]:
    items: list[ReportItem] = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and entrants[order[j + 1]].rank == entrants[order[i]].rank:
            j += 1
        if j > i:
            items.append(
                ReportItem(
                    ReportCode.RANK_TIE_DRAWN,
                    {"rank": entrants[order[i]].rank, "teams": tuple(order[i : j + 1])},
                )
            )
        i = j + 1
    return items


def number_tables(
    pairs: Iterable[tuple[int, int]], pos: dict[int, int]
) -> tuple[TablePairing, ...]:
    """Tables numbered by their better placed team's position; ``a`` is that team."""
    ordered = sorted(
        ((a, b) if pos[a] < pos[b] else (b, a) for a, b in pairs), key=lambda p: pos[p[0]]
    )
    return tuple(TablePairing(n, a, b) for n, (a, b) in enumerate(ordered, start=1))
