"""The pairing's plain values: what comes in, what goes out, and the report's vocabulary.

Inputs: :class:`Entrant`, :class:`History`, :class:`PairingRequest`, :class:`EntryRecord`.
Outputs: :class:`PairingResult` with its :class:`TablePairing` tables and its
:class:`PairingReport` of :class:`ReportItem` facts (a stable :class:`ReportCode` and params,
never sentences). No computation beyond indexing the history.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from engine.pairing.errors import PairingError

__all__ = [
    "ByeReason",
    "Entrant",
    "EntryRecord",
    "ForcedReason",
    "History",
    "PairingMethod",
    "PairingReport",
    "PairingRequest",
    "PairingResult",
    "ParamValue",
    "ReportCode",
    "ReportItem",
    "Roster",
    "Strategy",
    "TablePairing",
]

# --------------------------------------------------------------------------------------------
# Enumerations
# --------------------------------------------------------------------------------------------


class PairingMethod(StrEnum):
    RANDOM = "random"
    RANKING = "ranking"
    ROUND_ROBIN = "round_robin"


class Strategy(StrEnum):
    """How the tables were computed (docs/engine.md, "Pairing": exact, zones, greedy, circle)."""

    EXACT = "exact"
    ZONES = "zones"
    GREEDY = "greedy"
    CIRCLE = "circle"


class ReportCode(StrEnum):
    SEED = "seed"
    LATE_ENTRY = "late_entry"
    WITHDRAWAL = "withdrawal"
    RANK_TIE_DRAWN = "rank_tie_drawn"
    BYE_ASSIGNED = "bye_assigned"
    REMATCH_AVOIDED = "rematch_avoided"
    REMATCH_FORCED = "rematch_forced"
    CLUB_CONFLICT_AVOIDED = "club_conflict_avoided"
    CLUB_CONFLICT = "club_conflict"
    PAIRED_AWAY = "paired_away"
    FALLBACK_USED = "fallback_used"


class ByeReason(StrEnum):
    LOWEST_RANKED_WITHOUT_BYE = "lowest_ranked_without_bye"
    LOWEST_RANKED_FEWEST_BYES = "lowest_ranked_fewest_byes"
    DRAWN_BY_LOT = "drawn_by_lot"
    ROUND_ROBIN_SCHEDULE = "round_robin_schedule"


class ForcedReason(StrEnum):
    NO_REMATCH_FREE_PAIRING = "no_rematch_free_pairing"
    ROUND_ROBIN_SCHEDULE = "round_robin_schedule"
    TIME_BUDGET = "time_budget"


# --------------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entrant:
    """A team active in the round. ``rank`` 1 is the leader; equal ranks are allowed."""

    id: int
    rank: int
    club: str | None = None


@dataclass(frozen=True)
class History:
    """What happened before this round: one ``(a, b)`` per game played, one id per bye given.

    Teams that are no longer active may appear. Use :meth:`of` to build it from any iterable of
    pairs (tuples or frozensets) and :meth:`with_round` to add a round's result.
    """

    pairs: tuple[tuple[int, int], ...] = ()
    byes: tuple[int, ...] = ()
    _met: dict[int, Counter[int]] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )
    _bye_counts: Counter[int] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=Counter
    )

    def __post_init__(self) -> None:
        met: dict[int, Counter[int]] = {}
        for a, b in self.pairs:
            if a == b:
                raise PairingError("pairing.invalid_history", team_a=a, team_b=b)
            met.setdefault(a, Counter())[b] += 1
            met.setdefault(b, Counter())[a] += 1
        object.__setattr__(self, "_met", met)
        object.__setattr__(self, "_bye_counts", Counter(self.byes))

    @classmethod
    def of(cls, pairs: Iterable[Iterable[int]] = (), byes: Iterable[int] = ()) -> History:
        """Build a history from pairs given as tuples, lists or frozensets."""
        normalised: list[tuple[int, int]] = []
        for pair in pairs:
            members = tuple(pair)
            if len(members) != 2:
                a = members[0] if members else 0
                raise PairingError("pairing.invalid_history", team_a=a, team_b=a)
            a, b = members
            normalised.append((a, b) if a < b else (b, a))
        return cls(pairs=tuple(normalised), byes=tuple(byes))

    def meetings(self, a: int, b: int) -> int:
        """How many times ``a`` and ``b`` have already met."""
        opponents = self._met.get(a)
        return opponents[b] if opponents is not None else 0

    def most_meetings(self) -> int:
        """The most times any two teams have met (0 for an empty history)."""
        return max((c for opp in self._met.values() for c in opp.values()), default=0)

    def bye_count(self, team: int) -> int:
        return self._bye_counts.get(team, 0)

    def opponents(self, team: int) -> frozenset[int]:
        return frozenset(self._met.get(team, ()))

    def with_round(self, result: PairingResult) -> History:
        """This history plus the tables and the bye of ``result``."""
        added = tuple((t.a, t.b) if t.a < t.b else (t.b, t.a) for t in result.tables)
        byes = (*self.byes, result.bye) if result.bye is not None else self.byes
        return History(pairs=self.pairs + added, byes=byes)


@dataclass(frozen=True)
class PairingRequest:
    """Everything :func:`pair_round` needs.

    ``entrants`` are the teams active in the round (late entries included, withdrawn teams
    left out); ``late_entries`` and ``withdrawals`` only feed the report (see
    :func:`active_entrants`). ``total_rounds`` (round robin) is the number of rounds the
    contest will have, checked against what the field allows. ``time_budget_s`` bounds the
    computation (see the module docstring).
    """

    method: PairingMethod | str
    entrants: tuple[Entrant, ...]
    round_number: int = 1
    history: History = field(default_factory=History)
    seed: int | None = None
    avoid_same_club: bool = False
    time_budget_s: float = 2.0
    total_rounds: int | None = None
    late_entries: tuple[int, ...] = ()
    withdrawals: tuple[int, ...] = ()


# --------------------------------------------------------------------------------------------
# Outputs
# --------------------------------------------------------------------------------------------

ParamValue = int | str | bool | None | tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TablePairing:
    """One table: ``a`` is the better placed team (ranking order, or drawn order)."""

    table_number: int
    a: int
    b: int


@dataclass(frozen=True)
class ReportItem:
    """One fact of the "why" report: a stable ``code`` and its ``params`` (no sentences)."""

    code: ReportCode
    params: dict[str, ParamValue] = field(default_factory=dict, hash=False)

    def describe(self) -> str:
        """An English line for developers (users get the French translation of ``code``)."""
        p = self.params
        match self.code:
            case ReportCode.SEED:
                return f"seed {p['seed']} ({p['method']})"
            case ReportCode.BYE_ASSIGNED:
                text = f"bye: team {p['team']} (rank {p['rank']}, {p['reason']}"
                text += f", {p['byes_before']} bye(s) before, {p['eligible']} eligible)"
                if p["passed_over"]:
                    text += f"; passed over {p['passed_over']} to avoid a rematch"
                return text
            case ReportCode.REMATCH_AVOIDED:
                return f"rematch avoided: {p['team_a']} v {p['team_b']} (met {p['meetings']}x)"
            case ReportCode.REMATCH_FORCED:
                return (
                    f"rematch forced on table {p['table']}: {p['team_a']} v {p['team_b']}"
                    f" (met {p['meetings']}x; {p['reason']})"
                )
            case ReportCode.PAIRED_AWAY:
                return (
                    f"table {p['table']}: {p['team_a']} (rank {p['rank_a']}) v {p['team_b']}"
                    f" (rank {p['rank_b']}), {p['gap']} places apart"
                )
            case _:
                args = ", ".join(f"{k}={v}" for k, v in p.items())
                return f"{self.code.value}: {args}"


@dataclass(frozen=True)
class PairingReport:
    items: tuple[ReportItem, ...] = ()

    def of(self, code: ReportCode | str) -> tuple[ReportItem, ...]:
        """The items with this code, in report order."""
        return tuple(item for item in self.items if item.code == code)

    def codes(self) -> tuple[ReportCode, ...]:
        return tuple(item.code for item in self.items)

    def describe(self) -> str:
        return "\n".join(item.describe() for item in self.items)


@dataclass(frozen=True)
class PairingResult:
    method: PairingMethod
    round_number: int
    tables: tuple[TablePairing, ...]
    bye: int | None
    seed: int
    strategy: Strategy
    report: PairingReport

    def opponent(self, team: int) -> int | None:
        """The opponent of ``team`` this round (``None`` for the bye or an absent team)."""
        for t in self.tables:
            if t.a == team:
                return t.b
            if t.b == team:
                return t.a
        return None


@dataclass(frozen=True, slots=True)
class EntryRecord:
    """A team's presence: it plays from ``joined_round`` up to ``withdrawn_after_round``."""

    team: int
    joined_round: int = 1
    withdrawn_after_round: int | None = None


@dataclass(frozen=True, slots=True)
class Roster:
    round_number: int
    active: tuple[int, ...]
    late_entries: tuple[int, ...]
    withdrawals: tuple[int, ...]
