"""The standings' plain values: results in (:class:`GameResult`), rows out (:class:`StandingRow`),
and the enumerations a stored config names (:class:`RankingMethod`, :class:`AwardMode`,
:class:`UnplayedRounds`). No computation.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

__all__ = [
    "AwardMode",
    "GameResult",
    "RankingMethod",
    "ResultKind",
    "StandingRow",
    "UnplayedRounds",
    "WithdrawalRule",
]


class ResultKind(StrEnum):
    PLAYED = "played"
    BYE = "bye"
    FORFEIT = "forfeit"


class GameResult(NamedTuple):
    """One finished game of one round, or a bye, or a forfeit.

    A bye has ``team_b=None`` (its scores are ignored unless the bye policy is ``recorded``).
    A forfeit names its ``forfeit_loser`` (``team_a`` or ``team_b``); its scores are ignored
    unless the forfeit policy is ``recorded``.

    A match of several games (``engine.belote.match``) carries the games each team won
    (``games_a``/``games_b``) and the sum of its games' scores: the match is won on games won,
    then on points (``engine.belote.match.fold_match``). ``None`` for a game on its own.

    ``named_winner``: the team the organiser named the winner of a game (or match) that ended
    level, ``team_a`` or ``team_b`` (a knockout's tie settled at the table); ``None`` else. The
    standings ignore it (a level game stays a draw); a bracket reads it to know who goes through.

    A named tuple rather than a frozen dataclass: as immutable, and a rebuild makes one per game
    of the contest, which a tuple makes several times faster (``docs/benchmarks.md``).
    """

    round: int
    team_a: int
    team_b: int | None
    score_a: int = 0
    score_b: int = 0
    kind: ResultKind = ResultKind.PLAYED
    forfeit_loser: int | None = None
    games_a: int | None = None
    games_b: int | None = None
    named_winner: int | None = None


class RankingMethod(StrEnum):
    POINTS = "points"
    WINS_THEN_POINTS = "wins_then_points"
    MATCH_POINTS = "match_points"


class AwardMode(StrEnum):
    """How the points credited for a bye or a forfeit win are found."""

    FIXED = "fixed"
    HALF_GAME = "half_game"
    ROUND_AVERAGE = "round_average"
    RECORDED = "recorded"


class UnplayedRounds(StrEnum):
    """How a team's byes and forfeits count in its Buchholz (see the module docstring)."""

    SELF = "self"
    ZERO = "zero"
    IGNORE = "ignore"


class WithdrawalRule(StrEnum):
    """Where a withdrawn team goes in the standings as of a round after its withdrawal:
    out of the ranking (``leave``) or after every team still playing (``rank_last``)."""

    LEAVE = "leave"
    RANK_LAST = "rank_last"


class StandingRow(NamedTuple):
    """One team's line in the standings as of a round.

    ``tiebreak_values`` follow ``config.tiebreaks``, in that order (``points_against`` is shown
    as the plain number, although lower ranks first). ``shared`` is true when another team has
    the same rank (an exact tie on every key). ``withdrawn`` is true for a team ranked last
    because it withdrew before the round ranked (``WithdrawalRule.RANK_LAST``). A named tuple,
    as :class:`GameResult`.
    """

    rank: int
    team: int
    shared: bool
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    forfeits_won: int
    forfeits_lost: int
    points_for: int
    points_against: int
    difference: int
    match_points: int
    best_game: int
    tiebreak_values: tuple[int, ...]
    withdrawn: bool = False

    def to_json(self) -> dict[str, Any]:
        """A plain dict for a stored snapshot (``tiebreak_values`` as a list)."""
        return {
            "rank": self.rank,
            "team": self.team,
            "shared": self.shared,
            "played": self.played,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "byes": self.byes,
            "forfeits_won": self.forfeits_won,
            "forfeits_lost": self.forfeits_lost,
            "points_for": self.points_for,
            "points_against": self.points_against,
            "difference": self.difference,
            "match_points": self.match_points,
            "best_game": self.best_game,
            "tiebreak_values": list(self.tiebreak_values),
            "withdrawn": self.withdrawn,
        }
