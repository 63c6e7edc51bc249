"""A rami game: deals folded into per-player totals, the game's end, its winners and ranking.

This module owns ``GameState`` (an immutable value: the players, their totals, the deals
played and each deal's entry; ``apply`` returns the next state), ``new_game`` (a game from its
start, or taken up from the middle of a score sheet), ``fold_game`` and ``Standing`` (a line
of the ranking). The end (``RamiRules.game_end``): after ``deals_per_game`` deals, or after
the deal in which a total reaches ``limit``. Under the penalty count the lowest total wins and the players
who reached the limit are out; under the positive count the highest total wins. Equal totals
share a rank, and equal first places are all winners (the contest's tie-break decides).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from engine.rami.deal import Deal, DealScore, check_players, score_deal
from engine.rami.errors import EngineError
from engine.rami.rules import GameEnd, RamiRules

__all__ = ["DealEntry", "GameState", "Standing", "fold_game", "new_game"]


@dataclass(frozen=True, slots=True)
class DealEntry:
    """One deal of the game: its index, its score and the totals after it (game seat order)."""

    index: int
    score: DealScore
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place: equal totals share a rank (1, 1, 3…)."""

    player: str
    total: int
    rank: int


@dataclass(frozen=True, slots=True)
class GameState:
    """The game so far. Build it with ``new_game``; ``apply`` adds one deal."""

    rules: RamiRules
    players: tuple[str, ...]
    totals: tuple[int, ...]
    deals_played: int = 0  # the sheet's deals before the first entry included
    entries: tuple[DealEntry, ...] = ()
    ended_at: int | None = None  # the index of the deal that ended the game

    @property
    def game_over(self) -> bool:
        return self.ended_at is not None

    @property
    def ended_by(self) -> str | None:
        """``"deals"`` or ``"limit"`` once the game is over."""
        return self.rules.game_end.value if self.game_over else None

    @property
    def deals_left(self) -> int | None:
        """Deals still to play in a game of N deals (None for a game to a limit)."""
        if self.rules.game_end is not GameEnd.DEALS:
            return None
        return self.rules.deals_per_game - self.deals_played

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

    def apply(self, deal: Deal) -> GameState:
        """The state after ``deal`` (its players in any order); ``rami.game_over`` once over."""
        index = len(self.entries)
        if self.game_over:
            raise EngineError(
                "rami.game_over", "the game is over: no more deals", {"deal_index": index}
            )
        score = score_deal(self.rules, self._seated(deal, index))
        totals = tuple(a + b for a, b in zip(self.totals, score.scores, strict=True))
        played = self.deals_played + 1
        ended = _ends(self.rules, totals, played)
        return replace(
            self,
            totals=totals,
            deals_played=played,
            entries=(*self.entries, DealEntry(index, score, totals)),
            ended_at=index if ended else None,
        )

    def _seated(self, deal: Deal, index: int) -> Deal:
        """``deal`` with its players in the game's seat order."""
        if deal.players == self.players:
            return deal
        if sorted(deal.players) != sorted(self.players):
            raise EngineError(
                "rami.players_mismatch",
                "a deal names other players than the game's",
                {
                    "deal_index": index,
                    "missing": [p for p in self.players if p not in deal.players],
                    "unknown": [p for p in deal.players if p not in self.players],
                },
            )
        seat = {player: i for i, player in enumerate(deal.players)}
        order = [seat[player] for player in self.players]
        cards = None if deal.cards is None else tuple(deal.cards[i] for i in order)
        penalties = tuple(deal.penalties[i] for i in order)
        return replace(deal, players=self.players, penalties=penalties, cards=cards)


def _ends(rules: RamiRules, totals: tuple[int, ...], played: int) -> bool:
    if rules.game_end is GameEnd.DEALS:
        return played >= rules.deals_per_game
    return max(totals) >= rules.limit


def new_game(
    rules: RamiRules,
    players: Sequence[str],
    totals: Sequence[int] | None = None,
    deals_played: int = 0,
) -> GameState:
    """A game of ``players`` (seat order), from the start or from a sheet's totals so far.

    ``totals`` and ``deals_played`` take a game up from the middle of a sheet: whole numbers
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
    if type(deals_played) is not int or deals_played < 0:
        raise EngineError(
            "rami.invalid_start",
            "deals_played is a whole number >= 0",
            {"field": "deals_played", "value": deals_played},
        )
    if _ends(rules, start, deals_played):
        field = "deals_played" if rules.game_end is GameEnd.DEALS else "totals"
        raise EngineError(
            "rami.invalid_start",
            "the game would already be over",
            {"field": field, "value": deals_played if field == "deals_played" else list(start)},
        )
    return GameState(rules, seats, start, deals_played)


def fold_game(
    rules: RamiRules,
    players: Sequence[str],
    deals: Iterable[Deal],
    totals: Sequence[int] | None = None,
    deals_played: int = 0,
) -> GameState:
    """``new_game(rules, players, totals, deals_played)`` with each of ``deals`` applied."""
    state = new_game(rules, players, totals, deals_played)
    for deal in deals:
        state = state.apply(deal)
    return state
