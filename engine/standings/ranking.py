"""Ranking: the method's key, then the tie-breaks in the contest's order (precedence).

Teams are grouped on the method's key; each tie-break in turn splits the groups still tied.
Two teams share a rank only when every key is equal (an exact tie), and the next rank skips
(1, 2, 2, 4). Within a shared rank, teams come by id. Withdrawn teams are left out, or ranked
after every team still playing (:class:`~.model.WithdrawalRule`), among themselves by the
same keys.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from engine.standings.metrics import TIEBREAKS, Table
from engine.standings.model import RankingMethod, WithdrawalRule
from engine.standings.totals import Acc

__all__ = ["primary_key", "rank_teams"]


def primary_key(method: RankingMethod, a: Acc) -> tuple[int, ...]:
    """Ascending sort key of the ranking method (negated where higher is better)."""
    if method is RankingMethod.POINTS:
        return (-a.points_for,)
    if method is RankingMethod.WINS_THEN_POINTS:
        return (-a.wins, -a.points_for, a.points_against)
    return (-a.match_points,)


def rank_teams(
    table: Table, show: bool = True, withdrawn: Collection[int] = ()
) -> list[tuple[int, int, bool, tuple[int, ...]]]:
    """(rank, team, shared, tiebreak values) for every team ranked, best first.

    ``withdrawn`` teams are left out or ranked last, per ``config.withdrawals``; they still
    count as opponents (Buchholz, direct encounter). With ``show=False`` (the rank history)
    tie-break values are computed only for the teams that still need them and the values
    returned are empty."""
    config = table.config
    accs = table.accs
    method = config.method
    # The method's key is computed once per team. Sorting on (key, team) also puts every group
    # in team order, which _split keeps: rows of a shared rank come out by team id. A withdrawn
    # team ranked last gets a leading 1, which no team still playing has.
    last_rank = config.withdrawals is WithdrawalRule.RANK_LAST
    keyed = sorted(
        [
            ((int(t in withdrawn), *primary_key(method, a)), t)
            for t, a in accs.items()
            if last_rank or t not in withdrawn
        ]
    )
    groups: list[list[int]] = []
    last: tuple[int, ...] | None = None
    for key, team in keyed:
        if key == last:
            groups[-1].append(team)
        else:
            groups.append([team])
            last = key

    # One column per tie-break, team -> value. A team metric gives every team asked for; a
    # group metric only the teams of the groups still tied when it comes up (the others show 0).
    columns: list[Mapping[int, int]] = []
    for name in config.tiebreaks:
        metric = TIEBREAKS[name]
        tied = [g for g in groups if len(g) > 1]
        if metric.team_values is not None:
            # Asked even when nothing is tied any more: the lot checks every team has one.
            asked = accs if show else [t for g in tied for t in g]
            column = metric.team_values(table, asked)
        else:
            assert metric.group_values is not None
            group_column: dict[int, int] = {}
            for group in tied:  # the values depend on the group: asked group by group
                group_column.update(metric.group_values(table, group))
            column = group_column
        columns.append(column)
        if tied:
            groups = _split(groups, column, -1 if metric.higher_is_better else 1)

    ranked: list[tuple[int, int, bool, tuple[int, ...]]] = []
    position = 1
    for group in groups:
        shared = len(group) > 1
        for team in group:
            values = tuple([c.get(team, 0) for c in columns]) if show else ()
            ranked.append((position, team, shared, values))
        position += len(group)
    return ranked


def _split(groups: list[list[int]], values: Mapping[int, int], sign: int) -> list[list[int]]:
    """Split every tied group on ``sign * values[team]`` (ascending), keeping the groups'
    order, and team order within each new group."""
    refined: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            refined.append(group)
            continue
        last: int | None = None
        for value, team in sorted([(sign * values[t], t) for t in group]):
            if value == last:
                refined[-1].append(team)
            else:
                refined.append([team])
                last = value
    return refined
