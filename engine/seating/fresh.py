"""Looking ahead for small full belote fields: a partie that leaves the next ones repeat-free.

What this module owns
---------------------
Seated one partie at a time, 12 or 16 players soon run out of room: an optimal partie today
can leave no seating without a repeated opponent tomorrow (with 16 players, the sixth partie
needs for every player a new partner and two opponents among the five it has not faced; six
parties chosen one by one almost never get there, though such schedules exist). So while the
field is small (:data:`FRESH_MIN` - :data:`FRESH_MAX` players), the partie must belong to a
schedule, up to the horizon, with no repeated partner and no repeated opponent at all (and
the fair rotation of exemptions in every planned partie):

1. the search's own seating is kept if it has no repeat and a depth-first search finds such
   a schedule from it for the later parties (it usually has fewer repeated meetings than the
   depth-first search's own, which only orders its choices by meetings);
2. otherwise this partie is the first of a schedule found from the history.

The depth-first search picks who sits out (a few seeded choices among the fair ones, which
the search backtracks over), then builds tables one at a time (the first free player, a
partner it never had, two opponents neither of them faced, who never partnered each other),
in a seeded order, within :data:`FRESH_NODES` steps. The horizon is the contest's planned parties, else
:data:`DEFAULT_HORIZON`, capped where such schedules stop being easy to find (12 players: 4
parties; 16: 6; by the number seated). Every partie plans again from the history: nothing is
stored, and a changed field is simply planned anew.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from typing import Final

from engine.seating.field import Field
from engine.seating.search import Seating

__all__ = [
    "DEFAULT_HORIZON",
    "FRESH_MAX",
    "FRESH_MIN",
    "fresh_applies",
    "fresh_plan",
    "horizon",
]

FRESH_MIN: Final = 12
FRESH_MAX: Final = 39
"""Larger fields keep enough room that the round-by-round search never needs this."""
DEFAULT_HORIZON: Final = 6
HORIZON_CAP: Final = {12: 4, 16: 6}
EXEMPT_TRIES: Final = 6
"""Choices of who sits out tried per planned partie (the rotation leaves many equal ones)."""
FRESH_NODES: Final = 40_000
"""Work units per depth-first search: a table tried, or listing UNIT candidate opponent pairs
(a schedule needs a few hundred; 40,000 is about 0.3 s)."""
UNIT: Final = 64
MAX_HORIZON: Final = 6
"""Planned parties beyond this are left to the round-by-round search (the goals stop at 6)."""

Matrix = list[list[int]]
Quad = tuple[int, int, int, int]


def horizon(field: Field) -> int:
    seated = field.n - field.exempt_count
    cap = HORIZON_CAP.get(seated, (seated - 1) // 2)
    return min(field.options.planned_parties or DEFAULT_HORIZON, cap, MAX_HORIZON)


def fresh_applies(field: Field) -> bool:
    return field.partnered and FRESH_MIN <= field.n <= FRESH_MAX and field.partie <= horizon(field)


def fresh_plan(field: Field, rng: random.Random, first: Seating) -> Seating | None:
    """``first`` if it starts a repeat-free schedule, else another partie that does, else
    ``None`` (no schedule found within the budget). Seatings carry every exempt player."""
    dfs = _Dfs(field, rng)
    last = horizon(field)
    budget = FRESH_NODES * field.options.effort
    tables = [(t[0], t[1], t[2], t[3]) for t in first.tables]
    if all(dfs.fresh(t) for t in tables):
        dfs.play(tables, first.exempt, 1)
        if dfs.run(field.partie + 1, last, budget):
            return first
        dfs.play(tables, first.exempt, -1)
    if dfs.run(field.partie, last, budget):
        tables_today, out_today = dfs.plan[0]
        return Seating(tuple(tables_today), tuple(sorted(out_today)))
    return None


class _Dfs:
    def __init__(self, field: Field, rng: random.Random) -> None:
        n = field.n
        self.n = n
        self.rng = rng
        self.today = field.partie
        self.out_count = field.exempt_count
        self.required = field.required_exempt
        self.pool = sorted(field.pool)
        self.outs = list(field.exempts_before)  # exemptions so far, plan included
        self.partner = _dense(n, field.partner)
        self.opponent = _dense(n, field.opponent)
        self.meeting = _dense(n, field.meeting)
        self.plan: list[tuple[list[Quad], tuple[int, ...]]] = []
        self.left = 0

    def play(self, tables: list[Quad], out: tuple[int, ...], sign: int) -> None:
        for t in tables:
            self.apply(t, sign)
        for x in out:
            self.outs[x] += sign

    def exemptions(self, partie: int) -> list[tuple[int, ...]]:
        """Who may sit out in ``partie`` under the fair rotation: a few choices, seeded."""
        if not self.out_count:
            return [()]
        if partie == self.today:
            required, pool = list(self.required), self.pool
        else:
            level = sorted(self.outs)[self.out_count - 1]
            required = [x for x in range(self.n) if self.outs[x] < level]
            pool = [x for x in range(self.n) if self.outs[x] == level]
        free = self.out_count - len(required)
        if math.comb(len(pool), free) <= EXEMPT_TRIES:
            picks = [list(c) for c in itertools.combinations(pool, free)]
            self.rng.shuffle(picks)
        else:
            picks = [self.rng.sample(pool, free) for _ in range(EXEMPT_TRIES)]
        return [tuple(sorted((*required, *pick))) for pick in picks]

    def fresh(self, t: Quad) -> bool:
        a, b, c, d = t
        p, o = self.partner, self.opponent
        return not (p[a][b] or p[c][d] or o[a][c] or o[a][d] or o[b][c] or o[b][d])

    def apply(self, t: Quad, sign: int) -> None:
        a, b, c, d = t
        for x, y in ((a, b), (c, d)):
            self.partner[x][y] += sign
            self.partner[y][x] += sign
        for x in (a, b):
            for y in (c, d):
                self.opponent[x][y] += sign
                self.opponent[y][x] += sign
        for i, x in enumerate(t):
            for y in t[i + 1 :]:
                self.meeting[x][y] += sign
                self.meeting[y][x] += sign

    def run(self, start: int, last: int, budget: int) -> bool:
        self.plan, self.left = [], budget
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 4 * self.n * (last - start + 2) + 200))
        try:
            return self._partie(start, last)
        finally:
            sys.setrecursionlimit(limit)

    def _partie(self, partie: int, last: int) -> bool:
        if partie > last:
            return True
        for out in self.exemptions(partie):
            gone = set(out)
            self.plan.append(([], out))
            self.play([], out, 1)
            if self._table([x for x in range(self.n) if x not in gone], partie, last):
                return True
            self.play([], out, -1)
            self.plan.pop()
            if self.left <= 0:
                return False
        return False

    def _table(self, free: list[int], partie: int, last: int) -> bool:
        if not free:
            return self._partie(partie + 1, last)
        a, rest = free[0], free[1:]
        for b in self._partners(a, rest):
            others = [x for x in rest if x != b]
            for c, d in self._opponents(a, b, others):
                self.left -= 1
                if self.left <= 0:
                    return False
                table = (a, b, c, d)
                self.apply(table, 1)
                self.plan[-1][0].append(table)
                if self._table([x for x in others if x != c and x != d], partie, last):
                    return True
                self.plan[-1][0].pop()
                self.apply(table, -1)
        return False

    def _partners(self, a: int, rest: list[int]) -> list[int]:
        row = self.partner[a]
        choices = [b for b in rest if not row[b]]
        self.rng.shuffle(choices)  # the seed decides; fewest meetings first
        choices.sort(key=lambda b: self.meeting[a][b])
        return choices

    def _opponents(self, a: int, b: int, others: list[int]) -> list[tuple[int, int]]:
        oa, ob, p, m = self.opponent[a], self.opponent[b], self.partner, self.meeting
        free = [c for c in others if not oa[c] and not ob[c]]
        # building the list is the costly part of a step: the budget pays for it too
        self.left -= 1 + len(free) * len(free) // UNIT
        self.rng.shuffle(free)
        pairs = [(c, d) for i, c in enumerate(free) for d in free[i + 1 :] if not p[c][d]]
        pairs.sort(key=lambda cd: m[a][cd[0]] + m[a][cd[1]] + m[b][cd[0]] + m[b][cd[1]])
        return pairs


def _dense(n: int, counter: dict[tuple[int, int], int]) -> Matrix:
    matrix = [[0] * n for _ in range(n)]
    for (a, b), count in counter.items():
        matrix[a][b] = matrix[b][a] = count
    return matrix
