"""The individual standings' entry point (:func:`compute_individual_standings`; the same ranking
before it becomes rows, :func:`rank_totals`) and the shared ranks of a sort on a whole key
(:func:`shared_ranks`, also used by :mod:`engine.seasons`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from engine.individual.errors import IndividualError
from engine.individual.fast import fold_results
from engine.individual.metrics import INDIVIDUAL_TIEBREAKS, PlayerTable
from engine.individual.model import IndividualConfig, IndividualRow, PartieResult
from engine.individual.totals import PlayerAcc
from engine.standings import RankingMethod

__all__ = ["RankedTotals", "compute_individual_standings", "rank_totals", "shared_ranks"]

_T = TypeVar("_T")


def shared_ranks(keyed: Sequence[tuple[tuple[int, ...], _T]]) -> list[tuple[int, bool, _T]]:
    """``(rank, shared, item)`` for items already sorted on their key: equal keys share a rank
    and the next rank skips (1, 2, 2, 4)."""
    out: list[tuple[int, bool, _T]] = []
    n = len(keyed)
    i = 0
    while i < n:
        j = i + 1
        while j < n and keyed[j][0] == keyed[i][0]:
            j += 1
        for k in range(i, j):
            out.append((i + 1, j - i > 1, keyed[k][1]))
        i = j
    return out


def _primary_columns(method: RankingMethod, accs: Iterable[PlayerAcc]) -> list[list[int]]:
    """The ascending sort key of the ranking method (negated where higher is better), as the
    team standings: points; wins, then points, then points conceded; match points. One list per
    element of the key, in the order of ``accs``."""
    accs = list(accs)
    if method is RankingMethod.POINTS:
        return [[-a.points_for for a in accs]]
    if method is RankingMethod.WINS_THEN_POINTS:
        return [
            [-a.wins for a in accs],
            [-a.points_for for a in accs],
            [a.points_against for a in accs],
        ]
    return [[-a.match_points for a in accs]]


def _players(players: Iterable[int], field: str) -> list[int]:
    out = list(dict.fromkeys(players))
    for p in out:
        if type(p) is not int:
            raise IndividualError("individual.invalid_config", field=field, value=repr(p))
    return out


# A ranked player: (rank, shared, his totals, his tie-break values in the config's order).
RankedTotals = tuple[int, bool, PlayerAcc, tuple[int, ...]]


def rank_totals(
    results: Iterable[PartieResult],
    players: Iterable[int],
    config: IndividualConfig | None = None,
    *,
    volunteers: Iterable[int] = (),
    as_of_partie: int | None = None,
    lots: Mapping[int, int] | None = None,
) -> list[RankedTotals]:
    """What :func:`compute_individual_standings` ranks, before it becomes rows: for a caller
    that stores its own lines (``standings.individual.ranking``) without the rows' frozen values.
    The totals are the caller's to read, not to change."""
    config = IndividualConfig() if config is None else config
    if not isinstance(config, IndividualConfig):
        raise IndividualError("individual.invalid_config", field="$", value=repr(config))
    if as_of_partie is not None and (type(as_of_partie) is not int or as_of_partie < 0):
        raise IndividualError(
            "individual.invalid_config", field="as_of_partie", value=repr(as_of_partie)
        )
    player_list = _players(players, "players")
    volunteer_set = set(_players(volunteers, "volunteers"))
    if volunteer_set & set(player_list):
        clash = sorted(volunteer_set & set(player_list))
        raise IndividualError("individual.invalid_config", field="volunteers", value=repr(clash))
    scoring = config.scoring
    accs = {p: PlayerAcc(p) for p in player_list}
    # The fast path of the general ``fold(accs, credits(...))`` (engine.individual.fast).
    fold_results(accs, results, set(player_list), volunteer_set, scoring, as_of_partie)
    table = PlayerTable(accs, scoring.unplayed_rounds, lots if lots is not None else {})
    metrics = [INDIVIDUAL_TIEBREAKS[name] for name in config.tiebreaks]
    columns = [m.values(table) for m in metrics]
    key_columns = _primary_columns(scoring.method, accs.values())
    tie_columns = [[c[p] for p in player_list] for c in columns]
    for m, col in zip(metrics, tie_columns, strict=True):
        key_columns.append([-v for v in col] if m.higher_is_better else col)
    # Sorted on the method's key, then each tie-break; equal keys come by player id, which is
    # not a tie-break: ranks are shared on the key alone.
    keyed = sorted(zip(zip(*key_columns, strict=True), player_list, strict=True))
    values: dict[int, tuple[int, ...]] = (
        dict(zip(player_list, zip(*tie_columns, strict=True), strict=True))
        if tie_columns
        else dict.fromkeys(player_list, ())
    )
    return [(rank, shared, accs[p], values[p]) for rank, shared, p in shared_ranks(keyed)]


def compute_individual_standings(
    results: Iterable[PartieResult],
    players: Iterable[int],
    config: IndividualConfig | None = None,
    *,
    volunteers: Iterable[int] = (),
    as_of_partie: int | None = None,
    lots: Mapping[int, int] | None = None,
) -> tuple[IndividualRow, ...]:
    """Rank ``players`` on the finished partie ``results`` (parties ``<= as_of_partie``).

    Each player is credited with the result of the pair he played in, for the parties he
    played only (a replaced player keeps the parties before his replacement, his replacement
    gets the others). ``volunteers`` may sit at tables but are credited nothing and count
    for nobody's Buchholz. Players without a result get a row of zeros. ``lots`` (player ->
    number drawn once) is needed only when ``"lot"`` is a tie-break. Ranks: the method's key,
    then each tie-break in order; an exact tie on every key shares the rank.
    Raises :class:`IndividualError` on malformed input.
    """
    ranked = rank_totals(
        results, players, config, volunteers=volunteers, as_of_partie=as_of_partie, lots=lots
    )
    return tuple(_row(rank, shared, a, values) for rank, shared, a, values in ranked)


def _row(rank: int, shared: bool, a: PlayerAcc, values: tuple[int, ...]) -> IndividualRow:
    return IndividualRow(
        rank=rank,
        player=a.player,
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
        difference=a.difference,
        match_points=a.match_points,
        best_game=a.best_game,
        first_partie=a.first_partie,
        parties=tuple(sorted(a.parties)),
        partners=tuple(sorted(set(a.partners))),
        opponents=tuple(sorted(set(a.opponents))),
        tiebreak_values=values,
    )
