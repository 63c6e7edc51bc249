"""Tabu local search over seatings: the round-by-round solver for every field size.

What this module owns
---------------------
One partie's seating as a minimum of the tiered costs of :mod:`engine.seating.costs`, found by
a min-conflicts tabu search (the method that solves social golfer instances well): pick a
player who has a repeat at its table, try swapping it with every other player (including the
ones sitting out, when the swapped-in player may sit out), make the best swap that is not tabu
(a player may not go back to a table it just left for a few steps, unless that beats the best
seating found), and keep the best seating seen. When no player has a repeat, the ranking
option keeps improving the ranking gaps with strictly improving swaps. After a stretch without
progress the search restarts from the best seating with a few random swaps.

Determinism: everything is drawn from the ``random.Random`` it is given, and the budget counts
candidate evaluations, never seconds, so the same inputs and seed give the same tables on any
machine.

It knows nothing of ids, histories or reports: indices and cost matrices in, tables out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.seating.costs import CONFLICT, FORBIDDEN, Matrices, table_cost

__all__ = ["EVALS_PER_EFFORT", "Layout", "Seating", "search"]

EVALS_PER_EFFORT: Final = 90_000
"""Candidate swaps evaluated per unit of effort: at most ~0.8 s for 200 players, spent only
while some repeat is left (a repeat-free seating stops the search at once)."""
STALE_STEPS: Final = 150
"""Steps without a better seating before a restart from the best one."""
RESTARTS: Final = 4
"""Restarts per unit of effort before the search settles for its best seating."""
TABU_MIN: Final = 6
TABU_SPREAD: Final = 8


@dataclass(frozen=True, slots=True)
class Layout:
    """What to seat: ``sizes`` of the tables, the players, and the optional exemption seats."""

    sizes: tuple[int, ...]
    players: tuple[int, ...]  # every index the search places (seated or sitting out)
    pool: frozenset[int]  # who may take one of the ``exempt`` seats
    exempt: int


@dataclass(frozen=True, slots=True)
class Seating:
    tables: tuple[tuple[int, ...], ...]  # belote: (a, b, c, d) = ab v cd
    exempt: tuple[int, ...]


def search(
    m: Matrices,
    lay: Layout,
    rng: random.Random,
    budget: int,
    start: Seating | None = None,
    ranked: Sequence[int] | None = None,
) -> Seating:
    """The best seating found within ``budget`` evaluations (from ``start`` if given).

    ``ranked`` (players best first) shapes the starting seating when the ranking option is on.
    """
    state = _State(m, lay, rng, start or _initial(lay, rng, ranked))
    found = state.run(budget, polish=ranked is not None)
    if start is None and ranked is not None and state.has_repeat(found):
        # Starting from the ranking order packs players with their ranking neighbours, whom
        # they have often met already: the search can stall there. A random start is free of
        # that; its ranking gaps are then improved by the same polishing.
        again = _State(m, lay, rng, _initial(lay, rng, None))
        other = again.run(budget, polish=True)
        if again.total_of(other) < state.total_of(found):
            return other
    return found


def _initial(lay: Layout, rng: random.Random, ranked: Sequence[int] | None) -> Seating:
    pool = sorted(lay.pool)
    rng.shuffle(pool)
    out = pool[: lay.exempt]
    order = [p for p in (ranked if ranked is not None else lay.players) if p not in set(out)]
    if ranked is None:
        rng.shuffle(order)
    tables: list[tuple[int, ...]] = []
    at = 0
    for size in lay.sizes:
        tables.append(tuple(order[at : at + size]))
        at += size
    return Seating(tuple(tables), tuple(out))


class _State:
    """The mutable seating being improved, with each player's cost at its table."""

    def __init__(self, m: Matrices, lay: Layout, rng: random.Random, start: Seating) -> None:
        self.m = m
        self.rng = rng
        self.pool = lay.pool
        self.players = list(lay.players)
        self.ex = len(start.tables) if lay.exempt else -1  # the exemption seats' "table"
        size = max(lay.players, default=-1) + 1
        self.where = [-1] * size
        self.slot = [-1] * size
        self.cost = [0] * size
        self.step = 0
        self.load(start)

    def load(self, seating: Seating) -> None:
        self.tab: list[list[int]] = [list(t) for t in seating.tables]
        if self.ex >= 0:
            self.tab.append(list(seating.exempt))
        for t, members in enumerate(self.tab):
            for s, x in enumerate(members):
                self.where[x] = t
                self.slot[x] = s
        for x in self.players:
            self.cost[x] = self.cost_at(x, self.where[x], self.slot[x])
        self.total = sum(self.cost) // 2  # every pair is counted from both sides
        self.tabu: dict[tuple[int, int], int] = {}

    # -- costs ------------------------------------------------------------------------------

    def cost_at(self, x: int, t: int, s: int) -> int:
        """Cost of ``x`` sitting at seat ``s`` of table ``t``, with its other occupants."""
        if t == self.ex:
            return 0 if x in self.pool else FORBIDDEN
        members = self.tab[t]
        row = self.m.opponent[x]
        total = 0
        for j, y in enumerate(members):
            if j != s:
                total += row[y]
        if self.m.partnered:
            y = members[s ^ 1]  # seats 0-1 and 2-3 are the pairs
            total += self.m.partner[x][y] - row[y]
        return total

    def delta(self, x: int, y: int) -> int:
        """How much the total changes if ``x`` and ``y`` swap seats."""
        t1, t2 = self.where[x], self.where[y]
        s1, s2 = self.slot[x], self.slot[y]
        if t1 != t2:
            new = self.cost_at(y, t1, s1) + self.cost_at(x, t2, s2)
            return new - self.cost[x] - self.cost[y]
        if not self.m.partnered or t1 == self.ex or s1 // 2 == s2 // 2:
            return FORBIDDEN  # swapping inside a pair (or a tarot table) changes nothing
        table = self.tab[t1]
        swapped = table[:]
        swapped[s1], swapped[s2] = y, x
        return table_cost(self.m, swapped) - table_cost(self.m, table)

    # -- moves ------------------------------------------------------------------------------

    def deltas(self, x: int) -> list[tuple[int, int]]:
        """``(y, delta(x, y))`` for every other player: :meth:`delta` unrolled, because this
        loop is where the search spends its time (x's cost at each table is summed once)."""
        t1, s1, ex = self.where[x], self.slot[x], self.ex
        opp, par, where, slot, tab = (
            self.m.opponent,
            self.m.partner,
            self.where,
            self.slot,
            self.tab,
        )
        partnered = self.m.partnered
        ox, px, base = opp[x], par[x], self.cost[x]
        sums = [sum(ox[z] for z in t) for t in tab]
        x_may_sit_out = x in self.pool
        seat1 = tab[t1]
        others1 = [z for j, z in enumerate(seat1) if j != s1]
        mate1 = seat1[s1 ^ 1] if partnered and t1 != ex else -1
        out: list[tuple[int, int]] = []
        for y in self.players:
            t2 = where[y]
            if t2 == t1:
                if y != x:
                    out.append((y, self.delta(x, y)))
                continue
            if t1 == ex:
                cy = 0 if y in self.pool else FORBIDDEN
            else:
                oy = opp[y]
                cy = sum(oy[z] for z in others1)
                if mate1 >= 0:
                    cy += par[y][mate1] - oy[mate1]
            if t2 == ex:
                cx = 0 if x_may_sit_out else FORBIDDEN
            else:
                cx = sums[t2] - ox[y]
                if partnered:
                    mate2 = tab[t2][slot[y] ^ 1]
                    cx += px[mate2] - ox[mate2]
            out.append((y, cy + cx - base - self.cost[y]))
        return out

    def best_move(self, x: int, best_total: int, improving: bool) -> tuple[int, int] | None:
        t1 = self.where[x]
        chosen: tuple[int, int] | None = None
        ties = 0
        for y, d in self.deltas(x):
            if d >= FORBIDDEN // 2 or (improving and d >= 0):
                continue
            t2 = self.where[y]
            tabu = (
                self.tabu.get((x, t2), -1) >= self.step or self.tabu.get((y, t1), -1) >= self.step
            )
            if tabu and self.total + d >= best_total:
                continue
            if chosen is None or d < chosen[1]:
                chosen, ties = (y, d), 1
            elif d == chosen[1]:
                ties += 1  # reservoir sampling keeps the draw uniform among equal moves
                if self.rng.randrange(ties) == 0:
                    chosen = (y, d)
        return chosen

    def swap(self, x: int, y: int, d: int) -> None:
        t1, t2 = self.where[x], self.where[y]
        s1, s2 = self.slot[x], self.slot[y]
        self.tab[t1][s1], self.tab[t2][s2] = y, x
        self.where[x], self.where[y] = t2, t1
        self.slot[x], self.slot[y] = s2, s1
        for t in {t1, t2}:
            for s, z in enumerate(self.tab[t]):
                self.cost[z] = self.cost_at(z, t, s)
        self.total += d
        tenure = TABU_MIN + self.rng.randrange(TABU_SPREAD)
        self.tabu[(x, t1)] = self.step + tenure
        self.tabu[(y, t2)] = self.step + tenure

    def has_repeat(self, seating: Seating) -> bool:
        """Whether a player of ``seating`` (a seating of this search) has a repeat."""
        self.load(seating)
        return any(self.cost[x] >= CONFLICT for x in self.players)

    def total_of(self, seating: Seating) -> int:
        self.load(seating)
        return self.total

    def snapshot(self) -> Seating:
        tables = self.tab[: self.ex] if self.ex >= 0 else self.tab
        exempt = self.tab[self.ex] if self.ex >= 0 else []
        return Seating(tuple(tuple(t) for t in tables), tuple(exempt))

    def kick(self, count: int) -> None:
        """A few random swaps between tables, to leave a local minimum."""
        for _ in range(count):
            x, y = self.rng.sample(self.players, 2)
            d = self.delta(x, y)
            if self.where[x] != self.where[y] and d < FORBIDDEN // 2:
                self.swap(x, y, d)

    # -- the loop ---------------------------------------------------------------------------

    def run(self, budget: int, polish: bool) -> Seating:
        best, best_total = self.snapshot(), self.total
        evals, stale, restarts = 0, 0, RESTARTS * max(1, budget // EVALS_PER_EFFORT)
        per_step = max(len(self.players), 1)
        while evals < budget:
            self.step += 1
            evals += per_step
            conflicted = [x for x in self.players if self.cost[x] >= CONFLICT]
            if not conflicted and not polish:
                break
            improving = not conflicted
            x = self.rng.choice(conflicted or self.players)
            move = self.best_move(x, best_total, improving)
            if move is not None:
                self.swap(x, move[0], move[1])
            if self.total < best_total:
                best, best_total, stale = self.snapshot(), self.total, 0
                continue
            stale += 1
            if stale >= STALE_STEPS + per_step:
                restarts -= 1
                if improving or restarts < 0:
                    break  # no repeat left and the ranking gaps no longer improve, or stuck
                self.load(best)
                self.kick(2 + len(self.players) // 16)
                stale = 0
        return best
