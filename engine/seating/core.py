"""Seating one partie: choosing the solver, securing the partner goal, numbering the tables.

What this module owns
---------------------
:func:`seat_partie`, the one entry point. It validates the request (:mod:`.field`), builds
the tiered costs (:mod:`.costs`), and picks the solver:

1. the 8-player plan (:func:`.plan.plan_eight`) while 8 belote players play unchanged;
2. every seating compared (:func:`.plan.exhaustive`) when the field is that small;
3. otherwise the tabu search (:func:`.search.search`), with a budget of steps.

Then, for belote, if the seating still has a repeated partner, the exact minimum is computed
by a matching (:mod:`.partners`); when the search missed it, the search is run again from the
matching's seating, and the matching's seating itself is kept if the search still misses it.
So a repeated partner is only ever left when it is unavoidable (with the fair exemptions).
"""

from __future__ import annotations

import random

from engine.seating.costs import Matrices, matrices, seating_terms
from engine.seating.field import Field, prepare
from engine.seating.fresh import fresh_applies, fresh_plan, horizon
from engine.seating.model import (
    ParamValue,
    ReportCode,
    ReportItem,
    SeatingRequest,
    SeatingResult,
    Strategy,
    Table,
)
from engine.seating.partners import fewest_partner_seating
from engine.seating.plan import exhaustive, plan_applies, plan_eight
from engine.seating.report import build_report
from engine.seating.search import EVALS_PER_EFFORT, Layout, Seating, search

__all__ = ["seat_partie"]


def seat_partie(request: SeatingRequest) -> SeatingResult:
    """Seat one partie; raise :class:`engine.seating.SeatingError` for impossible input."""
    field = prepare(request)
    rng = random.Random(field.seed)
    m = matrices(field)
    seating, strategy, notes = _solve(field, m, rng)
    fewest: int | None = 0
    if field.partnered:
        seating, fewest = _secure_partners(field, m, rng, seating)
    tables, seating = _number(field, seating, rng)
    report = build_report(field, m, seating, strategy, notes, fewest)
    return SeatingResult(
        game=field.game,
        partie=field.partie,
        tables=tables,
        exempt=tuple(sorted(field.ids[x] for x in seating.exempt)),
        seed=field.seed,
        strategy=strategy,
        report=report,
    )


def _layout(field: Field) -> Layout:
    required = set(field.required_exempt)
    players = tuple(x for x in range(field.n) if x not in required)
    return Layout(field.sizes, players, field.pool, field.free_exempt)


def _ranked(field: Field, lay: Layout) -> list[int] | None:
    places = field.rank_place
    return None if places is None else sorted(lay.players, key=lambda x: places[x])


def _with_required(field: Field, seating: Seating) -> Seating:
    return Seating(seating.tables, tuple(sorted((*field.required_exempt, *seating.exempt))))


def _solve(
    field: Field, m: Matrices, rng: random.Random
) -> tuple[Seating, Strategy, list[ReportItem]]:
    notes: list[ReportItem] = []
    if plan_applies(field):
        planned = plan_eight(field, m, rng)
        if planned is not None:
            return planned, Strategy.PLAN, notes
        notes.append(ReportItem(ReportCode.PLAN_ABANDONED, {"reason": "history_off_bound"}))
    compared = exhaustive(field, m, rng)
    if compared is not None:
        return compared, Strategy.EXHAUSTIVE, notes
    lay = _layout(field)
    budget = EVALS_PER_EFFORT * field.options.effort
    found = search(m, lay, rng, budget, ranked=_ranked(field, lay))
    found = _with_required(field, found)
    if fresh_applies(field):
        planned = fresh_plan(field, rng, found)
        if planned is None:
            notes.append(ReportItem(ReportCode.PLAN_ABANDONED, {"reason": "no_schedule_found"}))
        else:
            kept = planned is found
            params: dict[str, ParamValue] = {"horizon": horizon(field), "kept_search": kept}
            notes.append(ReportItem(ReportCode.LOOKAHEAD, params))
            return planned, Strategy.SEARCH if kept else Strategy.PLAN, notes
    return found, Strategy.SEARCH, notes


def _repeated_partners(field: Field, m: Matrices, seating: Seating) -> int:
    return len(seating_terms(field, m, seating.tables).partners)


def _secure_partners(
    field: Field, m: Matrices, rng: random.Random, seating: Seating
) -> tuple[Seating, int | None]:
    """The seating, with no more repeated partners than the proven minimum (returned too).

    The minimum is ``None`` when the field is too large for the exact check and the seating
    still has a repeated partner (then it is not proven unavoidable).
    """
    have = _repeated_partners(field, m, seating)
    if have == 0:
        return seating, 0
    exact = fewest_partner_seating(field, rng)
    if exact is None:
        return seating, None
    fewest, start = exact
    if have <= fewest:
        return seating, fewest
    lay = _layout(field)
    budget = EVALS_PER_EFFORT * field.options.effort
    again = _with_required(field, search(m, lay, rng, budget, start=start))
    if _repeated_partners(field, m, again) <= fewest:
        return again, fewest
    return _with_required(field, start), fewest


def _number(
    field: Field, seating: Seating, rng: random.Random
) -> tuple[tuple[Table, ...], Seating]:
    """Tables in id space, and the seating in table order (leaders on table 1 with the
    ranking option, else a seeded order)."""
    ids = field.ids
    order = list(seating.tables)
    places = field.rank_place
    if places is None:
        rng.shuffle(order)
    else:
        order.sort(key=lambda t: sorted(places[x] for x in t))
    tables: list[Table] = []
    for number, table in enumerate(order, start=1):
        if field.partnered:
            pairs = sorted(tuple(sorted((ids[table[i]], ids[table[i + 1]]))) for i in (0, 2))
            a, b = pairs
            tables.append(Table(number, (*a, *b), ((a[0], a[1]), (b[0], b[1]))))
        else:
            tables.append(Table(number, tuple(sorted(ids[x] for x in table))))
    return tuple(tables), Seating(tuple(order), seating.exempt)
