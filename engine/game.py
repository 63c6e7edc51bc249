"""A game (partie): deals folded into running totals, until a target or a number of deals.

This module owns ``GameState`` (an immutable state; ``apply(deal)`` returns the next one so the
web app can add one deal at a time), ``fold_game(rules, deals)`` (the whole game at once) and
``table_check`` (are two totals of a game of N deals consistent?). It decides when a game is
over and who won: target reached or exceeded, both teams crossing on the same deal, the
capot-with-belote rule, the last deal scored exactly, games of N deals where void deals are
not counted. It carries the litige reserve from deal to deal (``score_deal`` moves it).

It must not import anything but the standard library and the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import FrozenInstanceError, dataclass
from typing import Final

from engine.deal import Deal, DealKind, DealScore, Outcome, Team, score_deal
from engine.errors import EngineError
from engine.rules import BothCrossRule, EndCondition, GameEnd, Rounding, Ruleset, Variant

__all__ = ["GameEntry", "GameState", "TableCheck", "fold_game", "table_check"]


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
# class's descriptors, several times slower than a global (see the speed notes in deal.py).
_A: Final = Team.A
_B: Final = Team.B
_VOID: Final = DealKind.VOID
_BY_DEALS: Final = GameEnd.DEALS
_NO_ROUNDING: Final = Rounding.NONE
_REACH: Final = EndCondition.REACH

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
)


class GameState:
    """The state of a game after some deals. ``apply`` returns the state after one more.

    Immutable (assigning an attribute raises ``dataclasses.FrozenInstanceError``), compared
    and hashed by its values like a frozen dataclass: ``rules``, ``entries`` (a tuple of
    ``GameEntry``, built on first read), ``total_a``, ``total_b``, ``reserve``,
    ``deals_counted``, ``game_over``, ``winner`` (None while running, or a draw once over) and
    ``ended_at`` (index of the deal that ended the game).
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
    ) -> None:
        items = tuple(entries)
        log: _Log = None
        for entry in items:
            log = (entry, log)
        values = (rules, total_a, total_b, reserve, deals_counted, game_over, winner, ended_at)
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
        if rules.game_end is _BY_DEALS:
            state = _state(rules, ta, tb, score.carry_out, n, False, None, None, log, index + 1)
            if n >= rules.deals_per_game:
                return _finish_on_totals(state, index)
            return state
        over, winner = _target_end(rules, deal, score, self.total_a, self.total_b)
        if over and may_end:
            return _state(rules, ta, tb, score.carry_out, n, True, winner, index, log, index + 1)
        return _state(rules, ta, tb, score.carry_out, n, False, None, None, log, index + 1)


# Building a frozen value through its __init__ costs one object.__setattr__ per field. These
# mutable twins have the same slots in the same order: they are filled with ordinary
# attribute stores and then turned into the frozen class by assigning ``__class__`` (see the
# speed notes in deal.py).
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
    obj._log = log
    obj._size = size
    obj._entries = None
    obj.__class__ = GameState  # type: ignore[assignment]
    return obj  # type: ignore[return-value]


def _finish_on_totals(state: GameState, index: int) -> GameState:
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
    )


def _belote_points(score: DealScore, team: Team) -> int:
    return sum(ln.points for ln in score.breakdown if ln.team is team and ln.code == "belote")


def _target_end(
    rules: Ruleset, deal: Deal, score: DealScore, before_a: int, before_b: int
) -> tuple[bool, Team | None]:
    target = rules.target
    ta = before_a + score.score_a
    tb = before_b + score.score_b
    if rules.end_condition is _REACH:
        cross_a, cross_b = ta >= target, tb >= target
    else:
        cross_a, cross_b = ta > target, tb > target
    if not (cross_a or cross_b):
        return False, None
    if rules.capot_belote_cannot_finish:
        # FFB web / 2015 texts: a team that was capot (or failed) cannot reach the target
        # with its belote points alone: another deal is played.
        for team in (Team.A, Team.B):
            crossed = cross_a if team is Team.A else cross_b
            if not crossed:
                continue
            beaten = score.outcome in (Outcome.CAPOT, Outcome.FAILED, Outcome.FAILED_CAPOT) and (
                (deal.taker is team) == (score.outcome is not Outcome.CAPOT)
            )
            if not beaten:
                continue
            bel = _belote_points(score, team)
            without = (ta if team is Team.A else tb) - bel
            still = (
                without >= target
                if rules.end_condition is EndCondition.REACH
                else (without > target)
            )
            if bel and not still:
                if team is Team.A:
                    cross_a = False
                else:
                    cross_b = False
        if not (cross_a or cross_b):
            return False, None
    if cross_a and cross_b:
        rule = rules.both_cross_rule
        if rule is BothCrossRule.DRAW:
            return True, None
        if rule is BothCrossRule.LAST_TAKER_WINS and deal.taker is not None:
            return True, deal.taker
        if ta != tb:
            return True, Team.A if ta > tb else Team.B
        if (
            rule is BothCrossRule.HIGHER_WINS_TIE_EXTRA_DEAL
            or rule is BothCrossRule.LAST_TAKER_WINS
        ):
            return False, None  # FFB: another deal until the tie is broken
        return True, None
    return True, Team.A if cross_a else Team.B


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


# --------------------------------------------------------------------------------------
# Table check


@dataclass(frozen=True, slots=True)
class TableCheck:
    """Whether two totals of a classic game of N deals are consistent.

    ``expected_total`` is N × 162 + 20 per belote + the capot bonus per capot (using the
    counts given, or the counts that best explain the totals). ``likely_missing`` names the
    most likely error when inconsistent: "belote", "capot", "extra_belote", "extra_capot",
    "litige_reserve" (points held in a reserve never collected) or "unknown".
    """

    consistent: bool
    actual_total: int
    expected_total: int
    difference: int  # actual − expected
    belotes: int
    capots: int
    likely_missing: str | None


def table_check(
    rules: Ruleset,
    n_deals: int,
    total_a: int,
    total_b: int,
    belotes: int | None = None,
    capots: int | None = None,
) -> TableCheck:
    """Check that a game's two totals are possible: N × 162 + 20 per belote + capot bonuses.

    Applies to classic rules without announcements or rounding, where a failed contract
    gives 162 (a capot 'capot_value') to the defense. Unknown counts (None) are chosen to
    explain the totals if they can.
    """
    if (
        rules.variant is not Variant.CLASSIC
        or rules.announcements
        or rules.rounding is not Rounding.NONE
        or rules.derived.failure_base != 162
    ):
        raise EngineError(
            "game.table_check_not_applicable",
            "the table check needs classic rules, no announcements, no rounding, failure 162",
        )
    for v in (n_deals, total_a, total_b, belotes or 0, capots or 0):
        if type(v) is not int or v < 0:
            raise EngineError("game.invalid_totals", "counts and totals must be ints >= 0")
    bonus = rules.capot_value - 162
    actual = total_a + total_b
    base = n_deals * 162
    diff0 = actual - base
    max_bel = 4 * n_deals
    bel_opts = [belotes] if belotes is not None else list(range(0, max_bel + 1))
    cap_opts = [capots] if capots is not None else list(range(0, n_deals + 1))
    # Counts that explain the totals exactly: prefer the fewest capots, then belotes.
    for c in cap_opts:
        for b in bel_opts:
            if 20 * b + bonus * c == diff0 and (bonus or c == 0 or capots is not None):
                return TableCheck(True, actual, actual, 0, b, c, None)
    b0 = belotes if belotes is not None else max(0, min(max_bel, diff0 // 20))
    c0 = capots if capots is not None else 0
    expected = base + 20 * b0 + bonus * c0
    diff = actual - expected
    likely: str
    if diff == -20:
        likely = "belote"
    elif bonus and diff == -bonus:
        likely = "capot"
    elif diff == 20:
        likely = "extra_belote"
    elif bonus and diff == bonus:
        likely = "extra_capot"
    elif diff < 0:
        likely = "litige_reserve"
    else:
        likely = "unknown"
    return TableCheck(False, actual, expected, diff, b0, c0, likely)
