"""Pool standings: each pool ranked on its own results by :mod:`engine.standings`.

The default barème is the clubs' usual one for pools (2 points a win, 1 a loss, 0 a forfeit
lost, 2 a bye), then the contest's tie-breaks; any :class:`~engine.standings.StandingsConfig`
may be given instead. A result must pair two teams scheduled to meet in the plan, in the
partie the plan gives them; byes may be passed as results or left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.phases.errors import PhaseError
from engine.phases.pools import PoolsPlan
from engine.standings import (
    GameResult,
    MatchPointsScale,
    RankingMethod,
    StandingRow,
    StandingsConfig,
    compute_standings,
)

__all__ = ["POOL_MATCH_POINTS", "PoolRanking", "pool_config", "pool_standings"]

POOL_MATCH_POINTS = MatchPointsScale(win=2, draw=1, loss=1, bye=2, forfeit_win=2, forfeit_loss=0)
"""2 points a win, 1 a loss (a draw counts as a loss's 1), 0 a forfeit lost, a bye as a win."""


@dataclass(frozen=True)
class PoolRanking:
    pool: str
    rows: tuple[StandingRow, ...]  # engine.standings rows, best first
    played: int  # pool matches with a result
    scheduled: int  # pool matches in the plan

    @property
    def complete(self) -> bool:
        return self.played == self.scheduled

    def team_at(self, place: int) -> StandingRow | None:
        """The row at ``place`` (1-based position in the ranked rows), if the pool has one."""
        return self.rows[place - 1] if 0 < place <= len(self.rows) else None


def pool_config(
    tiebreaks: Sequence[str] = ("direct_encounter", "difference", "points_for"),
) -> StandingsConfig:
    """The default pool ranking: match points of :data:`POOL_MATCH_POINTS`, then ``tiebreaks``."""
    return StandingsConfig(
        method=RankingMethod.MATCH_POINTS,
        tiebreaks=tuple(tiebreaks),
        match_points=POOL_MATCH_POINTS,
    )


def pool_standings(
    plan: PoolsPlan,
    results: Iterable[GameResult],
    config: StandingsConfig | None = None,
    lots: Mapping[int, int] | None = None,
) -> tuple[PoolRanking, ...]:
    """Rank every pool of ``plan`` on its results, pools in plan order."""
    config = config if config is not None else pool_config()
    scheduled = {frozenset((m.a, m.b)): m for m in plan.matches}
    byes = {(b.team, b.round) for b in plan.byes}
    pool_of = {t: p.name for p in plan.pools for t in p.teams}
    by_pool: dict[str, list[GameResult]] = {p.name: [] for p in plan.pools}
    played: dict[str, int] = dict.fromkeys(by_pool, 0)
    for r in results:
        if r.team_b is None:
            if (r.team_a, r.round) not in byes:
                raise PhaseError(
                    "phases.result_outside_pool", round=r.round, team_a=r.team_a, team_b=None
                )
            by_pool[pool_of[r.team_a]].append(r)
            continue
        match = scheduled.get(frozenset((r.team_a, r.team_b)))
        if match is None or match.round != r.round:
            raise PhaseError(
                "phases.result_outside_pool", round=r.round, team_a=r.team_a, team_b=r.team_b
            )
        by_pool[match.pool].append(r)
        played[match.pool] += 1
    counts = {p.name: 0 for p in plan.pools}
    for m in plan.matches:
        counts[m.pool] += 1
    return tuple(
        PoolRanking(
            pool.name,
            compute_standings(by_pool[pool.name], pool.teams, config, lots=lots),
            played[pool.name],
            counts[pool.name],
        )
        for pool in plan.pools
    )
