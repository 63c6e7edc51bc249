"""The individual standings' entry point (:func:`compute_individual_standings`) and the shared
ranks of a sort on a whole key (:func:`shared_ranks`, also used by :mod:`engine.seasons`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from engine.individual.credit import credits
from engine.individual.errors import IndividualError
from engine.individual.metrics import INDIVIDUAL_TIEBREAKS, PlayerTable
from engine.individual.model import IndividualConfig, IndividualRow, PartieResult
from engine.individual.totals import PlayerAcc, fold
from engine.standings import RankingMethod

__all__ = ["compute_individual_standings", "primary_key", "shared_ranks"]

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


def primary_key(method: RankingMethod, a: PlayerAcc) -> tuple[int, ...]:
    """Ascending sort key of the ranking method (negated where higher is better), as the team
    standings: points; wins, then points, then points conceded; match points."""
    if method is RankingMethod.POINTS:
        return (-a.points_for,)
    if method is RankingMethod.WINS_THEN_POINTS:
        return (-a.wins, -a.points_for, a.points_against)
    return (-a.match_points,)


def _players(players: Iterable[int], field: str) -> list[int]:
    out = list(dict.fromkeys(players))
    for p in out:
        if type(p) is not int:
            raise IndividualError("individual.invalid_config", field=field, value=repr(p))
    return out


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
    fold(accs, credits(results, set(player_list), volunteer_set, scoring, as_of_partie))
    table = PlayerTable(accs, scoring.unplayed_rounds, lots if lots is not None else {})
    metrics = [INDIVIDUAL_TIEBREAKS[name] for name in config.tiebreaks]
    columns = [m.values(table) for m in metrics]
    signs = [-1 if m.higher_is_better else 1 for m in metrics]
    keyed = sorted(
        (
            primary_key(scoring.method, a)
            + tuple(s * c[p] for s, c in zip(signs, columns, strict=True))
            + (p,),
            p,
        )
        for p, a in accs.items()
    )
    # The player id ends each sort key so that equal players come by id; it is not a
    # tie-break, so ranks are shared on the key without it.
    ranked = shared_ranks([(key[:-1], p) for key, p in keyed])
    return tuple(_row(rank, shared, accs[p], [c[p] for c in columns]) for rank, shared, p in ranked)


def _row(rank: int, shared: bool, a: PlayerAcc, values: list[int]) -> IndividualRow:
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
        tiebreak_values=tuple(values),
    )
