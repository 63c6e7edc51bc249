"""Who sits out (the bye, "exempt") when the field is odd, and its report item.

The bye goes to the lowest-ranked team that has not had one; if every team has had one, to the
lowest-ranked among those with the fewest byes. Only teams with the fewest byes are ever
eligible, so nobody gets a second bye while an active team has none. In a random draw the order
is drawn, so the bye is drawn by lot among the eligible teams. The search (:mod:`.zones`) moves
the bye up to another eligible team only when that avoids a rematch (``passed_over``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.pairing.model import (
    ByeReason,
    History,
    PairingMethod,
    ParamValue,
    ReportCode,
    ReportItem,
)

__all__ = ["bye_assigned", "bye_preference", "bye_reason"]


def bye_preference(order: Sequence[int], history: History) -> tuple[list[int], int]:
    """The teams eligible for the bye, last in the order first, and their bye count."""
    fewest = min(history.bye_count(t) for t in order)
    return [t for t in reversed(order) if history.bye_count(t) == fewest], fewest


def bye_reason(method: PairingMethod, fewest: int) -> ByeReason:
    if method is PairingMethod.RANDOM:
        return ByeReason.DRAWN_BY_LOT
    if fewest == 0:
        return ByeReason.LOWEST_RANKED_WITHOUT_BYE
    return ByeReason.LOWEST_RANKED_FEWEST_BYES


def bye_assigned(
    team: int,
    rank: int,
    byes_before: int,
    reason: ByeReason,
    eligible: int,
    passed_over: tuple[int, ...] = (),
) -> ReportItem:
    """The ``bye_assigned`` item (``passed_over``: teams preferred by the rule but skipped)."""
    params: dict[str, ParamValue] = {
        "team": team,
        "rank": rank,
        "byes_before": byes_before,
        "reason": reason.value,
        "eligible": eligible,
        "passed_over": passed_over,
    }
    return ReportItem(ReportCode.BYE_ASSIGNED, params)
