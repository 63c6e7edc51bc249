"""A rami game: hands folded into per-player totals, the game's end, its winners and ranking.

This module owns ``GameState`` (an immutable value: the players, their totals, the hands
played and each hand's entry; ``apply`` returns the next state), ``new_game`` (a game from its
start, or taken up from the middle of a score sheet), ``fold_game`` and ``Standing`` (a line
of the ranking). The end (``RamiRules.game_end``): after ``hands`` hands, or after the hand in
which a total reaches ``limit``. Under the penalty count the lowest total wins and the players
who reached the limit are out; under the positive count the highest total wins. Equal totals
share a rank, and equal first places are all winners (the contest's tie-break decides).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from engine.rami.errors import EngineError
from engine.rami.hand import Hand, HandScore, check_players, score_hand
from engine.rami.rules import GameEnd, RamiRules

__all__ = ["GameState", "HandEntry", "Standing", "fold_game", "new_game"]


@dataclass(frozen=True, slots=True)
class HandEntry:
    """One hand of the game: its index, its score and the totals after it (game seat order)."""

    index: int
    score: HandScore
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place: equal totals share a rank (1, 1, 3…)."""

    player: str
    total: int
    rank: int


@dataclass(frozen=True, slots=True)
class GameState:
    """The game so far. Build it with ``new_game``; ``apply`` adds one hand."""

    rules: RamiRules
    players: tuple[str, ...]
    totals: tuple[int, ...]
    hands_played: int = 0  # the sheet's hands before the first entry included
    entries: tuple[HandEntry, ...] = ()
    ended_at: int | None = None  # the index of the hand that ended the game

    @property
    def game_over(self) -> bool:
        return self.ended_at is not None

    @property
    def ended_by(self) -> str | None:
        """``"hands"`` or ``"limit"`` once the game is over."""
        return self.rules.game_end.value if self.game_over else None

    @property
    def hands_left(self) -> int | None:
        """Hands still to play in a game of N hands (None for a game to a limit)."""
        if self.rules.game_end is not GameEnd.HANDS:
            return None
        return self.rules.hands - self.hands_played

    @property
    def reached_limit(self) -> tuple[str, ...]:
        """The players at or above the limit: out under the penalty count."""
        if self.rules.game_end is not GameEnd.LIMIT:
            return ()
        limit = self.rules.limit
        return tuple(p for p, t in zip(self.players, self.totals, strict=True) if t >= limit)

    def ranking(self) -> tuple[Standing, ...]:
        """Every player by total (lowest first, highest under the positive count); seat order
        among equals, who share a rank."""
        sign = -1 if self.rules.derived.positive else 1
        order = sorted(range(len(self.players)), key=lambda seat: sign * self.totals[seat])
        out: list[Standing] = []
        for place, seat in enumerate(order):
            total = self.totals[seat]
            rank = out[-1].rank if out and out[-1].total == total else place + 1
            out.append(Standing(self.players[seat], total, rank))
        return tuple(out)

    @property
    def winners(self) -> tuple[str, ...]:
        """The players ranked first once the game is over (several on equal totals)."""
        if not self.game_over:
            return ()
        return tuple(s.player for s in self.ranking() if s.rank == 1)

    def apply(self, hand: Hand) -> GameState:
        """The state after ``hand`` (its players in any order); ``rami.game_over`` once over."""
        index = len(self.entries)
        if self.game_over:
            raise EngineError(
                "rami.game_over", "the game is over: no more hands", {"hand_index": index}
            )
        score = score_hand(self.rules, self._seated(hand, index))
        totals = tuple(a + b for a, b in zip(self.totals, score.scores, strict=True))
        played = self.hands_played + 1
        ended = _ends(self.rules, totals, played)
        return replace(
            self,
            totals=totals,
            hands_played=played,
            entries=(*self.entries, HandEntry(index, score, totals)),
            ended_at=index if ended else None,
        )

    def _seated(self, hand: Hand, index: int) -> Hand:
        """``hand`` with its players in the game's seat order."""
        if hand.players == self.players:
            return hand
        if sorted(hand.players) != sorted(self.players):
            raise EngineError(
                "rami.players_mismatch",
                "a hand names other players than the game's",
                {
                    "hand_index": index,
                    "missing": [p for p in self.players if p not in hand.players],
                    "unknown": [p for p in hand.players if p not in self.players],
                },
            )
        seat = {player: i for i, player in enumerate(hand.players)}
        order = [seat[player] for player in self.players]
        cards = None if hand.cards is None else tuple(hand.cards[i] for i in order)
        penalties = tuple(hand.penalties[i] for i in order)
        return replace(hand, players=self.players, penalties=penalties, cards=cards)


def _ends(rules: RamiRules, totals: tuple[int, ...], played: int) -> bool:
    if rules.game_end is GameEnd.HANDS:
        return played >= rules.hands
    return max(totals) >= rules.limit


def new_game(
    rules: RamiRules,
    players: Sequence[str],
    totals: Sequence[int] | None = None,
    hands_played: int = 0,
) -> GameState:
    """A game of ``players`` (seat order), from the start or from a sheet's totals so far.

    ``totals`` and ``hands_played`` take a game up from the middle of a sheet: whole numbers
    >= 0, and a game that is not over yet (``rami.invalid_start``).
    """
    seats = tuple(players)
    check_players(seats)
    start = tuple(totals) if totals is not None else (0,) * len(seats)
    if len(start) != len(seats) or any(type(t) is not int or t < 0 for t in start):
        raise EngineError(
            "rami.invalid_start",
            "one whole number >= 0 per player",
            {"field": "totals", "value": list(start)},
        )
    if type(hands_played) is not int or hands_played < 0:
        raise EngineError(
            "rami.invalid_start",
            "hands_played is a whole number >= 0",
            {"field": "hands_played", "value": hands_played},
        )
    if _ends(rules, start, hands_played):
        field = "hands_played" if rules.game_end is GameEnd.HANDS else "totals"
        raise EngineError(
            "rami.invalid_start",
            "the game would already be over",
            {"field": field, "value": hands_played if field == "hands_played" else list(start)},
        )
    return GameState(rules, seats, start, hands_played)


def fold_game(
    rules: RamiRules,
    players: Sequence[str],
    hands: Iterable[Hand],
    totals: Sequence[int] | None = None,
    hands_played: int = 0,
) -> GameState:
    """``new_game(rules, players, totals, hands_played)`` with each of ``hands`` applied."""
    state = new_game(rules, players, totals, hands_played)
    for hand in hands:
        state = state.apply(hand)
    return state
