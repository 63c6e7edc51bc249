"""A match: several games between the same two teams, folded into one result.

This module owns ``MatchState`` (immutable; ``add(game)`` returns the next one, as
``GameState.apply`` does for deals) and ``fold_match``. A match is ``match_games`` games
(seed 002: "remporter un maximum de manches … exemple : 2 manches de 1000 points"; rules.md
§4 ranks by parties won): ``best_of`` is over as soon as a team has won more than half of
them; ``all_games`` plays them all. The winner has won more games; equal wins are decided by
the points of the games (their recorded, capped scores: ``engine.belote.game.final_score``), and
equal points are a draw. With ``match_games = 1`` a match is its one game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.belote.deal import Team
from engine.belote.errors import EngineError
from engine.belote.game import FinalScore, GameState, final_score
from engine.belote.rules import MatchFormat, Ruleset

__all__ = ["MatchState", "fold_match"]


@dataclass(frozen=True, slots=True)
class MatchState:
    """The games of a match so far and what they decide.

    ``games`` are the games' recorded results, ``wins_a``/``wins_b``/``draws`` count them,
    ``points_a``/``points_b`` add their scores, ``over`` says the match is decided and
    ``winner`` is its winner (None while running, or a draw once over).
    """

    rules: Ruleset
    games: tuple[FinalScore, ...] = ()
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    points_a: int = 0
    points_b: int = 0
    over: bool = False
    winner: Team | None = None

    def add(self, game: GameState | FinalScore) -> MatchState:
        """The match after one more finished game.

        Raises ``game.not_over`` for a game still running and ``game.match_over`` once the
        match is decided.
        """
        if self.over:
            raise EngineError("game.match_over", "the match is decided", {"games": len(self.games)})
        result = final_score(game) if isinstance(game, GameState) else game
        wins_a = self.wins_a + (result.winner is Team.A)
        wins_b = self.wins_b + (result.winner is Team.B)
        draws = self.draws + (result.winner is None)
        games = (*self.games, result)
        points_a = self.points_a + result.score_a
        points_b = self.points_b + result.score_b
        over = _decided(self.rules, len(games), wins_a, wins_b)
        winner = _winner(wins_a, wins_b, points_a, points_b) if over else None
        return MatchState(
            self.rules, games, wins_a, wins_b, draws, points_a, points_b, over, winner
        )


def _decided(rules: Ruleset, played: int, wins_a: int, wins_b: int) -> bool:
    n = rules.match_games
    if played >= n:
        return True
    return rules.match_format is MatchFormat.BEST_OF and 2 * max(wins_a, wins_b) > n


def _winner(wins_a: int, wins_b: int, points_a: int, points_b: int) -> Team | None:
    if wins_a != wins_b:
        return Team.A if wins_a > wins_b else Team.B
    if points_a != points_b:
        return Team.A if points_a > points_b else Team.B
    return None


def fold_match(rules: Ruleset, games: Iterable[GameState | FinalScore]) -> MatchState:
    """Fold finished games into a match (``game.match_over`` for a game after the end)."""
    state = MatchState(rules)
    for game in games:
        state = state.add(game)
    return state
