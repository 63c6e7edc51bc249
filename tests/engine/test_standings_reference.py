"""engine.standings: the ranking equals a plain re-reading of its definition, on random contests.

``compute_standings`` ranks with precomputed per-team values (one sort on the method's key,
Buchholz sums without lists, group splitting). Here a reference written straight from the
module docstring, with no care for speed, ranks the same contests: every ranking method and
tie-break, byes, forfeits, teams missing rounds (late or withdrawn), exact ties, and every
unplayed-round policy. The reference takes the engine's per-team counters (points, wins, match
points...) as given (``test_standings.py`` checks them) and reads each game's value from the
difference between the counters as of two consecutive rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.standings import (
    TIEBREAKS,
    GameResult,
    RankingMethod,
    ResultKind,
    StandingRow,
    StandingsConfig,
    UnplayedRounds,
    compute_standings,
)

from .test_standings_properties import configs, contests, lots_for

BUCHHOLZ = {"wins": "wins", "points": "points_for", "match_points": "match_points"}
CUTS = {"buchholz": (0, 0), "buchholz_cut1": (1, 0), "median_buchholz": (1, 1)}


@dataclass
class Reading:
    """One contest read the slow way: counters as of each round, who met whom, unplayed rounds."""

    config: StandingsConfig
    lots: dict[int, int]
    last: int
    # Counters as of each round k; a team plays at most once a round, so the difference
    # between rounds k - 1 and k is what it earned in its game of round k.
    after: list[dict[int, StandingRow]]
    opponents: dict[int, list[int]] = field(default_factory=dict)  # games played at a table
    met: dict[int, dict[int, list[int]]] = field(default_factory=dict)  # opponent -> rounds
    unplayed: dict[int, int] = field(default_factory=dict)  # byes and forfeits

    @property
    def final(self) -> dict[int, StandingRow]:
        return self.after[self.last]

    def earned(self, team: int, rnd: int) -> int:
        """What the team's game of round ``rnd`` earned in the ranking method's currency."""
        now, before = self.after[rnd][team], self.after[rnd - 1][team]
        if self.config.method is RankingMethod.POINTS:
            return now.points_for - before.points_for
        if self.config.method is RankingMethod.WINS_THEN_POINTS:
            return now.wins - before.wins
        return now.match_points - before.match_points

    def dummies(self, team: int, measure: str) -> list[int]:
        """The values of the team's unplayed rounds as Buchholz opponents."""
        if self.config.unplayed_rounds is UnplayedRounds.IGNORE:
            return []
        if self.config.unplayed_rounds is UnplayedRounds.SELF:
            return [int(getattr(self.final[team], measure))] * self.unplayed[team]
        return [0] * self.unplayed[team]

    def buchholz(self, team: int, measure: str, low: int, high: int) -> int:
        real = [int(getattr(self.final[o], measure)) for o in self.opponents[team]]
        dummies = self.dummies(team, measure)
        for _ in range(low):  # unplayed rounds go first, then the lowest real value
            if dummies:
                dummies.remove(min(dummies))
            elif real:
                real.remove(min(real))
        kept = real + dummies
        for _ in range(high):
            if kept:
                kept.remove(max(kept))
        return sum(kept)

    def team_value(self, name: str, team: int) -> int:
        if name == "first_game":
            return self.after[1][team].points_for if self.last >= 1 else 0
        if name == "lot":
            return self.lots[team]
        for prefix, (low, high) in CUTS.items():
            for suffix, measure in BUCHHOLZ.items():
                if name == f"{prefix}_{suffix}":
                    return self.buchholz(team, measure, low, high)
        return int(getattr(self.final[team], name))

    def direct_encounter(self, group: list[int]) -> dict[int, int]:
        met = self.met
        if any(b not in met[a] for a in group for b in group if a != b):
            return dict.fromkeys(group, 0)
        return {
            t: sum(self.earned(t, rnd) for o in group if o != t for rnd in met[t][o]) for t in group
        }

    def primary(self, team: int) -> tuple[int, ...]:
        row = self.final[team]
        if self.config.method is RankingMethod.POINTS:
            return (-row.points_for,)
        if self.config.method is RankingMethod.WINS_THEN_POINTS:
            return (-row.wins, -row.points_for, row.points_against)
        return (-row.match_points,)

    def values(self, name: str, group: list[int]) -> dict[int, int]:
        """The tie-break's value for each team of a group still tied."""
        if name != "direct_encounter":
            return {t: self.team_value(name, t) for t in group}
        return self.direct_encounter(group) if len(group) > 1 else {group[0]: 0}


def read(
    results: Sequence[GameResult],
    teams: list[int],
    config: StandingsConfig,
    lots: dict[int, int],
    as_of: int | None,
) -> Reading:
    last = max((r.round for r in results), default=0)
    last = last if as_of is None else min(last, as_of)
    after = [
        {row.team: row for row in compute_standings(results, teams, config, k, lots)}
        for k in range(last + 1)
    ]
    reading = Reading(config, lots, last, after)
    reading.opponents = {t: [] for t in teams}
    reading.met = {t: {} for t in teams}
    reading.unplayed = dict.fromkeys(teams, 0)
    for r in results:
        if r.round > last:
            continue
        if r.team_b is None:
            reading.unplayed[r.team_a] += 1
            continue
        for team, other in ((r.team_a, r.team_b), (r.team_b, r.team_a)):
            reading.met[team].setdefault(other, []).append(r.round)
            if r.kind is ResultKind.PLAYED:
                reading.opponents[team].append(other)
            else:
                reading.unplayed[team] += 1
    return reading


def split(group: list[int], values: dict[int, int], sign: int) -> list[list[int]]:
    distinct = sorted({sign * values[t] for t in group})
    return [sorted(t for t in group if sign * values[t] == v) for v in distinct]


def reference(
    results: Sequence[GameResult],
    teams: list[int],
    config: StandingsConfig,
    lots: dict[int, int],
    as_of: int | None,
) -> list[tuple[int, int, bool, tuple[int, ...]]]:
    """(rank, team, shared, tie-break values), best first, computed the slow way."""
    reading = read(results, teams, config, lots, as_of)
    primary = reading.primary
    shown: dict[int, list[int]] = {t: [] for t in teams}
    groups = [
        sorted(t for t in teams if primary(t) == key) for key in sorted({primary(t) for t in teams})
    ]
    for name in config.tiebreaks:
        sign = -1 if TIEBREAKS[name].higher_is_better else 1
        refined: list[list[int]] = []
        for group in groups:
            values = reading.values(name, group)
            for t in group:
                shown[t].append(values[t])
            refined += split(group, values, sign) if len(group) > 1 else [group]
        groups = refined

    ranked = []
    for group in groups:
        rank = len(ranked) + 1
        ranked += [(rank, t, len(group) > 1, tuple(shown[t])) for t in group]
    return ranked


@settings(max_examples=400, deadline=None)
@given(contests(), configs, st.integers(0, 1000), st.one_of(st.none(), st.integers(1, 4)))
def test_ranking_equals_the_reference(
    contest: tuple[list[GameResult], list[int]],
    config: StandingsConfig,
    seed: int,
    as_of: int | None,
) -> None:
    results, teams = contest
    lots = lots_for(teams, seed)
    rows = compute_standings(results, teams, config, as_of_round=as_of, lots=lots)
    got = [(r.rank, r.team, r.shared, r.tiebreak_values) for r in rows]
    assert got == reference(results, teams, config, lots, as_of)


@settings(max_examples=100, deadline=None)
@given(contests(), st.integers(0, 1000))
def test_every_tiebreak_at_once_equals_the_reference(
    contest: tuple[list[GameResult], list[int]], seed: int
) -> None:
    """All tie-breaks in one config, under each method and unplayed-round policy."""
    results, teams = contest
    lots = lots_for(teams, seed)
    names = tuple(sorted(TIEBREAKS, key=lambda n: (n == "lot", n)))  # the lot last: it decides
    for method in RankingMethod:
        for mode in UnplayedRounds:
            config = StandingsConfig(method=method, tiebreaks=names, unplayed_rounds=mode)
            rows = compute_standings(results, teams, config, lots=lots)
            got = [(r.rank, r.team, r.shared, r.tiebreak_values) for r in rows]
            assert got == reference(results, teams, config, lots, None)
