"""The registry of named tie-break metrics (:data:`TIEBREAKS`) and what each one computes.

A :class:`Metric` is either a team metric (a value per team, independent of ties: wins, points,
Buchholz...) or a group metric (a value per team of a group still tied: the direct encounter).
Metrics read a :class:`Table` of every team's totals as of the round being ranked; the order
they are applied in is the contest's (:mod:`.ranking`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Final

from engine.standings.errors import StandingsError
from engine.standings.model import RankingMethod, UnplayedRounds
from engine.standings.totals import WIN, Acc

if TYPE_CHECKING:  # config imports this registry to check tie-break names
    from engine.standings.config import StandingsConfig

__all__ = ["TIEBREAKS", "GroupValues", "Metric", "Table", "TeamValues"]


@dataclass(frozen=True, slots=True)
class Table:
    """What a metric may read: every team's totals as of the round being ranked."""

    accs: Mapping[int, Acc]
    config: StandingsConfig
    lots: Mapping[int, int]


TeamValues = Callable[[Table, Iterable[int]], Mapping[int, int]]
GroupValues = Callable[[Table, Sequence[int]], Mapping[int, int]]


@dataclass(frozen=True, slots=True)
class Metric:
    """A named tie-break. Exactly one of ``team_values`` (the value of each team asked for,
    independent of ties) and ``group_values`` (the value of each team of a group of teams still
    tied, which depends on the group) is set.
    """

    name: str
    description: str
    higher_is_better: bool
    team_values: TeamValues | None = None
    group_values: GroupValues | None = None


def _field(name: str) -> TeamValues:
    def values(table: Table, teams: Iterable[int]) -> Mapping[int, int]:
        accs = table.accs
        return {t: getattr(accs[t], name) for t in teams}

    return values


def _difference(table: Table, teams: Iterable[int]) -> Mapping[int, int]:
    accs = table.accs
    return {t: accs[t].points_for - accs[t].points_against for t in teams}


def _lot(table: Table, teams: Iterable[int]) -> Mapping[int, int]:
    # Checked for every team, not only the tied ones, so that the error does not depend on
    # whether a tie happens to reach the lot.
    lots = table.lots
    missing = [t for t in table.accs if t not in lots]
    if missing:
        raise StandingsError("standings.missing_lot", teams=sorted(missing))
    return {t: lots[t] for t in teams}


def _direct_encounter(table: Table, group: Sequence[int]) -> Mapping[int, int]:
    members = set(group)
    method = table.config.method
    values: dict[int, int] = {}
    for team in group:
        met: set[int] = set()
        total = 0
        for opp, pf, outcome, mp in table.accs[team].encounters:
            if opp in members:
                met.add(opp)
                if method is RankingMethod.POINTS:
                    total += pf
                elif method is RankingMethod.WINS_THEN_POINTS:
                    total += outcome == WIN
                else:
                    total += mp
        if len(met) != len(members) - 1:
            return dict.fromkeys(group, 0)  # not all of them met: the metric does not apply
        values[team] = total
    return values


def _buchholz(measure: str, low_cuts: int, high_cuts: int) -> TeamValues:
    measure_of = attrgetter(measure)

    def values(table: Table, teams: Iterable[int]) -> Mapping[int, int]:
        accs = table.accs
        own = {t: measure_of(a) for t, a in accs.items()}
        value_of = own.__getitem__
        unplayed_mode = table.config.unplayed_rounds
        out: dict[int, int] = {}
        for team in teams:
            acc = accs[team]
            # Each unplayed round is a dummy opponent worth the team's own value ("self") or 0
            # ("zero"), or is left out ("ignore").
            dummies = 0 if unplayed_mode is UnplayedRounds.IGNORE else acc.unplayed
            dummy = own[team] if unplayed_mode is UnplayedRounds.SELF else 0
            if low_cuts == 0 and high_cuts == 0:
                # Nothing to cut: a plain sum, without a list of values per team.
                out[team] = sum(map(value_of, acc.opponents)) + dummy * dummies
                continue
            # FIDE 14.6: low cuts remove unplayed rounds first (all dummies are worth the
            # same), then the lowest real values; high cuts remove the highest remaining values.
            real = sorted(map(value_of, acc.opponents))
            cut_dummies = min(low_cuts, dummies)
            kept = real[low_cuts - cut_dummies :] + [dummy] * (dummies - cut_dummies)
            total = sum(kept)
            if high_cuts:
                total -= sum(sorted(kept)[-high_cuts:])  # all of them if fewer are left
            out[team] = total
        return out

    return values


def _build_registry() -> dict[str, Metric]:
    metrics = [
        Metric("wins", "games won (byes counting as wins if the policy says so)", True),
        Metric("points_for", "points scored", True),
        Metric("points_against", "points conceded (lower is better)", False),
        Metric("difference", "points scored minus points conceded", True),
        Metric("match_points", "match points of the barème", True),
        Metric("best_game", "best total in one game played at a table", True),
        Metric("first_game", "points scored in round 1", True),
    ]
    registry: dict[str, Metric] = {}
    for m in metrics:
        values = _difference if m.name == "difference" else _field(m.name)
        registry[m.name] = Metric(m.name, m.description, m.higher_is_better, team_values=values)
    registry["direct_encounter"] = Metric(
        "direct_encounter",
        "what each team earned in the games among the tied teams, if all of them met",
        True,
        group_values=_direct_encounter,
    )
    measures = {"wins": "wins", "points": "points_for", "match_points": "match_points"}
    for suffix, measure in measures.items():
        for prefix, low, high, text in (
            ("buchholz", 0, 0, "sum of the opponents'"),
            ("buchholz_cut1", 1, 0, "sum, less the least significant, of the opponents'"),
            ("median_buchholz", 1, 1, "sum, less the lowest and highest, of the opponents'"),
        ):
            name = f"{prefix}_{suffix}"
            registry[name] = Metric(
                name,
                f"{text} {suffix.replace('_', ' ')}",
                True,
                team_values=_buchholz(measure, low, high),
            )
    registry["lot"] = Metric("lot", "lot drawn once and stored (lower first)", False, _lot)
    return registry


TIEBREAKS: Final[Mapping[str, Metric]] = _build_registry()
