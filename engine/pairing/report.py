"""The "why" report of a pairing: what each table avoided, forced or moved away.

Given the outcome of the search, it lists the natural tables (consecutive pairs of the order)
that were broken to avoid a rematch or a same-club table, the rematches and club conflicts
left and why, the tables paired away from ranking neighbours, and the greedy fallback. Items
are :class:`~engine.pairing.model.ReportItem` values: a code and params, never sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.pairing.cost import Context
from engine.pairing.model import (
    Entrant,
    ForcedReason,
    History,
    PairingMethod,
    ReportCode,
    ReportItem,
    Strategy,
    TablePairing,
)
from engine.pairing.zones import Outcome

__all__ = ["club_conflicts", "explain", "rematches_forced"]


def explain(
    ctx: Context,
    method: PairingMethod,
    outcome: Outcome,
    tables: Sequence[TablePairing],
    entrants: dict[int, Entrant],
) -> list[ReportItem]:
    """Every table-level item of a ranking or random pairing, in report order."""
    items = _natural_tables_broken(ctx, outcome.reduced, tables)
    reason = ForcedReason.NO_REMATCH_FREE_PAIRING if outcome.proven else ForcedReason.TIME_BUDGET
    items += rematches_forced(ctx.history, tables, reason)
    items += club_conflicts(ctx, tables)
    if method is PairingMethod.RANKING:
        items += _paired_away(outcome.reduced, tables, entrants)
    if ctx.greedy_teams:
        items.append(
            ReportItem(
                ReportCode.FALLBACK_USED,
                {
                    "strategy": Strategy.GREEDY.value,
                    "reason": "time_budget",
                    "teams": ctx.greedy_teams,
                    "budget_ms": round(ctx.clock.budget_s * 1000),
                },
            )
        )
    return items


def _natural_tables_broken(
    ctx: Context, reduced: Sequence[int], tables: Sequence[TablePairing]
) -> list[ReportItem]:
    """``rematch_avoided`` / ``club_conflict_avoided`` for each natural table not played."""
    history = ctx.history
    items: list[ReportItem] = []
    played = {frozenset((t.a, t.b)) for t in tables}
    for k in range(len(reduced) // 2):
        a, b = reduced[2 * k], reduced[2 * k + 1]
        if frozenset((a, b)) in played:
            continue
        if history.meetings(a, b):
            items.append(
                ReportItem(
                    ReportCode.REMATCH_AVOIDED,
                    {"team_a": a, "team_b": b, "meetings": history.meetings(a, b)},
                )
            )
        elif ctx.avoid_club and ctx.same_club(a, b):
            items.append(
                ReportItem(
                    ReportCode.CLUB_CONFLICT_AVOIDED,
                    {"team_a": a, "team_b": b, "club": ctx.clubs[a]},
                )
            )
    return items


def rematches_forced(
    history: History, tables: Sequence[TablePairing], reason: ForcedReason
) -> list[ReportItem]:
    """One ``rematch_forced`` item per table whose teams have already met."""
    items: list[ReportItem] = []
    for t in tables:
        meetings = history.meetings(t.a, t.b)
        if meetings:
            items.append(
                ReportItem(
                    ReportCode.REMATCH_FORCED,
                    {
                        "table": t.table_number,
                        "team_a": t.a,
                        "team_b": t.b,
                        "meetings": meetings,
                        "reason": reason.value,
                    },
                )
            )
    return items


def club_conflicts(ctx: Context, tables: Sequence[TablePairing]) -> list[ReportItem]:
    """One ``club_conflict`` item per same-club table (whether avoidance was on or not)."""
    return [
        ReportItem(
            ReportCode.CLUB_CONFLICT,
            {
                "table": t.table_number,
                "team_a": t.a,
                "team_b": t.b,
                "club": ctx.clubs[t.a],
                "avoidance": ctx.avoid_club,
            },
        )
        for t in tables
        if ctx.same_club(t.a, t.b)
    ]


def _paired_away(
    reduced: Sequence[int], tables: Sequence[TablePairing], entrants: dict[int, Entrant]
) -> list[ReportItem]:
    """``paired_away`` for each table that is not two ranking neighbours (gap in the order)."""
    position = {t: i for i, t in enumerate(reduced)}
    items: list[ReportItem] = []
    for t in tables:
        pa, pb = position[t.a], position[t.b]
        if not (pa % 2 == 0 and pb == pa + 1):
            items.append(
                ReportItem(
                    ReportCode.PAIRED_AWAY,
                    {
                        "table": t.table_number,
                        "team_a": t.a,
                        "team_b": t.b,
                        "rank_a": entrants[t.a].rank,
                        "rank_b": entrants[t.b].rank,
                        "gap": pb - pa,
                    },
                )
            )
    return items
