"""Qualification from a previous phase: who goes on, with which seed, and why.

Rules (applied in order, each among the teams not yet taken): :class:`FirstPerPool` (the first
K of each pool), :class:`BestAtPlace` (the best N teams at one place of their pool: "the best
thirds"), :class:`PoolPlaces` (places K to L of every pool: the lower part, for a consolante)
and :class:`FirstOverall` (the first N of the whole field by wins, then points). Teams of
different pools are compared on ``compare`` (row values, higher first), then by a seeded lot.
Seeds follow the rules' order; within a rule, by place in the pool, then by those values. A
previous phase ranked as one list (Swiss) is passed as :func:`single_ranking`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from engine.phases.bracket import next_power_of_two
from engine.phases.errors import PhaseError, check_seed
from engine.phases.pool_standings import PoolRanking
from engine.phases.report import PhaseReport, PhaseReportCode, PhaseReportItem
from engine.standings import StandingRow

__all__ = [
    "DEFAULT_COMPARE",
    "BestAtPlace",
    "FirstOverall",
    "FirstPerPool",
    "PoolPlaces",
    "Qualification",
    "QualificationRule",
    "QualifiedTeam",
    "qualify",
    "single_ranking",
]

DEFAULT_COMPARE: tuple[str, ...] = ("match_points", "difference", "points_for")
_ROW_VALUES = frozenset(
    ("wins", "draws", "losses", "played", "points_for", "difference", "match_points", "best_game")
)


@dataclass(frozen=True)
class FirstPerPool:
    """The first ``count`` teams of every pool."""

    count: int


@dataclass(frozen=True)
class BestAtPlace:
    """The best ``count`` teams ranked ``place`` in their pool (``BestAtPlace(3, 4)``)."""

    place: int
    count: int


@dataclass(frozen=True)
class PoolPlaces:
    """Places ``first`` to ``last`` (``None``: to the bottom) of every pool."""

    first: int
    last: int | None = None


@dataclass(frozen=True)
class FirstOverall:
    """The first ``count`` teams of the whole field on ``keys`` (higher first), then by lot."""

    count: int
    keys: tuple[str, ...] = ("wins", "points_for")


QualificationRule = FirstPerPool | BestAtPlace | PoolPlaces | FirstOverall


@dataclass(frozen=True, slots=True)
class QualifiedTeam:
    team: int
    seed: int  # 1 = the best seed of the next phase
    rule: int  # index of the rule that took it
    pool: str  # "" for a single ranking
    place: int  # place in its pool (or in the single ranking)
    values: tuple[int, ...]  # the values it was compared on


@dataclass(frozen=True)
class Qualification:
    teams: tuple[QualifiedTeam, ...]  # in seed order
    eliminated: tuple[int, ...]  # every other ranked team: by place, then compared values
    seed: int
    report: PhaseReport

    def ids(self) -> tuple[int, ...]:
        """The qualified team ids in seed order (a bracket's entrants)."""
        return tuple(q.team for q in self.teams)


def single_ranking(rows: Sequence[StandingRow], name: str = "") -> PoolRanking:
    """A one-list ranking (a Swiss phase's standings) seen as a single pool."""
    return PoolRanking(name, tuple(rows), 0, 0)


@dataclass(frozen=True, slots=True)
class _Candidate:
    team: int
    pool: str
    place: int
    row: StandingRow


_Chosen = tuple[int, _Candidate, tuple[int, ...]]  # (rule index, candidate, compared values)


def qualify(
    rankings: Sequence[PoolRanking],
    rules: Sequence[QualificationRule],
    *,
    compare: tuple[str, ...] = DEFAULT_COMPARE,
    seed: int | None = None,
    separate_pools: bool = False,
) -> Qualification:
    """Apply ``rules`` in order to the pool rankings; raise :class:`PhaseError` when a rule asks
    for more teams than it finds. With ``separate_pools``, seeds are swapped within a block
    (same rule, same place) so that no first-round match of the bracket built from the seeds
    opposes two teams of the same pool, wherever a swap can avoid it (``seeds_swapped``)."""
    check_seed(seed)
    _check_keys("compare", compare)
    for index, rule in enumerate(rules):
        _check_rule(index, rule)
    seed = seed if seed is not None else secrets.randbits(32)
    candidates = [
        _Candidate(row.team, ranking.pool, place, row)
        for ranking in rankings
        for place, row in enumerate(ranking.rows, start=1)
    ]
    pool_sizes = {ranking.pool: len(ranking.rows) for ranking in rankings}
    rng = random.Random(seed)
    lots = {c.team: rng.random() for c in sorted(candidates, key=lambda c: c.team)}
    taken: dict[int, tuple[int, _Candidate, tuple[int, ...]]] = {}
    items: list[PhaseReportItem] = [
        PhaseReportItem(PhaseReportCode.SEED, {"seed": seed, "what": "qualification_lots"})
    ]
    chosen: list[_Chosen] = []
    for index, rule in enumerate(rules):
        left = [c for c in candidates if c.team not in taken]
        picked, rule_items = _apply(index, rule, left, compare, lots, pool_sizes)
        items += rule_items
        for c, values in picked:
            taken[c.team] = (index, c, values)
            chosen.append((index, c, values))
    if separate_pools:
        chosen, swaps = _separate_pools(chosen)
        items += swaps
    teams = tuple(
        QualifiedTeam(c.team, n, index, c.pool, c.place, values)
        for n, (index, c, values) in enumerate(chosen, start=1)
    )
    items += [_qualified_item(q) for q in teams]
    rest = _ordered([c for c in candidates if c.team not in taken], compare, lots, by_place=True)
    return Qualification(teams, tuple(c.team for c, _ in rest), seed, PhaseReport(tuple(items)))


def _separate_pools(chosen: list[_Chosen]) -> tuple[list[_Chosen], list[PhaseReportItem]]:
    """Swap seeds within a block so that seed ``s`` and seed ``S + 1 - s`` (first-round
    opponents in a bracket of ``S`` positions) come from different pools where possible."""
    order = list(chosen)
    n = len(order)
    size = next_power_of_two(n)

    def opponent(i: int) -> int | None:
        j = size - 1 - i
        return j if j < n and j != i else None

    def clash(i: int, j: int | None) -> bool:
        return j is not None and order[i][1].pool != "" and order[i][1].pool == order[j][1].pool

    items: list[PhaseReportItem] = []
    for i in range(n):
        j = opponent(i)
        if j is None or j < i or not clash(i, j):
            continue
        block = (order[j][0], order[j][1].place)
        for k in sorted(range(n), key=lambda k: abs(k - j)):
            if k in (i, j) or (order[k][0], order[k][1].place) != block:
                continue
            order[j], order[k] = order[k], order[j]
            if not clash(i, j) and not clash(k, opponent(k)):
                items.append(
                    PhaseReportItem(
                        PhaseReportCode.SEEDS_SWAPPED,
                        {
                            "team_a": order[k][1].team,
                            "team_b": order[j][1].team,
                            "reason": "same_pool",
                        },
                    )
                )
                break
            order[j], order[k] = order[k], order[j]  # no good: undo
    return order, items


def _check_keys(field: str, keys: tuple[str, ...]) -> None:
    if not keys or any(k not in _ROW_VALUES for k in keys):
        raise PhaseError("phases.invalid_rule", rule=-1, field=field, value=repr(keys))


def _check_rule(index: int, rule: QualificationRule) -> None:
    numbers: dict[str, object]
    if isinstance(rule, FirstPerPool | FirstOverall):
        numbers = {"count": rule.count}
    elif isinstance(rule, BestAtPlace):
        numbers = {"place": rule.place, "count": rule.count}
    elif isinstance(rule, PoolPlaces):
        numbers = {"first": rule.first}
        if rule.last is not None:
            numbers["last"] = rule.last
    else:
        raise PhaseError("phases.invalid_rule", rule=index, field="kind", value=repr(rule))
    for name, value in numbers.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise PhaseError("phases.invalid_rule", rule=index, field=name, value=repr(value))
    if isinstance(rule, PoolPlaces) and rule.last is not None and rule.last < rule.first:
        raise PhaseError("phases.invalid_rule", rule=index, field="last", value=repr(rule.last))
    if isinstance(rule, FirstOverall):
        _check_keys("keys", rule.keys)


def _values(row: StandingRow, keys: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(int(getattr(row, k)) for k in keys)


def _ordered(
    candidates: Sequence[_Candidate],
    keys: tuple[str, ...],
    lots: dict[int, float],
    *,
    by_place: bool,
) -> list[tuple[_Candidate, tuple[int, ...]]]:
    """Candidates best first: by place (when asked), then values (higher first), then lot."""
    valued = [(c, _values(c.row, keys)) for c in candidates]

    def key(item: tuple[_Candidate, tuple[int, ...]]) -> tuple[object, ...]:
        c, values = item
        return (c.place if by_place else 0, tuple(-v for v in values), lots[c.team])

    return sorted(valued, key=key)


def _apply(
    index: int,
    rule: QualificationRule,
    left: list[_Candidate],
    compare: tuple[str, ...],
    lots: dict[int, float],
    pool_sizes: dict[str, int],
) -> tuple[list[tuple[_Candidate, tuple[int, ...]]], list[PhaseReportItem]]:
    """The teams one rule takes, in seed order, and its report items."""
    if isinstance(rule, FirstPerPool):
        smallest = min(pool_sizes.values(), default=0)
        if smallest < rule.count:  # a pool too small for its first K
            raise PhaseError(
                "phases.not_enough_qualified", rule=index, wanted=rule.count, found=smallest
            )
        pool_teams = [c for c in left if c.place <= rule.count]
        ordered = _ordered(pool_teams, compare, lots, by_place=True)
        return _take(index, ordered, len(ordered), lots)
    if isinstance(rule, PoolPlaces):
        last = rule.last if rule.last is not None else max((c.place for c in left), default=0)
        pool_teams = [c for c in left if rule.first <= c.place <= last]
        ordered = _ordered(pool_teams, compare, lots, by_place=True)
        return _take(index, ordered, len(ordered), lots)
    if isinstance(rule, BestAtPlace):
        at_place = [c for c in left if c.place == rule.place]
        return _take(index, _ordered(at_place, compare, lots, by_place=False), rule.count, lots)
    return _take(index, _ordered(left, rule.keys, lots, by_place=False), rule.count, lots)


def _take(
    index: int,
    ordered: list[tuple[_Candidate, tuple[int, ...]]],
    wanted: int,
    lots: dict[int, float],
) -> tuple[list[tuple[_Candidate, tuple[int, ...]]], list[PhaseReportItem]]:
    """The first ``wanted`` of ``ordered``; ties broken by lot and the first left out reported."""
    if len(ordered) < wanted:
        raise PhaseError(
            "phases.not_enough_qualified", rule=index, wanted=wanted, found=len(ordered)
        )
    items: list[PhaseReportItem] = []
    i = 0
    while i < len(ordered):  # groups of equal place and values, ordered by lot
        j = i
        while j + 1 < len(ordered) and _same(ordered[j + 1], ordered[i]):
            j += 1
        if j > i and i < wanted:
            teams = tuple(c.team for c, _ in ordered[i : j + 1])
            items.append(
                PhaseReportItem(PhaseReportCode.TIE_DRAWN, {"teams": teams, "rule": index})
            )
        i = j + 1
    if wanted < len(ordered):
        c, values = ordered[wanted]
        items.append(
            PhaseReportItem(
                PhaseReportCode.NOT_QUALIFIED,
                {"team": c.team, "rule": index, "pool": c.pool, "place": c.place, "values": values},
            )
        )
    return ordered[:wanted], items


def _same(x: tuple[_Candidate, tuple[int, ...]], y: tuple[_Candidate, tuple[int, ...]]) -> bool:
    return x[0].place == y[0].place and x[1] == y[1]


def _qualified_item(q: QualifiedTeam) -> PhaseReportItem:
    return PhaseReportItem(
        PhaseReportCode.QUALIFIED,
        {
            "team": q.team,
            "rule": q.rule,
            "pool": q.pool,
            "place": q.place,
            "seed": q.seed,
            "values": q.values,
        },
    )
