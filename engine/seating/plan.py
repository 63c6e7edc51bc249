"""Exact solvers for small fields: every seating compared, and the 8-player plan ahead.

What this module owns
---------------------
* :func:`seatings`: every way to seat a few players at tables of given sizes (belote tables
  of four in their three pairings), without repeating a seating under table order.
* :func:`exhaustive`: the exact minimum of the tiered costs for one partie when the field is
  small enough (:data:`EXHAUSTIVE_MAX` candidate seatings, exemption choices included).
* :func:`plan_eight`: with 8 belote players, choosing the best partie on its own is not enough:
  a round that is optimal today can force a repeated partner or extra repeated opponents
  later. So while the field is unchanged (the same 8 players every partie, nobody out) the
  partie is taken from a whole schedule searched ahead (depth-first, seeded order) up to the
  contest's planned length (at most 7 parties, the whist limit) in which every prefix meets
  the bound: no repeated partner, and exactly ``max(0, 8 p - 28)`` repeated opponents after
  ``p`` parties (8 opponent pairs per partie over 28 pairs: 4 after 4 parties, 20 after 6).
  Such schedules exist for 7 parties and the search finds one in a few hundred steps; it is
  recomputed from the history at every partie, so nothing needs storing.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final

from engine.seating.costs import Matrices, table_cost
from engine.seating.field import Field, pair_key
from engine.seating.search import Seating

__all__ = ["EXHAUSTIVE_MAX", "PLAN_NODES", "count_seatings", "exhaustive", "plan_eight", "seatings"]

EXHAUSTIVE_MAX: Final = 4000
"""Fields with at most this many candidate seatings are solved by comparing them all."""
PLAN_NODES: Final = 40_000
"""Candidate rounds the 8-player plan may try before giving up (it needs a few hundred)."""
PLAN_PLAYERS: Final = 8
WHIST_PARTIES: Final = PLAN_PLAYERS - 1


def _arrangements(table: tuple[int, ...], partnered: bool) -> Iterator[tuple[int, ...]]:
    if partnered:
        a, b, c, d = table
        yield from ((a, b, c, d), (a, c, b, d), (a, d, b, c))
    else:
        yield table


def seatings(
    players: Sequence[int], sizes: Sequence[int], partnered: bool
) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every seating of ``players`` at tables of ``sizes`` (the first player's table first)."""
    if not players:
        yield ()
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        remaining = list(sizes)
        remaining.remove(size)
        for others in itertools.combinations(rest, size - 1):
            left = [p for p in rest if p not in others]
            for table in _arrangements((first, *others), partnered):
                for tail in seatings(left, remaining, partnered):
                    yield (table, *tail)


def count_seatings(count: int, sizes: Sequence[int], partnered: bool) -> int:
    """How many seatings :func:`seatings` yields (without enumerating them)."""
    total = math.factorial(count)
    for size, times in Counter(sizes).items():
        total //= math.factorial(size) ** times * math.factorial(times)
    return total * (3 ** len(sizes) if partnered else 1)


def exhaustive(field: Field, m: Matrices, rng: random.Random) -> Seating | None:
    """The cheapest seating of this partie (ties drawn), or ``None`` if the field is too big."""
    required = set(field.required_exempt)
    pool = sorted(field.pool)
    seated_count = field.n - field.exempt_count
    choices = math.comb(len(pool), field.free_exempt)
    if choices * count_seatings(seated_count, field.sizes, field.partnered) > EXHAUSTIVE_MAX:
        return None
    best: list[Seating] = []
    best_cost = -1
    for out in itertools.combinations(pool, field.free_exempt):
        gone = required | set(out)
        seated = [x for x in range(field.n) if x not in gone]
        for tables in seatings(seated, field.sizes, field.partnered):
            cost = sum(table_cost(m, t) for t in tables)
            if best_cost < 0 or cost < best_cost:
                best, best_cost = [], cost
            if cost == best_cost:
                best.append(Seating(tables, tuple(sorted(gone))))
    return rng.choice(best)


def _repeats(counter: Counter[tuple[int, int]]) -> int:
    return sum(c - 1 for c in counter.values() if c > 1)


def _bound(parties: int) -> int:
    """The fewest repeated opponents 8 players can have after ``parties`` parties."""
    return max(0, PLAN_PLAYERS * parties - math.comb(PLAN_PLAYERS, 2))


def plan_applies(field: Field) -> bool:
    return (
        field.partnered
        and field.n == PLAN_PLAYERS
        and field.unchanged
        and field.partie <= WHIST_PARTIES
    )


def plan_eight(field: Field, m: Matrices, rng: random.Random) -> Seating | None:
    """This partie taken from a schedule that meets the bound at every prefix, if one exists.

    ``None`` when the history already misses the bound or no schedule is found in
    :data:`PLAN_NODES` steps (the caller then falls back to the exhaustive partie).
    """
    done = field.partie - 1
    if _repeats(field.partner) or _repeats(field.opponent) != _bound(done):
        return None
    horizon = min(WHIST_PARTIES, max(field.partie, field.options.planned_parties or WHIST_PARTIES))
    rounds = list(seatings(range(PLAN_PLAYERS), field.sizes, True))
    rng.shuffle(rounds)  # the seed decides among the many valid schedules
    rounds.sort(key=lambda r: sum(table_cost(m, t) for t in r))  # cheapest today first
    relations = [_relations(r) for r in rounds]
    budget = [PLAN_NODES]
    partner, opponent = Counter(field.partner), Counter(field.opponent)
    for i, (partners, opponents) in enumerate(relations):
        if _fits(partners, opponents, partner, opponent, field.partie) and _extend(
            field.partie + 1, horizon, relations, partner, opponent, budget, (partners, opponents)
        ):
            return Seating(rounds[i], ())
        if budget[0] <= 0:
            return None
    return None


Relations = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


def _relations(tables: tuple[tuple[int, ...], ...]) -> Relations:
    partners = tuple(pair_key(t[0], t[1]) for t in tables) + tuple(
        pair_key(t[2], t[3]) for t in tables
    )
    opponents = tuple(pair_key(x, y) for t in tables for x in t[:2] for y in t[2:])
    return partners, opponents


def _fits(
    partners: Sequence[tuple[int, int]],
    opponents: Sequence[tuple[int, int]],
    partner: Counter[tuple[int, int]],
    opponent: Counter[tuple[int, int]],
    partie: int,
) -> bool:
    if any(partner[p] for p in partners):
        return False
    added = sum(1 for o in opponents if opponent[o])
    return added == _bound(partie) - _bound(partie - 1)


def _extend(
    partie: int,
    horizon: int,
    relations: list[Relations],
    partner: Counter[tuple[int, int]],
    opponent: Counter[tuple[int, int]],
    budget: list[int],
    chosen: Relations,
) -> bool:
    """Whether the schedule, with ``chosen`` played, can go on to ``horizon`` on the bound."""
    partner.update(chosen[0])
    opponent.update(chosen[1])
    try:
        if partie > horizon:
            return True
        for partners, opponents in relations:
            budget[0] -= 1
            if budget[0] <= 0:
                return False
            if _fits(partners, opponents, partner, opponent, partie) and _extend(
                partie + 1, horizon, relations, partner, opponent, budget, (partners, opponents)
            ):
                return True
        return False
    finally:
        partner.subtract(chosen[0])
        opponent.subtract(chosen[1])
