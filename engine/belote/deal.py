"""One deal (donne): what a score sheet records, and its score with a breakdown.

This module is the public entry of deal scoring: ``score_deal(rules, deal, carry_in=0)``
returns a ``DealScore`` (each team's points, the outcome, whether the contract was made, the
litige reserve carried out; ``breakdown`` on demand). The values (``Deal``, ``DealScore``...)
live in ``engine.belote.model`` and the scoring steps in ``engine.belote`` (facts,
announcements, classic, contract, breakdown, general); ``engine.belote.steps.fast`` is the classic
shortcut. Every name that was importable from here still is.
"""

from __future__ import annotations

from engine.belote.model import (
    LABELS,
    Announcement,
    AnnouncementKind,
    BreakdownLine,
    Contract,
    Deal,
    DealKind,
    DealScore,
    Outcome,
    Team,
)
from engine.belote.rules import Ruleset
from engine.belote.steps.fast import fast_classic
from engine.belote.steps.general import score_general

__all__ = [
    "Announcement",
    "AnnouncementKind",
    "BreakdownLine",
    "Contract",
    "Deal",
    "DealKind",
    "DealScore",
    "Outcome",
    "Team",
    "score_deal",
]

_LABELS = LABELS  # the breakdown codes' English labels (the Django side checks its own)


def score_deal(
    rules: Ruleset, deal: Deal, carry_in: int = 0, *, last_deal: bool = False
) -> DealScore:
    """Score one deal under ``rules``.

    ``carry_in`` is the litige reserve pending before the deal. ``last_deal`` says the deal is
    the game's last (for the last-deal litige rule and last-deal-exact rounding). Raises
    ``EngineError`` with a ``deal.*`` code for an impossible deal.
    """
    classic = rules.derived.classic
    if classic is not None:
        fast = fast_classic(classic, rules, deal, carry_in, last_deal)
        if fast is not None:
            return fast
    return score_general(rules, deal, carry_in, last_deal, None)
