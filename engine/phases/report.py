"""The phases' "why" report: stable codes and params, never sentences (as the pairing's).

Every builder of :mod:`engine.phases` returns its facts as :class:`PhaseReportItem` values in a
:class:`PhaseReport`; the app translates each :class:`PhaseReportCode` into French.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

__all__ = ["PhaseParam", "PhaseReport", "PhaseReportCode", "PhaseReportItem"]

PhaseParam = int | str | bool | None | tuple[int, ...]


class PhaseReportCode(StrEnum):
    SEED = "seed"  # seed, what: the draw it drives
    POOL_PLACED = "pool_placed"  # team, pool, position, method, rank (serpentine) or draw
    POOL_BYE = "pool_bye"  # pool, round, team: odd pool, the team sits out
    QUALIFIED = "qualified"  # team, rule, pool, place, seed: why the team goes on
    TIE_DRAWN = "tie_drawn"  # teams, rule: equal on every compared value, ordered by lot
    NOT_QUALIFIED = "not_qualified"  # team, rule, pool, place: the first team left out
    SEEDS_SWAPPED = "seeds_swapped"  # team_a, team_b, reason: two seeds of a block exchanged
    BRACKET_SEEDED = "bracket_seeded"  # team, seed, position
    BRACKET_BYE = "bracket_bye"  # team, seed, round_of: a top seed goes straight on
    REPECHAGE_DRAWN = "repechage_drawn"  # team, order: a loser drawn back into the field
    PLACED = "placed"  # team, place, tier, title


@dataclass(frozen=True)
class PhaseReportItem:
    """One fact: a stable ``code`` and its ``params``."""

    code: PhaseReportCode
    params: dict[str, PhaseParam] = field(default_factory=dict, hash=False)

    def describe(self) -> str:
        """An English line for developers (users get the French translation of ``code``)."""
        args = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.code.value}: {args}"


@dataclass(frozen=True)
class PhaseReport:
    items: tuple[PhaseReportItem, ...] = ()

    def of(self, code: PhaseReportCode | str) -> tuple[PhaseReportItem, ...]:
        """The items with this code, in report order."""
        return tuple(item for item in self.items if item.code == code)

    def codes(self) -> tuple[PhaseReportCode, ...]:
        return tuple(item.code for item in self.items)

    def describe(self) -> str:
        return "\n".join(item.describe() for item in self.items)
