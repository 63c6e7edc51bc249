"""A game (partie): deals folded into running totals, until a target or a number of deals.

This module owns ``GameState`` (an immutable state; ``apply(deal)`` returns the next one so the
web app can add one deal at a time), ``fold_game(rules, deals)`` (the whole game at once),
``start_state`` (a game taken up from a sheet's state), ``GameState.call_time`` (time called)
and ``final_score`` (a finished game's recorded, capped result). It decides when a game is
over and who won: target reached or exceeded, both teams crossing on the same deal, the
capot-with-belote rule, the last deal scored exactly, games of N deals where void deals are
not counted, time called. It carries the litige reserve from deal to deal (``score_deal``
moves it). ``table_check`` lives in ``engine.belote.table_check`` and is re-exported here.

It must not import anything but the standard library and the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import FrozenInstanceError, dataclass
from typing import Final

from engine.belote.deal import Deal, DealKind, DealScore, Team, score_deal
from engine.belote.errors import EngineError
from engine.belote.game_end import target_end
from engine.belote.rules import GameEnd, Rounding, Ruleset, TimeUp
from engine.belote.table_check import TableCheck, table_check

__all__ = [
    "FinalScore",
    "GameEntry",
    "GameState",
    "TableCheck",
    "final_score",
    "fold_game",
    "start_state",
    "table_check",
]


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One deal of a game: its score, the running totals and reserve after it."""

    index: int
    score: DealScore
    total_a: int
    total_b: int
    reserve: int
    counted: bool  # counts toward a game of N deals (void deals do not)


# Enum members read from module globals: reading ``GameEnd.DEALS`` goes through the enum
# class's descriptors, several times slower than a global (see the speed notes in engine/belote/steps/common.py).
_A: Final = Team.A
_B: Final = Team.B
_VOID: Final = DealKind.VOID
_BY_DEALS: Final = GameEnd.DEALS
_NO_ROUNDING: Final = Rounding.NONE

# The entries of a game are kept as a persistent linked list, newest first: (entry, older).
# ``apply`` links one cell to the previous state's list instead of copying a tuple, so that
# folding a game of n deals is O(n); a state builds its ``entries`` tuple on first read.
_Log = tuple[GameEntry, "_Log"] | None

_STATE_SLOTS: Final = (
    "rules",
    "total_a",
    "total_b",
    "reserve",
    "deals_counted",
    "game_over",
    "winner",
    "ended_at",
    "deals_left",
    "_log",
    "_size",
    "_entries",
)
# What the state compares, hashes and prints, in the order of the constructor's arguments.
_STATE_FIELDS: Final = (
    "rules",
    "entries",
    "total_a",
    "total_b",
    "reserve",
    "deals_counted",
    "game_over",
    "winner",
    "ended_at",
    "deals_left",
)


class GameState:
    """The state of a game after some deals. ``apply`` returns the state after one more.

    Immutable (assigning an attribute raises ``dataclasses.FrozenInstanceError``), compared
    and hashed by its values like a frozen dataclass: ``rules``, ``entries`` (a tuple of
    ``GameEntry``, built on first read), ``total_a``, ``total_b``, ``reserve``,
    ``deals_counted``, ``game_over``, ``winner`` (None while running, or a draw once over) and
    ``ended_at`` (index of the deal that ended the game), and ``deals_left``: None, or once
    time is called (``call_time``) the number of deals still to play (void deals not counted).
    """

    __slots__ = _STATE_SLOTS
    __match_args__ = _STATE_FIELDS

    rules: Ruleset
    total_a: int
    total_b: int
    reserve: int
    deals_counted: int
    game_over: bool
    winner: Team | None
    ended_at: int | None
    deals_left: int | None
    _log: _Log
    _size: int
    _entries: tuple[GameEntry, ...] | None

    def __init__(
        self,
        rules: Ruleset,
        entries: Iterable[GameEntry] = (),
        total_a: int = 0,
        total_b: int = 0,
        reserve: int = 0,
        deals_counted: int = 0,
        game_over: bool = False,
        winner: Team | None = None,
        ended_at: int | None = None,
        deals_left: int | None = None,
    ) -> None:
        items = tuple(entries)
        log: _Log = None
        for entry in items:
            log = (entry, log)
        values = (
            rules,
            total_a,
            total_b,
            reserve,
            deals_counted,
            game_over,
            winner,
            ended_at,
            deals_left,
        )
        for name, value in zip(_STATE_SLOTS, (*values, log, len(items), items), strict=True):
            object.__setattr__(self, name, value)

    @property
    def entries(self) -> tuple[GameEntry, ...]:
        """Every deal of the game so far, in order."""
        cached = self._entries
        if cached is None:
            items: list[GameEntry] = []
            log = self._log
            while log is not None:
                items.append(log[0])
                log = log[1]
            items.reverse()
            cached = tuple(items)
            object.__setattr__(self, "_entries", cached)
        return cached

    @property
    def totals(self) -> dict[Team, int]:
        return {Team.A: self.total_a, Team.B: self.total_b}

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in _STATE_FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not GameState:
            return NotImplemented
        assert isinstance(other, GameState)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in _STATE_FIELDS)
        return f"GameState({inner})"

    def __reduce__(self) -> tuple[type[GameState], tuple[object, ...]]:
        return GameState, self._values()

    def apply(self, deal: Deal, *, last_deal: bool = False) -> GameState:
        """The state after ``deal``. ``last_deal`` marks the last deal of a timed game.

        Raises ``game.already_over`` if the game has ended, and the ``deal.*`` errors of
        ``score_deal``.
        """
        if self.game_over:
            raise EngineError(
                "game.already_over",
                "the game is over",
                {"ended_at": self.ended_at, "index": self._size},
            )
        rules = self.rules
        counted = deal.kind is not _VOID
        # Time called: the last of the deals left is the game's last (void deals not counted).
        last_deal = last_deal or (self.deals_left is not None and counted and self.deals_left <= 1)
        by_deals = rules.game_end is _BY_DEALS
        is_last = last_deal or (
            by_deals and counted and self.deals_counted + 1 >= rules.deals_per_game
        )
        exact_end = (
            not by_deals
            and not is_last
            and rules.last_deal_exact
            and rules.rounding is not _NO_ROUNDING
        )
        if exact_end:
            # [FFB-EL], Cannes: the last deal is scored exactly, and rounding never decides
            # the end ("2000 pile, nous ne gagnons pas"). If the exact score ends the game,
            # this is the last deal and it stands; otherwise the rounded score is kept and
            # the game goes on even if the rounded totals cross the target.
            score = score_deal(rules, deal, self.reserve, last_deal=True)
            state = self._next(deal, score, counted)
            if not state.game_over:
                score = score_deal(rules, deal, self.reserve)
                state = self._next(deal, score, counted, may_end=False)
        else:
            score = score_deal(rules, deal, self.reserve, last_deal=is_last)
            state = self._next(deal, score, counted)
        if last_deal and not state.game_over:
            state = _finish_on_totals(state, self._size)
        return state

    def call_time(self, rule: TimeUp | None = None, more_deals: int | None = None) -> GameState:
        """The state once time is called (rules.md §4: games played to a clock).

        ``rule`` defaults to the rules' ``time_up`` and ``more_deals`` to ``time_up_deals``:
        ``as_it_stands`` ends the game now on its totals (the higher wins, equal totals are a
        draw, a pending reserve is not scored); ``after_current_deal`` makes the next deal
        entered the last; ``after_more_deals`` plays ``more_deals`` more deals (void deals
        not counted). A game that ends on its own before keeps its own end. Raises
        ``game.already_over`` on a finished game.
        """
        if self.game_over:
            raise EngineError("game.already_over", "the game is over", {"ended_at": self.ended_at})
        rule = self.rules.time_up if rule is None else TimeUp(rule)
        if rule is TimeUp.AS_IT_STANDS:
            return _finish_on_totals(self, self._size - 1 if self._size else None)
        left = 1
        if rule is TimeUp.AFTER_MORE_DEALS:
            left = self.rules.time_up_deals if more_deals is None else more_deals
        if type(left) is not int or left < 1:
            raise EngineError(
                "game.invalid_time_up",
                "more_deals must be a whole number >= 1",
                {"field": "more_deals"},
            )
        if self.deals_left is not None:
            left = min(left, self.deals_left)  # time already called: never longer
        return _state(
            self.rules,
            self.total_a,
            self.total_b,
            self.reserve,
            self.deals_counted,
            False,
            None,
            None,
            self._log,
            self._size,
            left,
        )

    def _next(
        self, deal: Deal, score: DealScore, counted: bool, *, may_end: bool = True
    ) -> GameState:
        rules = self.rules
        ta = self.total_a + score.score_a
        tb = self.total_b + score.score_b
        index = self._size
        entry = _entry(index, score, ta, tb, score.carry_out, counted)
        n = self.deals_counted + 1 if counted else self.deals_counted
        log = (entry, self._log)
        left = self.deals_left
        if left is not None and counted:
            left -= 1
        reserve = score.carry_out
        if rules.game_end is _BY_DEALS:
            state = _state(rules, ta, tb, reserve, n, False, None, None, log, index + 1, left)
            if n >= rules.deals_per_game:
                return _finish_on_totals(state, index)
            return state
        over, winner = target_end(rules, deal, score, self.total_a, self.total_b)
        if over and may_end:
            return _state(rules, ta, tb, reserve, n, True, winner, index, log, index + 1, left)
        return _state(rules, ta, tb, reserve, n, False, None, None, log, index + 1, left)


# Building a frozen value through its __init__ costs one object.__setattr__ per field. These
# mutable twins have the same slots in the same order: they are filled with ordinary
# attribute stores and then turned into the frozen class by assigning ``__class__`` (see the
# speed notes in engine/belote/steps/common.py).
class _GameEntryBuilder:
    __slots__ = GameEntry.__slots__
    index: int
    score: DealScore
    total_a: int
    total_b: int
    reserve: int
    counted: bool


def _entry(
    index: int, score: DealScore, ta: int, tb: int, reserve: int, counted: bool
) -> GameEntry:
    obj = _GameEntryBuilder()
    obj.index = index
    obj.score = score
    obj.total_a = ta
    obj.total_b = tb
    obj.reserve = reserve
    obj.counted = counted
    obj.__class__ = GameEntry  # type: ignore[assignment]
    return obj  # type: ignore[return-value]


class _GameStateBuilder:
    __slots__ = _STATE_SLOTS
    rules: Ruleset
    total_a: int
    total_b: int
    reserve: int
    deals_counted: int
    game_over: bool
    winner: Team | None
    ended_at: int | None
    deals_left: int | None
    _log: _Log
    _size: int
    _entries: tuple[GameEntry, ...] | None


def _state(
    rules: Ruleset,
    ta: int,
    tb: int,
    reserve: int,
    counted: int,
    over: bool,
    winner: Team | None,
    ended_at: int | None,
    log: _Log,
    size: int,
    deals_left: int | None = None,
) -> GameState:
    obj = _GameStateBuilder()
    obj.rules = rules
    obj.total_a = ta
    obj.total_b = tb
    obj.reserve = reserve
    obj.deals_counted = counted
    obj.game_over = over
    obj.winner = winner
    obj.ended_at = ended_at
    obj.deals_left = deals_left
    obj._log = log
    obj._size = size
    obj._entries = None
    obj.__class__ = GameState  # type: ignore[assignment]
    return obj  # type: ignore[return-value]


def _finish_on_totals(state: GameState, index: int | None) -> GameState:
    winner: Team | None = None  # equal totals: a draw
    if state.total_a != state.total_b:
        winner = _A if state.total_a > state.total_b else _B
    return _state(
        state.rules,
        state.total_a,
        state.total_b,
        state.reserve,
        state.deals_counted,
        True,
        winner,
        index,
        state._log,
        state._size,
        state.deals_left,
    )


def fold_game(
    rules: Ruleset, deals: Iterable[Deal], *, last_deal_marked: int | None = None
) -> GameState:
    """Fold ``deals`` into a game. Deals after the end raise ``game.already_over``.

    ``last_deal_marked`` is the index of a deal known to be the last (a timed game).
    """
    state = GameState(rules)
    for i, deal in enumerate(deals):
        state = state.apply(deal, last_deal=(i == last_deal_marked))
    return state


def start_state(
    rules: Ruleset, total_a: int = 0, total_b: int = 0, reserve: int = 0, deals_counted: int = 0
) -> GameState:
    """A game taken up from the middle of a score sheet: its totals, reserve and deal count.

    Raises ``game.invalid_start`` (with ``params.field``) for a value that is not a whole
    number >= 0, or for a game of N deals that has already had N deals.
    """
    values = {"A": total_a, "B": total_b, "reserve": reserve, "deals_counted": deals_counted}
    for name, value in values.items():
        if type(value) is not int or value < 0:
            raise EngineError(
                "game.invalid_start", "start values are whole numbers >= 0", {"field": name}
            )
    if rules.game_end is _BY_DEALS and deals_counted >= rules.deals_per_game:
        raise EngineError(
            "game.invalid_start",
            "a game of N deals cannot start after its N deals",
            {"field": "deals_counted", "deals_per_game": rules.deals_per_game},
        )
    return GameState(
        rules, total_a=total_a, total_b=total_b, reserve=reserve, deals_counted=deals_counted
    )


@dataclass(frozen=True, slots=True)
class FinalScore:
    """A finished game as a contest records it: winner and scores after the rules' caps.

    ``score_a``/``score_b`` are the totals capped by ``score_cap_winner`` (the winner's, and
    both teams' on a draw) and ``score_cap_loser``; ``total_a``/``total_b`` are the sheet's
    totals, never changed. ``winner`` is None for a draw.
    """

    winner: Team | None
    score_a: int
    score_b: int
    total_a: int
    total_b: int

    def score(self, team: Team) -> int:
        return self.score_a if team is Team.A else self.score_b


def final_score(state: GameState) -> FinalScore:
    """The recorded result of a finished game; ``game.not_over`` while it is running."""
    if not state.game_over:
        raise EngineError("game.not_over", "the game is not over", {"index": state._size})
    rules = state.rules
    cap_w, cap_l = rules.score_cap_winner, rules.score_cap_loser
    winner = state.winner

    def capped(team: Team, total: int) -> int:
        cap = cap_w if winner is None or team is winner else cap_l
        return min(total, cap) if cap else total

    return FinalScore(
        winner,
        capped(Team.A, state.total_a),
        capped(Team.B, state.total_b),
        state.total_a,
        state.total_b,
    )
