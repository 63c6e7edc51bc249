"""Pairing one round (:func:`pair_round`): checks the request, then runs the method.

Ranking and random pairings place the field in order (:mod:`.ranking`), choose the bye's
candidates (:mod:`.bye`), search the tables (:mod:`.zones`, :mod:`.exact`, :mod:`.greedy` under
the time budget) and explain them (:mod:`.report`); round robin has its own schedule
(:mod:`.round_robin`).
"""

from __future__ import annotations

import math
import random
import secrets

from engine.pairing.bye import bye_assigned, bye_preference, bye_reason
from engine.pairing.cost import Clock, Context
from engine.pairing.errors import PairingError, is_int
from engine.pairing.model import (
    PairingMethod,
    PairingReport,
    PairingRequest,
    PairingResult,
    ReportCode,
    ReportItem,
)
from engine.pairing.ranking import field_order, number_tables
from engine.pairing.report import explain
from engine.pairing.round_robin import max_round_robin_rounds, round_robin
from engine.pairing.zones import pair_ordered

__all__ = ["pair_round"]


def pair_round(request: PairingRequest) -> PairingResult:
    """Pair one round; raise :class:`PairingError` when the request cannot be honoured."""
    clock = Clock(request.time_budget_s)  # started first: validation is inside the budget
    method = _validate(request)
    seed = request.seed if request.seed is not None else secrets.randbits(32)
    entrants = {e.id: e for e in request.entrants}
    items: list[ReportItem] = [ReportItem(ReportCode.SEED, {"seed": seed, "method": method.value})]
    items += [ReportItem(ReportCode.LATE_ENTRY, {"team": t}) for t in request.late_entries]
    items += [ReportItem(ReportCode.WITHDRAWAL, {"team": t}) for t in request.withdrawals]

    if method is PairingMethod.ROUND_ROBIN:
        return round_robin(request, seed, items)

    order, tie_items = field_order(method, entrants, random.Random(seed))
    items += tie_items
    history = request.history
    bye_pref, fewest = bye_preference(order, history)
    ctx = Context(
        history=history,
        clubs={t: entrants[t].club for t in order},
        avoid_club=request.avoid_same_club,
        size=len(order),
        clock=clock,
    )
    outcome = pair_ordered(ctx, order, bye_pref if len(order) % 2 else [])
    pos = {t: i for i, t in enumerate(order)}
    tables = number_tables(outcome.pairs, pos)
    if outcome.bye is not None:
        passed_over = tuple(bye_pref[: bye_pref.index(outcome.bye)])
        items.append(
            bye_assigned(
                outcome.bye,
                entrants[outcome.bye].rank,
                fewest,
                bye_reason(method, fewest),
                len(bye_pref),
                passed_over,
            )
        )
    items += explain(ctx, method, outcome, tables, entrants)
    return PairingResult(
        method=method,
        round_number=request.round_number,
        tables=tables,
        bye=outcome.bye,
        seed=seed,
        strategy=outcome.strategy,
        report=PairingReport(tuple(items)),
    )


def _validate(request: PairingRequest) -> PairingMethod:
    try:
        method = PairingMethod(request.method)
    except ValueError:
        raise PairingError("pairing.unknown_method", method=str(request.method)) from None
    if not is_int(request.round_number) or request.round_number < 1:
        raise PairingError("pairing.invalid_round", round_number=request.round_number)
    budget = request.time_budget_s
    if not isinstance(budget, int | float) or not math.isfinite(budget) or budget <= 0:
        raise PairingError("pairing.invalid_time_budget", time_budget_s=budget)
    seen: set[int] = set()
    for e in request.entrants:
        if e.id in seen:
            raise PairingError("pairing.duplicate_entrant", team=e.id)
        seen.add(e.id)
        if not is_int(e.rank) or e.rank < 1:
            raise PairingError("pairing.invalid_rank", team=e.id, rank=e.rank)
    if len(seen) < 2:
        raise PairingError("pairing.not_enough_teams", count=len(seen), minimum=2)
    for team in request.late_entries:
        if team not in seen:
            raise PairingError("pairing.inconsistent_roster", team=team, reason="late_not_active")
    for team in request.withdrawals:
        if team in seen:
            raise PairingError("pairing.inconsistent_roster", team=team, reason="withdrawn_active")
    if method is PairingMethod.ROUND_ROBIN:
        most = max_round_robin_rounds(len(seen))
        total = request.total_rounds
        if total is not None and (not is_int(total) or total < 1):
            raise PairingError("pairing.invalid_round", round_number=total)
        limit = most if total is None else total
        if (total is not None and total > most) or request.round_number > limit:
            raise PairingError(
                "pairing.too_many_rounds",
                round_number=max(request.round_number, total or 0),
                max_rounds=most,
                teams=len(seen),
            )
    return method
