"""The table check: are the two totals of a classic game of N deals possible?

This module owns ``table_check`` and ``TableCheck``: in classic rules without announcements or
rounding, where a failed contract gives 162 to the defense, a game's two totals add up to
N × 162 + 20 per belote + the capot bonus per capot; when they do not, it names the most
likely error. ``engine.belote.game`` re-exports both names.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.belote.errors import EngineError
from engine.belote.rules import Rounding, Ruleset, Variant

__all__ = ["TableCheck", "table_check"]


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
