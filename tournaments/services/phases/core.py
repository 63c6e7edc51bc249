"""A contest's phases turned into the engine's values: specs, qualification rules, brackets.

What it owns: :class:`PhaseSpec` (one phase as the organiser planned it, saved or not), the
conversion of its JSON settings and qualification into ``engine.phases`` values, the shape of
a plan (which phase takes its teams from which, the stages of brackets played side by side),
the number of parties a pool or a bracket needs, and :func:`simulate`, the dry run of a plan
on a field of N teams that the plan page uses to refuse an impossible plan before the day.

It must not touch the database nor decide anything about the day (``services.phases.draw`` does).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import phases as ep
from engine.phases.errors import check_teams
from engine.standings import StandingsConfig, compute_standings

SWISS, DRAW, POOLS = "swiss", "draw", "pools"
KNOCKOUT, CONSOLANTE, REPECHAGE = "knockout", "consolante", "repechage"
BRACKET_KINDS = frozenset((KNOCKOUT, CONSOLANTE, REPECHAGE))
LEAD_KINDS = frozenset((KNOCKOUT, REPECHAGE))  # a stage's first bracket
RANKING_KINDS = frozenset((SWISS, DRAW))
PLACES_CHOICES = (2, 4, 8, 0)  # 0: every place played
POOL_RULES = frozenset(("first_per_pool", "best_at_place", "pool_places"))
RANKING_RULES = frozenset(("first_n", "first_overall"))


@dataclass(frozen=True)
class PhaseSpec:
    """One phase of a plan: kind, name, parties (swiss, draw), settings, qualification."""

    kind: str
    name: str = ""
    rounds_count: int = 1
    settings: dict[str, Any] = field(default_factory=dict)
    qualification: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "rounds_count": self.rounds_count,
            "settings": dict(self.settings),
            "qualification": dict(self.qualification),
        }


def spec_of(phase: Any) -> PhaseSpec:
    """The spec of a saved ``Phase``."""
    return PhaseSpec(
        str(phase.kind),
        phase.name,
        int(phase.rounds_count),
        dict(phase.settings or {}),
        dict(phase.qualification or {}),
    )


def source_index(specs: Sequence[PhaseSpec], index: int) -> int | None:
    """The phase a phase takes its teams from: the previous one, or for a consolante the one
    before its stage's first bracket. ``None`` for the first phase."""
    if index == 0:
        return None
    if specs[index].kind == CONSOLANTE:
        lead = stage_lead(specs, index)
        return lead - 1 if lead > 0 else None
    return index - 1


def stage_lead(specs: Sequence[PhaseSpec], index: int) -> int:
    """The first bracket of the stage a consolante is played in (itself for any other)."""
    while index > 0 and specs[index].kind == CONSOLANTE:
        index -= 1
    return index


def stage_members(specs: Sequence[PhaseSpec], lead: int) -> list[int]:
    """The lead and the consolantes that follow it (brackets played in the same parties)."""
    members = [lead]
    for i in range(lead + 1, len(specs)):
        if specs[i].kind != CONSOLANTE:
            break
        members.append(i)
    return members


# --- settings into engine values ----------------------------------------------------------


def rules_of(spec: PhaseSpec) -> list[ep.QualificationRule]:
    """The engine's qualification rules of a phase (none: every team goes on)."""
    rules: list[ep.QualificationRule] = []
    for item in spec.qualification.get("rules") or []:
        kind = item.get("kind")
        if kind == "first_per_pool":
            rules.append(ep.FirstPerPool(item.get("count")))
        elif kind == "best_at_place":
            rules.append(ep.BestAtPlace(item.get("place"), item.get("count")))
        elif kind == "pool_places":
            rules.append(ep.PoolPlaces(item.get("first"), item.get("last")))
        elif kind == "first_n":
            rules.append(ep.FirstPerPool(item.get("count")))  # on one ranking: its first N
        elif kind == "first_overall":
            rules.append(ep.FirstOverall(item.get("count")))
    return rules or [ep.PoolPlaces(1)]


def bracket_spec(spec: PhaseSpec, entrants: Sequence[int]) -> ep.BracketSpec:
    places = int(spec.settings.get("places") or 0) or None
    name = "consolante" if spec.kind == CONSOLANTE else "main"
    return ep.BracketSpec(
        tuple(entrants), name, places, bool(spec.settings.get("third_place", False))
    )


def pools_spec(spec: PhaseSpec, entrants: Sequence[int], seed: int | None) -> ep.PoolsSpec:
    return ep.PoolsSpec(
        tuple(entrants),
        str(spec.settings.get("method") or "draw"),
        pool_size=int(spec.settings.get("pool_size") or 4),
        seed=seed,
    )


def pool_rounds(plan: ep.PoolsPlan) -> int:
    return plan.rounds


def bracket_depth(bracket: ep.Bracket) -> int:
    """The parties a bracket needs: its longest chain of matches (byes skip a partie)."""
    depth: dict[str, int] = {}
    for m in bracket.matches:  # in playing order: sources come first
        before = [
            depth[str(s.ref)] for s in (m.source_a, m.source_b) if s.kind != ep.SourceKind.SEED
        ]
        depth[m.id] = 1 + max(before, default=0)
    return max(depth.values(), default=0)


def losers_consolante(spec: PhaseSpec, main: ep.Bracket) -> ep.Bracket | None:
    """The consolante of the main bracket's first-round losers, once that round is decided."""
    first = [m for m in main.matches if m.places[0] == 1 and m.round == 1]
    if not first or any(not m.decided for m in first):
        return None
    losers = main.losers_of(1)
    if len(losers) < 2:
        return None
    return ep.build_bracket(bracket_spec(spec, losers))


def qualify_for(
    spec: PhaseSpec,
    rankings: Sequence[ep.PoolRanking],
    seed: int | None,
    *,
    exclude: Sequence[int] = (),
) -> ep.Qualification:
    """Who a phase takes from its source's rankings (a consolante: the teams its stage's main
    bracket did not take, from ``settings.from_place`` down)."""
    separate = spec.kind in BRACKET_KINDS and len(rankings) > 1
    if spec.kind == CONSOLANTE:
        first = int(spec.settings.get("from_place") or 1)
        taken = set(exclude)
        # Places count in the whole pool: keep the teams placed ``first`` or below that the
        # main bracket did not take, then seed them by place and values.
        trimmed = tuple(
            ep.PoolRanking(
                r.pool,
                tuple(
                    row
                    for place, row in enumerate(r.rows, start=1)
                    if place >= first and row.team not in taken
                ),
                0,
                0,
            )
            for r in rankings
        )
        return ep.qualify([r for r in trimmed if r.rows], [ep.PoolPlaces(1)], seed=seed)
    rules = rules_of(spec)
    return ep.qualify(rankings, rules, seed=seed, separate_pools=separate)


def shuffled(teams: Sequence[int], seed: int) -> tuple[int, ...]:
    order = list(teams)
    random.Random(seed).shuffle(order)
    return tuple(order)


# --- the dry run of a plan ----------------------------------------------------------------


@dataclass(frozen=True)
class Simulated:
    """What a plan gives on a field of N teams: per phase, its teams, parties and pools (a
    consolante: its stage's parties); ``total`` the parties of the whole contest."""

    teams: tuple[int, ...]
    parties: tuple[int, ...]
    pools: tuple[int, ...]
    total: int


def _flat(teams: Sequence[int], config: StandingsConfig) -> tuple[ep.PoolRanking, ...]:
    return (ep.single_ranking(compute_standings([], list(teams), config)),)


def _stage(
    specs: Sequence[PhaseSpec], lead: int, field_: Sequence[int], rankings: Any
) -> dict[int, tuple[int, int]]:
    """(teams, parties) of every bracket of a stage, the main's first round won by side A."""
    main = ep.build_bracket(bracket_spec(specs[lead], field_))
    first = {
        m.id: m.team_a
        for m in main.matches
        if m.places[0] == 1 and m.round == 1 and m.team_a is not None
    }
    played = ep.build_bracket(bracket_spec(specs[lead], field_), first)
    depth = bracket_depth(main)
    out = {lead: (len(field_), depth)}
    for i in stage_members(specs, lead)[1:]:
        spec = specs[i]
        if spec.settings.get("source") == "losers":
            cons = losers_consolante(spec, played)
            if cons is None:
                raise ep.PhaseError("phases.not_enough_teams", count=0, minimum=2)
            out[i] = (len(cons.entrants), 1 + bracket_depth(cons))
        else:
            q = qualify_for(spec, rankings, 1, exclude=field_)
            cons = ep.build_bracket(bracket_spec(spec, q.ids()))
            out[i] = (len(cons.entrants), bracket_depth(cons))
    parties = max(p for _t, p in out.values())
    return {i: (t, parties) for i, (t, _p) in out.items()}


def simulate(specs: Sequence[PhaseSpec], field_size: int, config: StandingsConfig) -> Simulated:
    """Run the plan on ``field_size`` teams with no result (ties drawn by lot): the teams and
    parties of each phase. Raises ``PhaseError`` when a phase is impossible with that field."""
    n = len(specs)
    teams: list[int] = [0] * n
    parties: list[int] = [0] * n
    pools: list[int] = [0] * n
    rankings: tuple[ep.PoolRanking, ...] = ()
    field_: tuple[int, ...] = tuple(range(1, field_size + 1))
    i = 0
    while i < n:
        spec = specs[i]
        if i > 0 and spec.kind != REPECHAGE:
            field_ = qualify_for(spec, rankings, 1).ids()
        if spec.kind == POOLS:
            plan = ep.draw_pools(pools_spec(spec, field_, 1))
            rankings = ep.pool_standings(plan, [])
            teams[i], parties[i], pools[i] = len(field_), plan.rounds, len(plan.pools)
        elif spec.kind in RANKING_KINDS:
            check_teams(field_, minimum=2)
            rankings = _flat(field_, config)
            teams[i], parties[i] = len(field_), max(1, spec.rounds_count)
        else:
            if spec.kind == REPECHAGE:
                half = len(field_) // 2
                field_ = ep.repechage(field_[:half] or field_[:1], field_[half:], seed=1).field
            for j, (t, p) in _stage(specs, i, field_, rankings).items():
                teams[j], parties[j] = t, p
            i = stage_members(specs, i)[-1]
        i += 1
    total = sum(p for s, p in zip(specs, parties, strict=True) if s.kind != CONSOLANTE)
    return Simulated(tuple(teams), tuple(parties), tuple(pools), total)
