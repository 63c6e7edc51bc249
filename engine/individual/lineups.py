"""The individual side of a fixed-pairs contest: team results and lineups in, partie results
with the players who actually played out (:func:`results_from_games`).

A pair whose player is replaced during the contest has a second :class:`~.model.Lineup` from
the partie of the replacement; each game is credited to the lineup in force for its round, so
the replaced player keeps the parties he played and his replacement gets the others.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable

from engine.individual.errors import IndividualError
from engine.individual.model import Lineup, PartieResult, Side
from engine.standings import GameResult, ResultKind

__all__ = ["results_from_games"]

_FORFEIT = ResultKind.FORFEIT


def _bad(team: object, partie: object, reason: str) -> IndividualError:
    return IndividualError(
        "individual.invalid_lineup", team=repr(team), partie=repr(partie), reason=reason
    )


def _by_team(lineups: Iterable[Lineup]) -> dict[int, tuple[list[int], list[tuple[int, ...]]]]:
    """team -> (sorted from_partie values, the players of each)."""
    raw: dict[int, dict[int, tuple[int, ...]]] = {}
    for lu in lineups:
        if not isinstance(lu, Lineup) or type(lu.team) is not int:
            raise _bad(getattr(lu, "team", None), None, "not_a_lineup")
        team, players, start = lu.team, lu.players, lu.from_partie
        if type(start) is not int or start < 1:
            raise _bad(team, start, "from_partie")
        if not _valid_players(players):
            raise _bad(team, start, "players")
        by_partie = raw.get(team)
        if by_partie is None:
            raw[team] = {start: players}
        elif start in by_partie:
            raise _bad(team, start, "duplicate")
        else:
            by_partie[start] = players
    out: dict[int, tuple[list[int], list[tuple[int, ...]]]] = {}
    for team, by_partie in raw.items():
        starts = sorted(by_partie)
        out[team] = (starts, [by_partie[k] for k in starts])
    return out


def _valid_players(players: object) -> bool:
    """One or two distinct player ids, as a tuple (written out: a rebuild checks every team)."""
    if not isinstance(players, tuple):
        return False
    if len(players) == 2:
        p, q = players
        return type(p) is int and type(q) is int and p != q
    return len(players) == 1 and type(players[0]) is int


def _players(
    table: dict[int, tuple[list[int], list[tuple[int, ...]]]], team: int, partie: int
) -> tuple[int, ...]:
    starts, players = table.get(team, ([], []))
    i = bisect_right(starts, partie)
    if i == 0:
        raise _bad(team, partie, "no_lineup")
    return players[i - 1]


def results_from_games(
    games: Iterable[GameResult], lineups: Iterable[Lineup]
) -> tuple[PartieResult, ...]:
    """Each team game as a :class:`PartieResult` naming the players of each side for that
    partie. The games themselves are checked by the individual standings (and by
    :func:`engine.standings.compute_standings` for the team ranking)."""
    table = _by_team(lineups)
    # A team with one lineup from partie 1 (most teams) plays it at every partie >= 1: found
    # without the search; any other team or partie goes through _players.
    single = {t: players[0] for t, (starts, players) in table.items() if starts == [1]}
    out: list[PartieResult] = []
    for g in games:
        if not isinstance(g, GameResult):
            raise _bad(None, None, "not_a_result")
        partie, team_a, team_b, score_a, score_b, kind, forfeit_loser = g[:7]
        started = type(partie) is int and partie >= 1
        side_a = single.get(team_a) if started else None
        if side_a is None:
            side_a = _players(table, team_a, partie)
        side_b = single.get(team_b) if started and team_b is not None else None
        if side_b is None:
            side_b = () if team_b is None else _players(table, team_b, partie)
        loser: Side | None = None
        if kind == _FORFEIT:
            # A loser that is neither team must not become side b by default.
            if forfeit_loser not in (team_a, team_b):
                raise _bad(forfeit_loser, partie, "forfeit_loser")
            loser = Side.A if forfeit_loser == team_a else Side.B
        out.append(PartieResult(partie, side_a, side_b, score_a, score_b, kind, loser))
    return tuple(out)
