"""The "why" report of a seating: facts, the goals checked against proven bounds, the costs.

What this module owns
---------------------
Turning a finished seating (indices) into :class:`SeatingReport`: the seed and solver, late
arrivals and departures, who sits out and why, every repeated pair (with how often it met
before), one :class:`ConstraintCheck` per goal, and the :class:`CostTerms`. A goal that is not
met is ``unavoidable`` when its violations equal a proven lower bound for this partie (exact for
partners, by a matching; for opponents and meetings, each player's shortage of new faces),
else ``not_found`` (the search stopped above the bound: not proven optimal).
"""

from __future__ import annotations

from collections import Counter

from engine.seating.costs import Matrices, Terms, fresh_bound, seating_terms
from engine.seating.field import Field
from engine.seating.model import (
    Constraint,
    ConstraintCheck,
    CostTerms,
    ParamValue,
    ReportCode,
    ReportItem,
    SeatingReport,
    Strategy,
    Verdict,
)
from engine.seating.search import Seating

__all__ = ["build_report"]


def build_report(
    field: Field,
    m: Matrices,
    seating: Seating,
    strategy: Strategy,
    notes: list[ReportItem],
    fewest_partners: int | None,
) -> SeatingReport:
    terms = seating_terms(field, m, seating.tables)
    items = [
        ReportItem(ReportCode.SEED, {"seed": field.seed, "game": field.game.value}),
        ReportItem(ReportCode.STRATEGY, {"strategy": strategy.value}),
        *notes,
        *(ReportItem(ReportCode.LATE_ARRIVAL, {"player": pid}) for pid in field.late),
        *(ReportItem(ReportCode.DEPARTURE, {"player": pid}) for pid in field.departed_last),
        *_exempt_items(field, seating),
        *_repeat_items(field, seating, terms),
    ]
    constraints = (
        _partner_check(field, terms, fewest_partners),
        _opponent_check(field, seating, terms),
        _meeting_check(field, seating, terms),
        _exemption_check(field, seating),
    )
    costs = CostTerms(
        repeated_partners=len(terms.partners),
        repeated_opponents=len(terms.opponents),
        repeated_meetings=len(terms.meetings),
        ranking_gap=terms.ranking_gap,
        weighted_total=terms.weighted,
    )
    return SeatingReport(tuple(items), constraints, costs)


def _exempt_items(field: Field, seating: Seating) -> list[ReportItem]:
    required = set(field.required_exempt)
    items = []
    for x in seating.exempt:
        reason = "fewest_exemptions" if x in required else "drawn_among_fewest"
        params: dict[str, ParamValue] = {
            "player": field.ids[x],
            "exempts_before": field.exempts_before[x],
            "reason": reason,
            "eligible": len(field.pool) if x not in required else len(required),
        }
        items.append(ReportItem(ReportCode.EXEMPT, params))
    return items


def _repeat_items(field: Field, seating: Seating, terms: Terms) -> list[ReportItem]:
    table_of = {x: t for t, table in enumerate(seating.tables) for x in table}
    items = []
    listed: set[tuple[int, int]] = set()
    kinds = [
        (ReportCode.REPEATED_PARTNER, terms.partners, field.partner),
        (ReportCode.REPEATED_OPPONENT, terms.opponents, field.opponent),
        (ReportCode.REPEATED_MEETING, terms.meetings, field.meeting),
    ]
    if not field.partnered:  # at tarot, opponents are the meetings: list them once
        kinds = kinds[2:]
    for code, pairs, before in kinds:
        for a, b in pairs:
            if (a, b) in listed:
                continue  # a repeated partner or opponent is also a repeated meeting
            listed.add((a, b))
            params: dict[str, ParamValue] = {
                "table": table_of[a] + 1,
                "player_a": field.ids[a],
                "player_b": field.ids[b],
                "times_before": before[(a, b)],
            }
            items.append(ReportItem(code, params))
    return items


def _check(constraint: Constraint, violations: int, minimum: int | None) -> ConstraintCheck:
    if violations == 0:
        return ConstraintCheck(constraint, True, Verdict.HELD, 0, 0)
    bound = 0 if minimum is None else minimum
    verdict = Verdict.UNAVOIDABLE if violations <= bound else Verdict.NOT_FOUND
    return ConstraintCheck(constraint, False, verdict, violations, bound)


def _not_applicable(constraint: Constraint) -> ConstraintCheck:
    return ConstraintCheck(constraint, True, Verdict.NOT_APPLICABLE, 0, 0)


def _partner_check(field: Field, terms: Terms, fewest: int | None) -> ConstraintCheck:
    if not field.partnered:
        return _not_applicable(Constraint.NO_REPEATED_PARTNER)
    return _check(Constraint.NO_REPEATED_PARTNER, len(terms.partners), fewest)


def _seated(seating: Seating) -> list[int]:
    return [x for t in seating.tables for x in t]


def _opponent_check(field: Field, seating: Seating, terms: Terms) -> ConstraintCheck:
    if not field.partnered:
        return _not_applicable(Constraint.NO_REPEATED_OPPONENT)
    violations = len(terms.opponents)
    if not violations:
        return _check(Constraint.NO_REPEATED_OPPONENT, 0, 0)
    seated = _seated(seating)
    bound = fresh_bound(seated, dict.fromkeys(seated, 2), field.opponent)
    return _check(Constraint.NO_REPEATED_OPPONENT, violations, bound)


def _meeting_check(field: Field, seating: Seating, terms: Terms) -> ConstraintCheck:
    violations = len(terms.meetings)
    if not violations:
        return _check(Constraint.NO_REPEATED_MEETING, 0, 0)
    needs = {x: len(t) - 1 for t in seating.tables for x in t}
    bound = fresh_bound(_seated(seating), needs, field.meeting)
    return _check(Constraint.NO_REPEATED_MEETING, violations, bound)


def _exemption_check(field: Field, seating: Seating) -> ConstraintCheck:
    """Nobody sits out while a seated player has sat out fewer times."""
    if not seating.exempt:
        return _check(Constraint.FAIR_EXEMPTION, 0, 0)
    counts = Counter(field.exempts_before[x] for x in _seated(seating))
    lowest_seated = min(counts) if counts else 0
    unfair = sum(1 for x in seating.exempt if field.exempts_before[x] > lowest_seated)
    return _check(Constraint.FAIR_EXEMPTION, unfair, 0)
