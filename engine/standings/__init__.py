"""Contest standings: finished games in, ranked rows out.

The ranking of a contest ("classement du concours") as of any round ("partie"): the finished
games fold into one row per team, ordered by the contest's ranking method and then by its
ordered list of tie-breaks, exact ties sharing a rank (1, 2, 2, 4); and each team's rank after
every round. Methods, bye and forfeit policies, tie-breaks (direct encounter, the Buchholz
family after the FIDE tie-break regulations) and ranks are described in docs/engine.md,
section "Standings".

It never touches Django or the database and imports only the standard library; it never draws
lots itself (a lot is drawn once by the caller, stored and passed in as ``lots``) and never
translates messages (errors are :class:`StandingsError` with a code of
:data:`STANDINGS_ERROR_CODES`).

Modules: :mod:`.model` (results, rows, enumerations), :mod:`.config` (:class:`StandingsConfig`),
:mod:`.entries` (checking results, awarding byes and forfeits), :mod:`.totals` (per-team
totals), :mod:`.metrics` (the :data:`TIEBREAKS` registry), :mod:`.ranking` (precedence and
shared ranks), :mod:`.rows` (:func:`compute_standings`, :func:`rank_history`).
"""

from __future__ import annotations

from engine.standings.config import ByePolicy, ForfeitPolicy, MatchPointsScale, StandingsConfig
from engine.standings.entries import bye_points
from engine.standings.errors import STANDINGS_ERROR_CODES, StandingsError
from engine.standings.metrics import TIEBREAKS, Metric
from engine.standings.model import (
    AwardMode,
    GameResult,
    RankingMethod,
    ResultKind,
    StandingRow,
    UnplayedRounds,
    WithdrawalRule,
)
from engine.standings.rows import compute_standings, rank_history

__all__ = [
    "STANDINGS_ERROR_CODES",
    "TIEBREAKS",
    "AwardMode",
    "ByePolicy",
    "ForfeitPolicy",
    "GameResult",
    "MatchPointsScale",
    "Metric",
    "RankingMethod",
    "ResultKind",
    "StandingRow",
    "StandingsConfig",
    "StandingsError",
    "UnplayedRounds",
    "WithdrawalRule",
    "bye_points",
    "compute_standings",
    "rank_history",
]
