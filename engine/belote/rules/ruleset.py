"""``Ruleset``: one frozen, JSON-serialisable value holding every option of a contest.

This module owns the ``Ruleset`` dataclass (defaults: FFB 2016 classic), its validation when
it is built (so scoring never re-checks it) and the numbers derived once per ruleset for the
scoring code (``derived``: failure base, allowed bids, the classic fast path's options).
The option descriptions live in ``spec``, JSON in ``json``, presets in ``presets``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.belote.errors import EngineError
from engine.belote.rules.options import (
    BeloteOnFailure,
    BidRange,
    CapotTest,
    ContractRule,
    DefenseCapot,
    FailedDefenseExtras,
    FailedPoints,
    GeneraleScoring,
    LitigeLastDeal,
    LitigeReserveTo,
    Rounding,
    RuleOptions,
    TieRule,
    Variant,
)
from engine.belote.rules.spec import SPECS, coerce, jsonable

__all__ = ["ClassicFast", "Ruleset"]


@dataclass(frozen=True, slots=True)
class _Derived:
    """Numbers computed once per ruleset so that scoring a deal reads slots, not options."""

    auction: bool
    allowed_bids: frozenset[int]
    bid_min: int
    failure_base: int
    failure_adds_contract: bool
    fast_classic: bool  # the deal module's fast path applies (classic, no rounding...)
    # The fast path's options as plain values, None when it does not apply (see _classic).
    classic: ClassicFast | None


# The classic options the deal module's fast path reads, in this order: capot value; the
# contract needs >= 82 card points; belote counts toward the contract; the contract test on
# equal totals (1 made, -1 failed, 0 litige); belote never scored; the failing taker keeps
# its belote; the failing taker's belote goes to the defense; what a defense that took all
# tricks scores; the failure base; the defense adds its belote on a failure; the next deal's
# winner collects a litige reserve; a last-deal litige is split (each team its own points).
ClassicFast = tuple[int, bool, bool, int, bool, bool, bool, int, int, bool, bool, bool]


def _bids(bid_range: BidRange) -> tuple[int, frozenset[int]]:
    low, high = (int(x) for x in bid_range.value.split("_"))
    bids = {low}
    # After a minimum of 82, the next bids are 90, 100...: bids go up by tens.
    bids.update(range((low // 10 + 1) * 10, high + 1, 10))
    return low, frozenset(bids)


@dataclass(frozen=True, slots=True)
class Ruleset(RuleOptions):
    """Every scoring option of a contest. Defaults are the FFB 2016 classic rules.

    Build one with ``make_ruleset(preset, **overrides)`` or ``ruleset_from_json``; an invalid
    value raises ``EngineError('rules.invalid_value')``.
    """

    derived: _Derived = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        for name, spec in SPECS.items():
            spec.check(getattr(self, name))
        low, bids = _bids(self.bid_range)
        auction = self.variant is not Variant.CLASSIC
        base = {
            FailedPoints.P162: 162,
            FailedPoints.P160: 160,
            FailedPoints.P162_PLUS_CONTRACT: 162,
            FailedPoints.P160_PLUS_CONTRACT: 160,
            FailedPoints.CONTRACT_ONLY: 0,
        }[self.failed_points]
        adds = self.failed_points in (
            FailedPoints.P162_PLUS_CONTRACT,
            FailedPoints.P160_PLUS_CONTRACT,
            FailedPoints.CONTRACT_ONLY,
        )
        if (self.generale_made is GeneraleScoring.OFF) != (
            self.generale_failed is GeneraleScoring.OFF
        ):
            raise EngineError(
                "rules.inconsistent",
                "generale_made and generale_failed must both be off or both on",
                {"options": ["generale_made", "generale_failed"]},
            )
        if 0 < self.score_cap_winner < self.score_cap_loser:
            raise EngineError(
                "rules.inconsistent",
                "a game's loser cannot be capped higher than its winner",
                {"options": ["score_cap_winner", "score_cap_loser"]},
            )
        fast = (
            not auction
            and self.rounding is Rounding.NONE
            and self.capot_test is CapotTest.ALL_TRICKS
        )
        classic = self._classic(base) if fast else None
        derived = _Derived(auction, bids, low, base, adds, fast, classic)
        object.__setattr__(self, "derived", derived)

    def _classic(self, failure_base: int) -> ClassicFast:
        """The fast path's options as plain values (no enum is compared while scoring)."""
        if self.contract_rule is ContractRule.AT_LEAST_DEFENSE:
            tie = 1
        else:
            tie = {TieRule.TAKER_FAILS: -1, TieRule.TAKER_SUCCEEDS: 1}.get(self.tie_rule, 0)
        bof = self.belote_on_failure
        return (
            self.capot_value,
            self.contract_rule is ContractRule.AT_LEAST_82,
            self.belote_counts_for_contract,
            tie,
            bof is BeloteOnFailure.NEVER_SCORED,
            bof is BeloteOnFailure.KEPT_BY_HOLDER,
            bof is BeloteOnFailure.TO_DEFENSE,
            self.capot_value if self.defense_capot is DefenseCapot.CAPOT_VALUE else failure_base,
            failure_base,
            self.failed_defense_extras is FailedDefenseExtras.OWN_BELOTE_AND_ALL_ANNOUNCEMENTS,
            self.litige_reserve_to is LitigeReserveTo.NEXT_DEAL_WINNER,
            self.litige_last_deal is LitigeLastDeal.EACH_SCORES_OWN,
        )

    # JSON -----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Every option as plain JSON values (enums as strings), in declaration order.

        ``engine.belote.rules.ruleset_from_json`` reverses it.
        """
        return {name: jsonable(getattr(self, name)) for name in SPECS}

    def replace(self, **overrides: object) -> Ruleset:
        """A copy with some options changed (values given as enums or their JSON strings)."""
        values = {name: getattr(self, name) for name in SPECS}
        values.update((name, coerce(name, value)) for name, value in overrides.items())
        return Ruleset(**values)
