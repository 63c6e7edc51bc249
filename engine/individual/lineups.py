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
        if type(lu.from_partie) is not int or lu.from_partie < 1:
            raise _bad(lu.team, lu.from_partie, "from_partie")
        players = lu.players
        if not isinstance(players, tuple) or not 1 <= len(players) <= 2:
            raise _bad(lu.team, lu.from_partie, "players")
        if any(type(p) is not int for p in players) or len(set(players)) != len(players):
            raise _bad(lu.team, lu.from_partie, "players")
        by_partie = raw.setdefault(lu.team, {})
        if lu.from_partie in by_partie:
            raise _bad(lu.team, lu.from_partie, "duplicate")
        by_partie[lu.from_partie] = players
    return {t: (sorted(d), [d[k] for k in sorted(d)]) for t, d in raw.items()}


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
        partie, team_b = g.round, g.team_b
        started = type(partie) is int and partie >= 1
        side_a = single.get(g.team_a) if started else None
        if side_a is None:
            side_a = _players(table, g.team_a, partie)
        side_b = single.get(team_b) if started and team_b is not None else None
        if side_b is None:
            side_b = () if team_b is None else _players(table, team_b, partie)
        loser: Side | None = None
        if g.kind == ResultKind.FORFEIT:
            # A loser that is neither team must not become side b by default.
            if g.forfeit_loser not in (g.team_a, g.team_b):
                raise _bad(g.forfeit_loser, g.round, "forfeit_loser")
            loser = Side.A if g.forfeit_loser == g.team_a else Side.B
        out.append(PartieResult(g.round, side_a, side_b, g.score_a, g.score_b, g.kind, loser))
    return tuple(out)
