"""The seating's plain values: what the app layer passes in and what it gets back.

What this module owns
---------------------
The input dataclasses (:class:`Player`, :class:`Table`, :class:`PastPartie`,
:class:`SeatingOptions`, :class:`SeatingRequest`), the output ones (:class:`SeatingResult`
with its "why" report: :class:`SeatingReport`, :class:`ConstraintCheck`, :class:`CostTerms`,
:class:`ReportItem`), their enumerations, and :class:`SeatingError` with the ``seating.*``
codes (listed in :mod:`engine.errors`). No computation lives here beyond small accessors.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from engine.errors import EngineError, codes_with_prefix

__all__ = [
    "SEATING_ERROR_CODES",
    "Constraint",
    "ConstraintCheck",
    "CostTerms",
    "Game",
    "ParamValue",
    "PastPartie",
    "Player",
    "ReportCode",
    "ReportItem",
    "SeatingError",
    "SeatingOptions",
    "SeatingReport",
    "SeatingRequest",
    "SeatingResult",
    "Strategy",
    "Table",
    "Verdict",
]

# The codes live in engine.errors (the one list of every engine code); this is their view.
SEATING_ERROR_CODES: Final[tuple[str, ...]] = codes_with_prefix("seating.")


class SeatingError(EngineError):
    """A seating request the engine refuses; ``code`` is one of :data:`SEATING_ERROR_CODES`."""

    def __init__(self, code: str, **params: Any) -> None:
        if code not in SEATING_ERROR_CODES:  # a programming error, not a user error
            raise ValueError(f"unregistered seating error code: {code}")
        super().__init__(code, params=params)


class Game(StrEnum):
    """Belote mêlée: tables of four as two pairs. Tarot: tables of four or five, no partners."""

    BELOTE = "belote"
    TAROT = "tarot"


class Strategy(StrEnum):
    """How the tables were found (see :mod:`engine.seating`)."""

    PLAN = "plan"  # taken from a schedule searched ahead (small full belote fields)
    SEARCH = "search"  # tabu local search on the tiered costs, round by round
    EXHAUSTIVE = "exhaustive"  # a field so small that every seating was compared


class Constraint(StrEnum):
    NO_REPEATED_PARTNER = "no_repeated_partner"
    NO_REPEATED_OPPONENT = "no_repeated_opponent"
    NO_REPEATED_MEETING = "no_repeated_meeting"
    FAIR_EXEMPTION = "fair_exemption"


class Verdict(StrEnum):
    """Why a constraint is in the state it is."""

    HELD = "held"
    UNAVOIDABLE = "unavoidable"  # the violations equal a proven lower bound for this partie
    NOT_FOUND = "not_found"  # the search stopped above the proven bound (not proven optimal)
    NOT_APPLICABLE = "not_applicable"  # tarot has no partners


class ReportCode(StrEnum):
    SEED = "seed"
    STRATEGY = "strategy"
    EXEMPT = "exempt"
    LATE_ARRIVAL = "late_arrival"
    DEPARTURE = "departure"
    REPEATED_PARTNER = "repeated_partner"
    REPEATED_OPPONENT = "repeated_opponent"
    REPEATED_MEETING = "repeated_meeting"
    PLAN_ABANDONED = "plan_abandoned"
    LOOKAHEAD = "lookahead"  # the partie starts a repeat-free schedule up to ``horizon``


# --------------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    """A player present for the partie; ``score`` (higher is better) feeds the ranking option."""

    id: int
    score: float | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """One table. Belote: ``players`` is ``(a, b, c, d)`` and ``pairs`` ``((a, b), (c, d))``.

    Tarot: ``pairs`` is empty and ``players`` holds the four or five players.
    """

    number: int
    players: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...] = ()

    def partners(self) -> Iterator[tuple[int, int]]:
        """The partner pairs (belote only), each ``(low, high)``."""
        for a, b in self.pairs:
            yield (a, b) if a < b else (b, a)

    def opponents(self) -> Iterator[tuple[int, int]]:
        """Every two players facing each other: across the pairs, or everyone at tarot."""
        if self.pairs:
            (a, b), (c, d) = self.pairs
            for x in (a, b):
                for y in (c, d):
                    yield (x, y) if x < y else (y, x)
        else:
            yield from self.meetings()

    def meetings(self) -> Iterator[tuple[int, int]]:
        """Every two players at this table, in any role, each ``(low, high)``."""
        ps = self.players
        for i, x in enumerate(ps):
            for y in ps[i + 1 :]:
                yield (x, y) if x < y else (y, x)


@dataclass(frozen=True, slots=True)
class PastPartie:
    """A partie already played: its tables and who sat out (``exempt``)."""

    number: int
    tables: tuple[Table, ...]
    exempt: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatingOptions:
    """How to seat.

    ``similar_ranking``: players of close scores meet (after every repetition goal).
    ``planned_parties``: how many parties the contest will have, if known (the 8-player plan
    looks that far ahead; default: as far as repeated partners can be avoided).
    ``effort``: a whole multiplier (1-20) of the search's step budget; the budget counts steps,
    never seconds, so that the same inputs and seed always give the same tables.
    """

    similar_ranking: bool = False
    planned_parties: int | None = None
    effort: int = 1


@dataclass(frozen=True, slots=True)
class SeatingRequest:
    """Everything :func:`engine.seating.seat_partie` needs.

    ``players`` are the players present for this partie. ``departed`` are the contest's other
    players (gone or absent today): they may appear in ``history``, unlike unknown ids.
    ``partie`` defaults to ``len(history) + 1``. ``seed`` ``None`` draws one (returned).
    """

    players: tuple[Player, ...]
    game: Game | str = Game.BELOTE
    history: tuple[PastPartie, ...] = ()
    partie: int | None = None
    seed: int | None = None
    options: SeatingOptions = field(default_factory=SeatingOptions)
    departed: tuple[int, ...] = ()


# --------------------------------------------------------------------------------------------
# Outputs
# --------------------------------------------------------------------------------------------

ParamValue = int | str | bool | None | tuple[int, ...]


@dataclass(frozen=True)
class ReportItem:
    """One fact of the "why" report: a stable ``code`` and its ``params`` (no sentences)."""

    code: ReportCode
    params: dict[str, ParamValue] = field(default_factory=dict, hash=False)

    def describe(self) -> str:
        """An English line for developers (users get the French translation of ``code``)."""
        args = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.code.value}: {args}"


@dataclass(frozen=True, slots=True)
class ConstraintCheck:
    """One goal for this partie.

    ``violations``: pairs (or exempt players) breaking it in these tables; ``minimum``: the
    proven lower bound for this partie given the field and history (partners: exact, by a
    matching; opponents and meetings: from each player's fresh opponents; exemptions: 0).
    """

    constraint: Constraint
    held: bool
    verdict: Verdict
    violations: int
    minimum: int


@dataclass(frozen=True, slots=True)
class CostTerms:
    """This partie's cost terms, one per tier, and the weighted objective the search minimised.

    ``repeated_*``: pairs of this partie who had already been partners / opponents / at one
    table. ``ranking_gap``: the sum over tables of the widest gap in ranking places (0 when the
    option is off).
    """

    repeated_partners: int
    repeated_opponents: int
    repeated_meetings: int
    ranking_gap: int
    weighted_total: int


@dataclass(frozen=True)
class SeatingReport:
    items: tuple[ReportItem, ...]
    constraints: tuple[ConstraintCheck, ...]
    costs: CostTerms

    def of(self, code: ReportCode | str) -> tuple[ReportItem, ...]:
        """The items with this code, in report order."""
        return tuple(item for item in self.items if item.code == code)

    def check(self, constraint: Constraint | str) -> ConstraintCheck:
        return next(c for c in self.constraints if c.constraint == constraint)

    def describe(self) -> str:
        lines = [item.describe() for item in self.items]
        lines += [
            f"{c.constraint.value}: {c.verdict.value} ({c.violations} vs minimum {c.minimum})"
            for c in self.constraints
        ]
        return "\n".join(lines)


@dataclass(frozen=True)
class SeatingResult:
    game: Game
    partie: int
    tables: tuple[Table, ...]
    exempt: tuple[int, ...]
    seed: int
    strategy: Strategy
    report: SeatingReport

    def as_past(self) -> PastPartie:
        """This partie as a history entry for the next one."""
        return PastPartie(self.partie, self.tables, self.exempt)
