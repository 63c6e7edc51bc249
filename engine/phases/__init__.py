"""Contests in phases: pools, qualification, knockout brackets, consolante, repêchage, and the
final placement of every team.

Plain frozen values in (team ids, rankings from :mod:`engine.standings`, results as the winner
of each match id), plain values out, each with a "why" report (:class:`PhaseReport`) of stable
codes; every draw is seeded and its seed returned. No Django; the app stores the phases, their
specs and results, and translates codes into French. docs/engine.md, section "Phases".

Modules: :mod:`.pools` (drawing pools, their round-robin schedule), :mod:`.pool_standings`,
:mod:`.qualification` (rules from a previous phase), :mod:`.bracket` (knockout), :mod:`.consolante`,
:mod:`.repechage`, :mod:`.placement` (the prize list), :mod:`.report`, :mod:`.errors`.
"""

from __future__ import annotations

from engine.phases.bracket import (
    Bracket,
    BracketMatch,
    BracketPlace,
    BracketSpec,
    PlaceTitle,
    Source,
    SourceKind,
    bracket_positions,
    build_bracket,
    next_power_of_two,
)
from engine.phases.consolante import consolante_of_losers, consolante_of_pools
from engine.phases.errors import PHASES_ERROR_CODES, PhaseError
from engine.phases.placement import (
    BracketTier,
    FinalPlace,
    FinalPlacement,
    RankingTier,
    Tier,
    final_placement,
)
from engine.phases.pool_standings import POOL_MATCH_POINTS, PoolRanking, pool_config, pool_standings
from engine.phases.pools import (
    Pool,
    PoolBye,
    PoolMatch,
    PoolMethod,
    PoolsPlan,
    PoolsSpec,
    draw_pools,
    pool_name,
)
from engine.phases.qualification import (
    DEFAULT_COMPARE,
    BestAtPlace,
    FirstOverall,
    FirstPerPool,
    PoolPlaces,
    Qualification,
    QualificationRule,
    QualifiedTeam,
    qualify,
    single_ranking,
)
from engine.phases.repechage import Repechage, repechage
from engine.phases.report import PhaseReport, PhaseReportCode, PhaseReportItem

__all__ = [
    "DEFAULT_COMPARE",
    "PHASES_ERROR_CODES",
    "POOL_MATCH_POINTS",
    "BestAtPlace",
    "Bracket",
    "BracketMatch",
    "BracketPlace",
    "BracketSpec",
    "BracketTier",
    "FinalPlace",
    "FinalPlacement",
    "FirstOverall",
    "FirstPerPool",
    "PhaseError",
    "PhaseReport",
    "PhaseReportCode",
    "PhaseReportItem",
    "PlaceTitle",
    "Pool",
    "PoolBye",
    "PoolMatch",
    "PoolMethod",
    "PoolPlaces",
    "PoolRanking",
    "PoolsPlan",
    "PoolsSpec",
    "Qualification",
    "QualificationRule",
    "QualifiedTeam",
    "RankingTier",
    "Repechage",
    "Source",
    "SourceKind",
    "Tier",
    "bracket_positions",
    "build_bracket",
    "consolante_of_losers",
    "consolante_of_pools",
    "draw_pools",
    "final_placement",
    "next_power_of_two",
    "pool_config",
    "pool_name",
    "pool_standings",
    "qualify",
    "repechage",
    "single_ranking",
]
