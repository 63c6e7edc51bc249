"""From a contest's final standings to its season results (:class:`~.model.Placing` values).

The app reads a finished contest's standings and results once and hands the season these
placings: rank, parties played and won, points, and one :class:`~.model.PartieLine` per partie
with the points the contest credited (so a bye's line carries what the contest's bye policy
gave, which a season barème with ``bye_score=None`` keeps). :func:`placings_from_individual`
serves a mêlée (or the individual ranking of a pairs contest), :func:`placings_from_standings`
a fixed-pairs contest ranked by pair.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final, NamedTuple

from engine.individual import IndividualConfig, IndividualRow, PartieResult
from engine.individual import credit as individual_credit
from engine.individual import totals as individual_totals
from engine.seasons.errors import SeasonError
from engine.seasons.model import Outcome, PartieLine, Placing
from engine.standings import GameResult, StandingRow, StandingsConfig
from engine.standings import entries as team_entries
from engine.standings import totals as team_totals

__all__ = ["placings_from_individual", "placings_from_standings"]


class _Kinds(NamedTuple):
    """One standings package's constants for a credit's kind and outcome."""

    bye: int
    forfeit_won: int
    forfeit_lost: int
    win: int
    loss: int

    def outcome(self, kind: int, outcome: int) -> Outcome:
        if kind == self.bye:
            return Outcome.BYE
        if kind == self.forfeit_won:
            return Outcome.FORFEIT_WIN
        if kind == self.forfeit_lost:
            return Outcome.FORFEIT_LOSS
        if outcome == self.win:
            return Outcome.WIN
        return Outcome.LOSS if outcome == self.loss else Outcome.DRAW


_T, _I = team_totals, individual_totals
_TEAM: Final = _Kinds(_T.BYE, _T.FORFEIT_WON, _T.FORFEIT_LOST, _T.WIN, _T.LOSS)
_INDIVIDUAL: Final = _Kinds(_I.BYE, _I.FORFEIT_WON, _I.FORFEIT_LOST, _I.WIN, _I.LOSS)


def placings_from_individual(
    rows: Sequence[IndividualRow],
    results: Iterable[PartieResult],
    config: IndividualConfig | None = None,
    *,
    volunteers: Iterable[int] = (),
) -> tuple[Placing, ...]:
    """One one-player placing per row, with the player's partie lines, in partie order.

    ``rows``, ``results`` and ``config`` are those of the contest's final individual standings
    (:func:`engine.individual.compute_individual_standings`), whose checks the results pass
    again here.
    """
    config = IndividualConfig() if config is None else config
    players = {r.player for r in rows}
    lines: dict[int, list[tuple[int, PartieLine]]] = {p: [] for p in players}
    credits = individual_credit.credits(
        results, players, set(volunteers), config.scoring, as_of_partie=None
    )
    for player, kind, partie, pf, _pa, outcome, _mp, _partners, _opponents in credits:
        lines[player].append((partie, PartieLine(_INDIVIDUAL.outcome(kind, outcome), pf)))
    return tuple(
        Placing(
            (r.player,),
            r.rank,
            len(lines[r.player]),
            r.wins,
            r.points_for,
            tuple(line for _p, line in sorted(lines[r.player], key=lambda x: x[0])),
        )
        for r in rows
    )


def placings_from_standings(
    rows: Sequence[StandingRow],
    results: Iterable[GameResult],
    config: StandingsConfig,
    players_of: Mapping[int, tuple[int, ...]],
) -> tuple[Placing, ...]:
    """One placing per team row, naming the team's players (``players_of``: team -> the one or
    two players the season credits), with the team's partie lines, in round order.

    ``rows``, ``results`` and ``config`` are those of the contest's final team standings
    (:func:`engine.standings.compute_standings`). A team replaced player by player is
    credited to the players given here (the season sees one pair per contest).
    """
    teams = {r.team for r in rows}
    missing = sorted(t for t in teams if t not in players_of)
    if missing:
        raise SeasonError(
            "season.invalid_result", contest=None, entrant=missing, reason="players_of"
        )
    by_round = team_entries.entries(results, teams, config, None)
    lines: dict[int, list[PartieLine]] = {t: [] for t in teams}
    for rnd in sorted(by_round):
        for team, kind, _opp, pf, _pa, outcome, _mp in by_round[rnd]:
            lines[team].append(PartieLine(_TEAM.outcome(kind, outcome), pf))
    return tuple(
        Placing(
            tuple(players_of[r.team]),
            r.rank,
            len(lines[r.team]),
            r.wins,
            r.points_for,
            tuple(lines[r.team]),
        )
        for r in rows
    )
