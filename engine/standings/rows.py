"""The standings' entry points: results in, ranked rows out (:func:`compute_standings`), and each
team's rank after every round (:func:`rank_history`).

A team withdrawn after round ``w`` (``withdrawals={team: w}``) is withdrawn in the standings as
of every round after ``w``: it leaves the ranking, or is ranked after every team still playing
(``config.withdrawals``). Its games still count for its opponents.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.standings.config import StandingsConfig
from engine.standings.entries import entries
from engine.standings.errors import StandingsError
from engine.standings.fast import fold_results
from engine.standings.metrics import Table
from engine.standings.model import GameResult, StandingRow
from engine.standings.ranking import rank_teams
from engine.standings.totals import Acc, Entry, fold

__all__ = ["compute_standings", "rank_history"]


def _setup(
    teams: Iterable[int],
    config: StandingsConfig,
    as_of_round: int | None,
    lots: Mapping[int, int] | None,
) -> tuple[set[int], dict[int, Acc], Table]:
    if not isinstance(config, StandingsConfig):
        raise StandingsError("standings.invalid_config", field="$")
    if as_of_round is not None and (
        isinstance(as_of_round, bool) or not isinstance(as_of_round, int) or as_of_round < 0
    ):
        raise StandingsError("standings.invalid_round", round=repr(as_of_round))
    team_list = list(dict.fromkeys(teams))
    for t in team_list:
        if isinstance(t, bool) or not isinstance(t, int):
            raise StandingsError("standings.unknown_team", team=repr(t))
    accs = {t: Acc(t) for t in team_list}
    table = Table(accs, config, lots if lots is not None else {})
    return set(team_list), accs, table


def _prepare(
    results: Iterable[GameResult],
    teams: Iterable[int],
    config: StandingsConfig,
    as_of_round: int | None,
    lots: Mapping[int, int] | None,
) -> tuple[dict[int, list[Entry]], dict[int, Acc], Table]:
    team_set, accs, table = _setup(teams, config, as_of_round, lots)
    return entries(results, team_set, config, as_of_round), accs, table


def _withdrawn(withdrawals: Mapping[int, int] | None, as_of: int) -> frozenset[int]:
    """The teams withdrawn before round ``as_of`` was played (after an earlier round)."""
    if not withdrawals:
        return frozenset()
    out = set()
    for team, after in withdrawals.items():
        if isinstance(after, bool) or not isinstance(after, int) or after < 0:
            raise StandingsError("standings.invalid_round", round=repr(after))
        if after < as_of:
            out.add(team)
    return frozenset(out)


def _rows(table: Table, withdrawn: frozenset[int]) -> tuple[StandingRow, ...]:
    rows = []
    for rank, team, shared, values in rank_teams(table, withdrawn=withdrawn):
        a = table.accs[team]
        rows.append(
            StandingRow(
                rank=rank,
                team=team,
                shared=shared,
                played=a.played,
                wins=a.wins,
                draws=a.draws,
                losses=a.losses,
                byes=a.byes,
                forfeits_won=a.forfeits_won,
                forfeits_lost=a.forfeits_lost,
                points_for=a.points_for,
                points_against=a.points_against,
                difference=a.points_for - a.points_against,
                match_points=a.match_points,
                best_game=a.best_game,
                tiebreak_values=values,
                withdrawn=team in withdrawn,
            )
        )
    return tuple(rows)


def compute_standings(
    results: Iterable[GameResult],
    teams: Iterable[int],
    config: StandingsConfig,
    as_of_round: int | None = None,
    lots: Mapping[int, int] | None = None,
    withdrawals: Mapping[int, int] | None = None,
) -> tuple[StandingRow, ...]:
    """Rank ``teams`` on the finished ``results`` of rounds ``<= as_of_round`` (all if None).

    Every result is checked, including those after ``as_of_round``. Every team of a result
    must be in ``teams``; teams without results get a row of zeros.
    ``lots`` (team -> number drawn once) is needed only when ``"lot"`` is a tie-break.
    ``withdrawals`` (team -> the last round it played) take effect as of the round after
    (as of ``as_of_round``, or of the last round with a result when it is None).
    Raises :class:`StandingsError` on an invalid result or config.
    """
    team_set, accs, table = _setup(teams, config, as_of_round, lots)
    # Checked and folded in one pass (the fast path of entries() folded round by round).
    last = fold_results(accs, results, team_set, config, as_of_round)
    as_of = as_of_round if as_of_round is not None else last
    return _rows(table, _withdrawn(withdrawals, as_of))


def rank_history(
    results: Iterable[GameResult],
    teams: Iterable[int],
    config: StandingsConfig,
    as_of_round: int | None = None,
    lots: Mapping[int, int] | None = None,
    withdrawals: Mapping[int, int] | None = None,
) -> dict[int, tuple[int, ...]]:
    """Each team's rank after round 1, 2, ... up to the last round with a result (among
    rounds ``<= as_of_round``): ``{team: (rank after round 1, rank after round 2, ...)}``;
    entry ``k - 1`` equals the rank from ``compute_standings(..., as_of_round=k)``.

    The totals are folded once, round by round; only the ordering is redone after each round,
    so the cost is O(rounds x teams log teams) plus the Buchholz sums. A team that left the
    ranking (``withdrawals``, ``WithdrawalRule.LEAVE``) has no rank after its withdrawal: its
    tuple stops there.
    """
    by_round, accs, table = _prepare(results, teams, config, as_of_round, lots)
    last = max(by_round, default=0)
    history: dict[int, list[int]] = {t: [] for t in accs}
    for rnd in range(1, last + 1):
        fold(accs, rnd, by_round.get(rnd, ()))
        gone = _withdrawn(withdrawals, rnd)
        for rank, team, _shared, _values in rank_teams(table, show=False, withdrawn=gone):
            history[team].append(rank)
    return {t: tuple(r) for t, r in history.items()}
