"""The general scoring path: every deal, every option, with or without a breakdown.

This module owns the order of the named steps that score a deal: void and penalty deals
(``score_other``); for a played deal, ``facts.read_facts`` (validation), then the variant's
step (``classic.score_classic`` or ``contract.score_contract``), then ``breakdown`` (final
rounding, totals, and the breakdown lines in "explain" mode). ``engine.belote.steps.fast`` is a shortcut
for the common classic deal that must always give what this path gives.
"""

from __future__ import annotations

from engine.belote.model import BreakdownLine, Deal, DealScore
from engine.belote.rules import Ruleset
from engine.belote.steps.breakdown import explain, totals
from engine.belote.steps.classic import score_classic
from engine.belote.steps.common import (
    _A,
    _B,
    _CONTRACT_CAPOT,
    _CONTRACT_GENERALE,
    _DEAL_KIND_VOID,
    _OUTCOME_PENALTY,
    _OUTCOME_VOID,
    _PLAYED,
    err,
    make,
)
from engine.belote.steps.contract import score_contract
from engine.belote.steps.facts import read_facts

__all__ = ["score_general", "score_other"]


def score_general(
    rules: Ruleset,
    deal: Deal,
    carry_in: int,
    last_deal: bool,
    ex: list[BreakdownLine] | None,
) -> DealScore:
    """Score ``deal``; with ``ex`` a list, also append its breakdown lines to it."""
    if type(carry_in) is not int or carry_in < 0:
        raise err("deal.invalid_carry_in", "carry_in must be an int >= 0", carry_in=carry_in)
    if deal.kind is not _PLAYED:
        return score_other(rules, deal, carry_in, last_deal, ex)
    f = read_facts(rules, deal, last_deal)
    if rules.derived.auction:
        r = score_contract(rules, deal, f, carry_in)
    else:
        r = score_classic(rules, f, carry_in, last_deal)
    outcome, made, carry_out, tparts, dparts = r
    tparts, dparts, st, sd = totals(rules, f.rnd, tparts, dparts)
    taker = f.taker
    if ex is not None:
        explain(ex, taker, tparts, deal, f.ct, f.t_capot)
        explain(ex, taker.other, dparts, deal, f.cd, f.d_capot)
        ex.sort(key=lambda line: line.team.value)
    ctx = (rules, deal, last_deal, score_general)
    if taker is _A:
        return make(st, sd, outcome, made, carry_in, carry_out, ctx)
    return make(sd, st, outcome, made, carry_in, carry_out, ctx)


def score_other(
    rules: Ruleset,
    deal: Deal,
    carry_in: int,
    last_deal: bool,
    ex: list[BreakdownLine] | None,
) -> DealScore:
    """A void deal (0-0, the reserve kept) or a penalty (rules.md §4)."""
    ctx = (rules, deal, last_deal, score_general)
    if deal.kind is _DEAL_KIND_VOID:
        if ex is not None:
            ex.append(BreakdownLine(_A, "cards", 0))
            ex.append(BreakdownLine(_B, "cards", 0))
        return make(0, 0, _OUTCOME_VOID, None, carry_in, carry_in, ctx)
    # Penalty (rules.md §4): the opponents of the penalised team score the penalty.
    pen = deal.penalised
    if pen is None:
        raise err("deal.missing_penalised_team", "a penalty needs the penalised team")
    points = rules.penalty_points + _penalty_contract(rules, deal)
    if ex is not None:
        ex.append(BreakdownLine(pen.other, "penalty", points))
        ex.append(BreakdownLine(pen, "penalty", 0))
        ex.sort(key=lambda line: line.team.value)
    if pen is _A:
        return make(0, points, _OUTCOME_PENALTY, None, carry_in, carry_in, ctx)
    return make(points, 0, _OUTCOME_PENALTY, None, carry_in, carry_in, ctx)


def _penalty_contract(rules: Ruleset, deal: Deal) -> int:
    """The contract a penalty adds (Cannes: "160 points … + le contrat")."""
    if not (rules.penalty_adds_contract and rules.derived.auction):
        return 0
    if deal.contract is _CONTRACT_CAPOT:
        return rules.capot_bid_value
    if deal.contract is _CONTRACT_GENERALE:
        return 500
    if deal.bid is None:
        return 0
    if deal.bid not in rules.derived.allowed_bids:
        raise err("deal.bid_out_of_range", "the bid is not allowed", bid=deal.bid)
    return deal.bid
