"""A contest's phases as they stand: pools and their standings, brackets, the final placement.

What it owns: :func:`read_phases` rebuilds, from each ``Phase.state`` (its entrants in seed
order and the seed of its draw) and the contest's finished games
(``tournaments.adapters.finished_results``), every phase through ``engine.phases``: the pools
plan and its rankings, a Swiss phase's ranking, the brackets with their results (a bracket
match is won by the team with more points at the table of that partie that seats its two
teams, a level game by the team the organiser named: :func:`winner_of`; the level games still
waiting for one are ``PhaseView.ties``), and, once the last phase is over, the final placement
of every team. The organiser's pages, the cockpit, the public pages, the projector, the prints and the exports all read it.

It never writes and never checks access. A fixed number of queries whatever the field (one
more for a bracket holding a level game).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count

from engine import phases as ep
from engine.errors import EngineError
from engine.standings import GameResult, ResultKind, compute_standings
from tournaments import adapters
from tournaments.messages.phases import phase_error_message
from tournaments.models import Contest, Phase, Round, Table
from tournaments.services.phases import core


@dataclass(frozen=True)
class Tie:
    """A bracket match that ended level and whose winner is not named yet: it holds the
    bracket until the organiser names the team that goes through on its sheet."""

    round: int
    table: int
    team_a: int
    team_b: int


@dataclass
class PhaseView:
    """One phase as it stands. ``rounds``: the contest's parties it is played in (for a
    consolante, its stage's)."""

    phase: Phase
    index: int
    spec: core.PhaseSpec
    rounds: list[int] = field(default_factory=list)
    started: bool = False
    entrants: tuple[int, ...] = ()
    pools: ep.PoolsPlan | None = None
    rankings: tuple[ep.PoolRanking, ...] = ()
    bracket: ep.Bracket | None = None
    complete: bool = False
    pending: int = 0  # matches (pools) or tables still without a result
    error: str = ""  # an engine refusal while rebuilding (shown, never a 500)
    ties: list[Tie] = field(default_factory=list)  # level matches waiting for a named winner

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def title(self) -> str:
        return str(self.phase)

    @property
    def is_bracket(self) -> bool:
        return self.spec.kind in core.BRACKET_KINDS


@dataclass
class PhasesView:
    contest: Contest
    phases: list[PhaseView]
    placement: ep.FinalPlacement | None = None
    round_phase: dict[int, int] = field(default_factory=dict)  # partie -> phase index

    def of_round(self, number: int) -> PhaseView | None:
        index = self.round_phase.get(number)
        return self.phases[index] if index is not None else None

    def stage(self, view: PhaseView) -> list[PhaseView]:
        specs = [p.spec for p in self.phases]
        return [
            self.phases[i] for i in core.stage_members(specs, core.stage_lead(specs, view.index))
        ]

    @property
    def current(self) -> PhaseView | None:
        """The phase being played: the last started one (``None`` before the first draw)."""
        started = [p for p in self.phases if p.started]
        return started[-1] if started else None

    @property
    def brackets(self) -> list[PhaseView]:
        return [p for p in self.phases if p.bracket is not None]

    @property
    def ties(self) -> list[Tie]:
        """Every bracket match that ended level without a named winner, by partie and table."""
        return sorted({t for p in self.phases for t in p.ties}, key=lambda t: (t.round, t.table))


def winner_of(result: GameResult) -> int | None:
    """The winner of a played game or forfeit (``None`` for a bye, or a level game whose
    winner was not named).

    A match of several games is won on games won, then on points (as the standings count it,
    ``engine.belote.match``); a level game (or match) by the team the organiser named
    (``GameResult.named_winner``: a knockout's tie settled at the table)."""
    if result.team_b is None:
        return None
    if result.kind is ResultKind.FORFEIT and result.forfeit_loser is not None:
        return result.team_b if result.forfeit_loser == result.team_a else result.team_a
    margin = result.score_a - result.score_b
    if result.games_a is not None and result.games_a != result.games_b:
        margin = result.games_a - (result.games_b or 0)
    if margin == 0:
        named = result.named_winner
        return named if named in (result.team_a, result.team_b) else None
    return result.team_a if margin > 0 else result.team_b


def bracket_with_results(spec: ep.BracketSpec, winners: dict[frozenset[int], int]) -> ep.Bracket:
    """The bracket with every match whose two teams met in its stage decided.

    One pass over the matches in playing order (each match's sources come before it) works
    out its two teams and looks their pair up; then one build with those results."""
    shape = ep.build_bracket(spec)
    won: dict[str, int] = {}
    lost: dict[str, int] = {}

    def team(source: ep.Source) -> int | None:
        if source.kind is ep.SourceKind.SEED:
            return spec.entrants[int(source.ref) - 1]
        side = won if source.kind is ep.SourceKind.WINNER else lost
        return side.get(str(source.ref))

    for m in shape.matches:
        a, b = team(m.source_a), team(m.source_b)
        if a is None or b is None:
            continue
        w = winners.get(frozenset((a, b)))
        if w is not None:
            won[m.id], lost[m.id] = w, (b if w == a else a)
    return ep.build_bracket(spec, won) if won else shape


def _pool_results(view: PhaseView, results: Sequence[GameResult]) -> list[GameResult]:
    """The phase's results numbered by the pools' own parties, those the plan schedules."""
    assert view.pools is not None
    relative = {number: k for k, number in enumerate(view.rounds, start=1)}
    scheduled = {(frozenset((m.a, m.b)), m.round) for m in view.pools.matches}
    byes = {(b.team, b.round) for b in view.pools.byes}
    out = []
    for r in results:
        k = relative.get(r.round)
        if k is None:
            continue
        if r.team_b is None:
            fits = (r.team_a, k) in byes
        else:
            fits = (frozenset((r.team_a, r.team_b)), k) in scheduled
        if fits:
            out.append(r._replace(round=k))
    return out


class _Reader:
    def __init__(
        self,
        contest: Contest,
        results: Sequence[GameResult] | None,
        assume: tuple[int, int] | None = None,
    ) -> None:
        self.contest = contest
        self.phases = list(Phase.objects.filter(contest=contest).order_by("number"))
        self.specs = [core.spec_of(p) for p in self.phases]
        rounds = list(Round.objects.filter(contest=contest).values_list("number", "phase_id"))
        self.results = list(results) if results is not None else adapters.finished_results(contest)
        self.tables = dict(
            Table.objects.filter(round__contest=contest, entry_b__isnull=False)
            .values("round__number")
            .annotate(n=Count("id"))
            .values_list("round__number", "n")
        )
        self.config = adapters.standings_config(contest)
        index = {p.pk: i for i, p in enumerate(self.phases)}
        self.round_phase = {n: index[pid] for n, pid in rounds if pid in index}
        if assume is not None:  # a partie being drawn for that phase (not yet saved)
            self.round_phase[assume[0]] = assume[1]

    def read(self) -> PhasesView:
        views = [PhaseView(p, i, self.specs[i]) for i, p in enumerate(self.phases)]
        for number, i in sorted(self.round_phase.items()):
            views[i].rounds.append(number)
        for i, view in enumerate(views):
            if view.spec.kind == core.CONSOLANTE:
                view.rounds = list(views[core.stage_lead(self.specs, i)].rounds)
        for view in views:
            try:
                self._fill(view, views)
            except EngineError as exc:
                view.error = phase_error_message(exc)
        out = PhasesView(self.contest, views, round_phase=self.round_phase)
        out.placement = self._placement(views)
        return out

    def _fill(self, view: PhaseView, views: list[PhaseView]) -> None:
        state = view.phase.state or {}
        kind = view.spec.kind
        if kind == core.CONSOLANTE and view.spec.settings.get("source") == "losers":
            lead = views[core.stage_lead(self.specs, view.index)]
            if lead.bracket is None:
                return
            cons = core.losers_consolante(view.spec, lead.bracket)
            if cons is None:
                return
            view.started, view.entrants = True, cons.entrants
            view.bracket = self._bracket(view, cons.entrants)
            return
        if not state.get("entrants") or not view.rounds:
            return
        view.started = True
        view.entrants = tuple(int(t) for t in state["entrants"])
        mine = [r for r in self.results if r.round in set(view.rounds)]
        if kind == core.POOLS:
            view.pools = ep.draw_pools(core.pools_spec(view.spec, view.entrants, state.get("seed")))
            view.rankings = ep.pool_standings(view.pools, _pool_results(view, mine))
            view.pending = sum(r.scheduled - r.played for r in view.rankings)
            view.complete = view.pending == 0 and len(view.rounds) >= view.pools.rounds
        elif kind in core.RANKING_KINDS:
            rows = compute_standings(mine, list(view.entrants), self.config)
            view.rankings = (ep.single_ranking(rows),)
            played = sum(1 for r in mine if r.team_b is not None)
            view.pending = sum(self.tables.get(n, 0) for n in view.rounds) - played
            view.complete = view.pending <= 0 and len(view.rounds) >= view.spec.rounds_count
        else:
            view.bracket = self._bracket(view, view.entrants)

    def _bracket(self, view: PhaseView, entrants: Sequence[int]) -> ep.Bracket:
        rounds = set(view.rounds)
        winners: dict[frozenset[int], int] = {}
        level: list[GameResult] = []
        for r in self.results:
            if r.round in rounds and r.team_b is not None:
                w = winner_of(r)
                if w is not None:
                    winners[frozenset((r.team_a, r.team_b))] = w
                elif r.kind is ResultKind.PLAYED:
                    level.append(r)
        bracket = bracket_with_results(core.bracket_spec(view.spec, entrants), winners)
        view.complete = bracket.finished
        view.pending = sum(1 for m in bracket.matches if not m.decided)
        if level:
            self._ties(view, bracket, level)
        return bracket

    def _ties(self, view: PhaseView, bracket: ep.Bracket, level: list[GameResult]) -> None:
        """The level games that are undecided matches of this bracket, with their tables
        (one query, only when a game ended level)."""
        open_pairs = {
            frozenset((m.team_a, m.team_b))
            for m in bracket.matches
            if not m.decided and m.team_a is not None and m.team_b is not None
        }
        mine = [r for r in level if frozenset((r.team_a, r.team_b)) in open_pairs]
        if not mine:
            return
        tables = {
            (n, a, b): t
            for n, t, a, b in Table.objects.filter(
                round__contest=self.contest, round__number__in={r.round for r in mine}
            ).values_list("round__number", "number", "entry_a_id", "entry_b_id")
        }
        for r in mine:
            assert r.team_b is not None
            table = tables.get((r.round, r.team_a, r.team_b))
            if table is not None:
                view.ties.append(Tie(r.round, table, r.team_a, r.team_b))

    def _placement(self, views: list[PhaseView]) -> ep.FinalPlacement | None:
        """Every team's final place once the last phase (or stage) is over."""
        if not views or not all(v.complete for v in views):
            return None
        try:
            return ep.final_placement(self._tiers(views))
        except EngineError:
            return None

    def _tiers(self, views: list[PhaseView]) -> list[ep.Tier]:
        """The last stage's brackets, then each earlier phase's eliminated teams, latest first."""
        tiers: list[ep.Tier] = [ep.BracketTier(v.bracket) for v in views if v.bracket is not None]
        placed: set[int] = {t for v in views if v.bracket is not None for t in v.bracket.entrants}
        for v in reversed(views):
            if v.bracket is not None or not v.rankings:
                continue
            order = ranking_order(v)
            rest = tuple(t for t in order if t not in placed)
            if rest:
                tiers.append(ep.RankingTier(v.spec.kind, rest))
                placed.update(rest)
        return tiers


def ranking_order(view: PhaseView) -> tuple[int, ...]:
    """A ranked phase's teams best first: a Swiss phase's ranking, or pools by place, then
    match points, difference and points (the qualification's order, lots by the phase seed)."""
    if len(view.rankings) == 1:
        return tuple(row.team for row in view.rankings[0].rows)
    seed = int((view.phase.state or {}).get("seed") or 0)
    q = ep.qualify(view.rankings, [ep.PoolPlaces(1)], seed=seed)
    return q.ids()


def read_phases(
    contest: Contest,
    results: Sequence[GameResult] | None = None,
    *,
    assume: tuple[int, int] | None = None,
) -> PhasesView | None:
    """The contest's phases as they stand, ``None`` for a contest without phases.

    ``assume=(partie, phase index)``: read as if that partie, being drawn, were the phase's.
    """
    if not Phase.objects.filter(contest=contest).exists():
        return None
    return _Reader(contest, results, assume).read()


def table_labels(view: PhasesView, round_number: int) -> dict[tuple[int, int], dict[str, Any]]:
    """For a partie of a phase: each pair of teams -> where their match sits (pool, bracket and
    stage), for the round page and the prints."""
    phase = view.of_round(round_number)
    out: dict[tuple[int, int], dict[str, Any]] = {}
    if phase is None:
        return out
    if phase.pools is not None:
        k = phase.rounds.index(round_number) + 1 if round_number in phase.rounds else 0
        for pm in phase.pools.round_matches(k):
            out[(pm.a, pm.b)] = {"pool": pm.pool}
        return out
    for member in view.stage(phase):
        if member.bracket is None:
            continue
        for m in member.bracket.matches:
            if m.team_a is not None and m.team_b is not None:
                out[(m.team_a, m.team_b)] = {
                    "bracket": member.bracket.name,
                    "round_of": m.round_of,
                    "first": m.places[0],
                    "last": m.places[1],
                }
    return out
