"""Round robin by the circle method (the ``circle`` strategy).

The entrants sorted by id sit on a circle; ``round_number`` selects its rotation. An odd field
adds a phantom: whoever meets it has the bye. The caller passes the same field every round
(the seed is not used); more rounds than the field allows are refused at validation.
"""

from __future__ import annotations

from engine.pairing.bye import bye_assigned
from engine.pairing.cost import Clock, Context
from engine.pairing.model import (
    ByeReason,
    ForcedReason,
    PairingMethod,
    PairingReport,
    PairingRequest,
    PairingResult,
    ReportItem,
    Strategy,
)
from engine.pairing.ranking import number_tables
from engine.pairing.report import club_conflicts, rematches_forced

__all__ = ["circle_round", "max_round_robin_rounds", "round_robin"]


def max_round_robin_rounds(teams: int) -> int:
    """How many rounds a round robin over ``teams`` teams has (odd fields add a bye)."""
    return teams - 1 if teams % 2 == 0 else teams


def circle_round(ids: list[int], round_number: int) -> tuple[list[tuple[int, int]], int | None]:
    """Round ``round_number`` (from 1) of the circle over ``ids`` in the given order.

    Returns the pairs (first of the circle half first) and the team meeting the phantom.
    """
    circle_ids: list[int | None] = [*ids]
    if len(circle_ids) % 2:
        circle_ids.append(None)  # the phantom: whoever meets it has the bye
    n = len(circle_ids)
    shift = (round_number - 1) % (n - 1)
    rest = circle_ids[1:]
    rotated = rest[len(rest) - shift :] + rest[: len(rest) - shift] if shift else rest
    circle = [circle_ids[0], *rotated]
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for i in range(n // 2):
        a, b = circle[i], circle[n - 1 - i]
        if a is None or b is None:
            bye = b if a is None else a
        else:
            pairs.append((a, b))
    return pairs, bye


def round_robin(request: PairingRequest, seed: int, items: list[ReportItem]) -> PairingResult:
    """Pair ``request.round_number`` of the round robin; ``items`` is the report so far."""
    entrants = {e.id: e for e in request.entrants}
    pairs, bye = circle_round(sorted(entrants), request.round_number)
    order = sorted(entrants, key=lambda t: (entrants[t].rank, t))
    pos = {t: i for i, t in enumerate(order)}
    tables = number_tables(pairs, pos)
    if bye is not None:
        byes = request.history.bye_count(bye)
        rank = entrants[bye].rank
        items.append(bye_assigned(bye, rank, byes, ByeReason.ROUND_ROBIN_SCHEDULE, 1))
    items += rematches_forced(request.history, tables, ForcedReason.ROUND_ROBIN_SCHEDULE)
    ctx = Context(
        history=request.history,
        clubs={t: e.club for t, e in entrants.items()},
        avoid_club=request.avoid_same_club,
        size=len(entrants),
        clock=Clock(request.time_budget_s),
    )
    items += club_conflicts(ctx, tables)
    return PairingResult(
        method=PairingMethod.ROUND_ROBIN,
        round_number=request.round_number,
        tables=tables,
        bye=bye,
        seed=seed,
        strategy=Strategy.CIRCLE,
        report=PairingReport(tuple(items)),
    )
