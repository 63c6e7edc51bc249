"""Round robin in pools: the pools drawn or seeded, and the schedule of their parties.

Pools come from a field in ranking order (serpentine: 1 A, 2 B, 3 C, 4 C, 5 B, 6 A, ...), from
a seeded draw (the field shuffled, then dealt the same way), or from pots (each row of the
serpentine, the "têtes de série", is drawn among the pools). Sizes differ by one at most. Each
pool then plays a round robin by the circle method (:func:`engine.pairing.round_robin.circle_round`):
every pair of a pool meets exactly once, and an odd pool gives one bye per partie.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from enum import StrEnum

from engine.pairing.round_robin import circle_round
from engine.phases.errors import PhaseError, check_seed, check_teams, is_int
from engine.phases.report import PhaseReport, PhaseReportCode, PhaseReportItem

__all__ = [
    "Pool",
    "PoolBye",
    "PoolMatch",
    "PoolMethod",
    "PoolsPlan",
    "PoolsSpec",
    "draw_pools",
    "pool_name",
]


class PoolMethod(StrEnum):
    SERPENTINE = "serpentine"  # from a previous ranking, no lot
    DRAW = "draw"  # a seeded draw of the whole field
    POTS = "pots"  # a seeded draw pot by pot (each pot: the next pool_count teams of the ranking)


@dataclass(frozen=True)
class PoolsSpec:
    """The field (best first for serpentine and pots) and either ``pool_size`` or ``pool_count``.

    ``pool_size`` is the largest pool wanted: the count is the field divided by it, rounded up.
    ``seed`` drives the draw (``None``: one is drawn and returned in :attr:`PoolsPlan.seed`).
    """

    teams: tuple[int, ...]
    method: PoolMethod | str = PoolMethod.SERPENTINE
    pool_size: int | None = None
    pool_count: int | None = None
    seed: int | None = None


@dataclass(frozen=True)
class Pool:
    name: str  # "A", "B", ..., "Z", "AA", ...
    teams: tuple[int, ...]  # in pool order: position 1 first (the best seeded)


@dataclass(frozen=True, slots=True)
class PoolMatch:
    id: str  # "A.r1.m1": pool, partie, match
    pool: str
    round: int  # the pool's partie, from 1
    a: int
    b: int
    table: int  # numbered from 1 in each partie, pool after pool


@dataclass(frozen=True, slots=True)
class PoolBye:
    pool: str
    round: int
    team: int


@dataclass(frozen=True)
class PoolsPlan:
    method: PoolMethod
    seed: int
    pools: tuple[Pool, ...]
    matches: tuple[PoolMatch, ...]
    byes: tuple[PoolBye, ...]
    rounds: int  # parties needed by the largest pool
    report: PhaseReport

    def pool_of(self, team: int) -> str:
        """The name of the team's pool (``KeyError`` if the team is not in the plan)."""
        for pool in self.pools:
            if team in pool.teams:
                return pool.name
        raise KeyError(team)

    def round_matches(self, round_number: int) -> tuple[PoolMatch, ...]:
        return tuple(m for m in self.matches if m.round == round_number)


def pool_name(index: int) -> str:
    """Spreadsheet-style pool names from 0: A ... Z, AA, AB, ..."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def draw_pools(spec: PoolsSpec) -> PoolsPlan:
    """Split the field into pools and schedule every pool's round robin."""
    teams = check_teams(spec.teams, minimum=2)
    method = _method(spec.method)
    check_seed(spec.seed)
    count = _pool_count(spec, len(teams))
    seed = spec.seed if spec.seed is not None else secrets.randbits(32)
    members, items = _deal(teams, count, method, random.Random(seed))
    pools = tuple(Pool(pool_name(i), tuple(m)) for i, m in enumerate(members))
    report = [PhaseReportItem(PhaseReportCode.SEED, {"seed": seed, "what": method.value})]
    report += items
    matches, byes = _schedule(pools)
    report += [
        PhaseReportItem(
            PhaseReportCode.POOL_BYE, {"pool": b.pool, "round": b.round, "team": b.team}
        )
        for b in byes
    ]
    rounds = max(m.round for m in matches) if matches else 0
    rounds = max([rounds, *(b.round for b in byes)])
    return PoolsPlan(method, seed, pools, matches, byes, rounds, PhaseReport(tuple(report)))


def _method(value: PoolMethod | str) -> PoolMethod:
    try:
        return PoolMethod(value)
    except ValueError:
        raise PhaseError("phases.invalid_pools", field="method", value=repr(value)) from None


def _pool_count(spec: PoolsSpec, n: int) -> int:
    """The number of pools, refusing a spec that would leave a pool with fewer than 2 teams."""
    size, count = spec.pool_size, spec.pool_count
    if (size is None) == (count is None):
        raise PhaseError("phases.invalid_pools", field="pool_size/pool_count", value="one of")
    if size is not None:
        if not is_int(size) or size < 2:
            raise PhaseError("phases.invalid_pools", field="pool_size", value=repr(size))
        count = -(-n // size)
    assert count is not None
    if not is_int(count) or count < 1 or n // count < 2:
        raise PhaseError("phases.invalid_pools", field="pool_count", value=repr(count))
    return count


def _deal(
    teams: tuple[int, ...], count: int, method: PoolMethod, rng: random.Random
) -> tuple[list[list[int]], list[PhaseReportItem]]:
    """Deal the field row by row, in serpentine, into ``count`` pools."""
    order = list(teams)
    if method is PoolMethod.DRAW:
        rng.shuffle(order)
    members: list[list[int]] = [[] for _ in range(count)]
    items: list[PhaseReportItem] = []
    for start in range(0, len(order), count):
        row = order[start : start + count]
        row_index = start // count
        targets = list(range(count)) if row_index % 2 == 0 else list(range(count - 1, -1, -1))
        if method is PoolMethod.POTS:
            rng.shuffle(targets)  # the pot is drawn among the pools
        for offset, (team, pool) in enumerate(zip(row, targets, strict=False)):
            members[pool].append(team)
            items.append(
                PhaseReportItem(
                    PhaseReportCode.POOL_PLACED,
                    {
                        "team": team,
                        "pool": pool_name(pool),
                        "position": len(members[pool]),
                        "method": method.value,
                        "rank": start + offset + 1,  # rank given, or place in the draw
                    },
                )
            )
    return members, items


def _schedule(pools: tuple[Pool, ...]) -> tuple[tuple[PoolMatch, ...], tuple[PoolBye, ...]]:
    """Every pool's circle, partie by partie; tables numbered across the pools of a partie."""
    per_pool: list[tuple[Pool, int]] = []
    for pool in pools:
        size = len(pool.teams)
        per_pool.append((pool, size - 1 if size % 2 == 0 else size))
    matches: list[PoolMatch] = []
    byes: list[PoolBye] = []
    last = max(rounds for _, rounds in per_pool)
    for rnd in range(1, last + 1):
        table = 0
        for pool, rounds in per_pool:
            if rnd > rounds:
                continue
            pairs, bye = circle_round(list(pool.teams), rnd)
            for k, (a, b) in enumerate(pairs, start=1):
                table += 1
                matches.append(PoolMatch(f"{pool.name}.r{rnd}.m{k}", pool.name, rnd, a, b, table))
            if bye is not None:
                byes.append(PoolBye(pool.name, rnd, bye))
    return tuple(matches), tuple(byes)
