"""The classic step (belote "à la retourne"): contract test, made, failed (dedans), litige.

This module owns the classic scoring of rules.md §2.3–2.7: the taker's contract is judged by
``contract_rule`` and ``tie_rule``; made, each team scores its pile (a capot team its capot
value) with its belote and announcements; failed, the defense scores the failure points (or
the capot value if it took every trick) with the extras of ``failed_defense_extras``; equal
totals are a litige whose points go into the reserve (or are split on a game's last deal).
"""

from __future__ import annotations

from engine.belote.rules import Ruleset
from engine.belote.steps.common import (
    _BELOTE_ON_FAILURE_KEPT_BY_HOLDER,
    _BELOTE_ON_FAILURE_NEVER_SCORED,
    _BELOTE_ON_FAILURE_TO_DEFENSE,
    _CAPOT,
    _CONTRACT_RULE_AT_LEAST_82,
    _CONTRACT_RULE_AT_LEAST_DEFENSE,
    _DEFENSE_CAPOT_CAPOT_VALUE,
    _FAILED,
    _FAILED_CAPOT,
    _FAILED_DEFENSE_EXTRAS_OWN_BELOTE_AND_ALL_ANNOUNCEMENTS,
    _LITIGE,
    _LITIGE_LAST_DEAL_EACH_SCORES_OWN,
    _MADE,
    _ROUNDING_NONE,
    _ROUNDING_STAGE_FINAL_DEAL_SCORE,
    _ROUNDING_STAGE_POINTS_BEFORE_CONTRACT_CHECK,
    _ROUNDING_TAKER_ROUNDED_DEFENSE_COMPLEMENT,
    _SPLIT,
    _TIE_RULE_TAKER_FAILS,
    _TIE_RULE_TAKER_SUCCEEDS,
    Parts,
    Result,
    collect,
    points_of,
    round_to,
)
from engine.belote.steps.facts import Facts

__all__ = ["score_classic"]


def score_classic(rules: Ruleset, f: Facts, carry_in: int, last_deal: bool) -> Result:
    cmp = _contract_test(rules, f)
    bt, bd = (0, 0) if rules.belote_on_failure is _BELOTE_ON_FAILURE_NEVER_SCORED else (f.bt, f.bd)
    if cmp > 0:
        return _made(rules, f, bt, bd, carry_in)
    if cmp < 0:
        return _failed(rules, f, bt, bd, carry_in)
    return _litige(rules, f, bt, bd, carry_in, last_deal)


def _contract_test(rules: Ruleset, f: Facts) -> int:
    """1 made, -1 failed, 0 litige (rules.md §2.3, §2.6)."""
    if f.t_capot:
        return 1
    if f.d_capot:
        return -1
    rnd = f.rnd
    ct, cd = f.ct, f.cd
    if (
        rnd is not _ROUNDING_NONE
        and rules.rounding_stage is _ROUNDING_STAGE_POINTS_BEFORE_CONTRACT_CHECK
    ):
        ct, cd = round_to(ct, rnd), round_to(cd, rnd)
    rule = rules.contract_rule
    if rule is _CONTRACT_RULE_AT_LEAST_82:
        cmp = 1 if ct >= 82 else -1
    else:
        if rules.belote_counts_for_contract:
            ct += f.bt
            cd += f.bd
        if rules.announcements_count_for_contract:
            ct += f.at
            cd += f.ad
        cmp = (ct > cd) - (ct < cd)
        if cmp == 0 and rule is _CONTRACT_RULE_AT_LEAST_DEFENSE:
            cmp = 1
    if cmp == 0:
        if rules.tie_rule is _TIE_RULE_TAKER_FAILS:
            return -1
        if rules.tie_rule is _TIE_RULE_TAKER_SUCCEEDS:
            return 1
    return cmp


def _rounds_points(rules: Ruleset, f: Facts) -> bool:
    """Rounding applies to the piles (not to the final deal score)."""
    return (
        f.rnd is not _ROUNDING_NONE and rules.rounding_stage is not _ROUNDING_STAGE_FINAL_DEAL_SCORE
    )


def _own(pile: int, f: Facts, stage_points: bool) -> Parts:
    if stage_points:
        r = round_to(pile, f.rnd) - pile
        if r:
            return (("pile", pile), ("rounding", r))
    return (("pile", pile),)


def _made(rules: Ruleset, f: Facts, bt: int, bd: int, carry_in: int) -> Result:
    # Piles: a capot team counts the capot value instead of its 162 card points.
    pile_t = rules.capot_value if f.t_capot else f.ct
    pile_d = f.cd
    stage_points = _rounds_points(rules, f)
    to_t, _, carry_out = collect(rules, carry_in, True)
    tparts = _own(pile_t, f, stage_points)
    dparts = _own(pile_d, f, stage_points)
    if stage_points and f.rnd is _ROUNDING_TAKER_ROUNDED_DEFENSE_COMPLEMENT and not f.t_capot:
        rt = round_to(pile_t, f.rnd)
        dparts = (("pile", pile_d), ("rounding", (160 - rt) - pile_d))
    tparts = (*tparts, ("belote", bt), ("announcements", f.at), ("litige_reserve", to_t))
    dparts = (*dparts, ("belote", bd), ("announcements", f.ad))
    return (_CAPOT if f.t_capot else _MADE), True, carry_out, tparts, dparts


def _failed(rules: Ruleset, f: Facts, bt: int, bd: int, carry_in: int) -> Result:
    _, to_d, carry_out = collect(rules, carry_in, False)
    base = (
        rules.capot_value
        if f.d_capot and rules.defense_capot is _DEFENSE_CAPOT_CAPOT_VALUE
        else rules.derived.failure_base
    )
    dparts: Parts = (("failure", base),)
    if _rounds_points(rules, f):
        r = round_to(base, f.rnd) - base
        if r:
            dparts = (*dparts, ("rounding", r))
    bof = rules.belote_on_failure
    t_bel = bt if bof is _BELOTE_ON_FAILURE_KEPT_BY_HOLDER else 0
    d_bel = bt if bof is _BELOTE_ON_FAILURE_TO_DEFENSE else 0
    d_ann = 0
    if rules.failed_defense_extras is _FAILED_DEFENSE_EXTRAS_OWN_BELOTE_AND_ALL_ANNOUNCEMENTS:
        d_bel += bd
        d_ann = f.at + f.ad
    tparts = (("pile", 0), ("belote", t_bel))
    dparts = (*dparts, ("belote", d_bel), ("announcements", d_ann), ("litige_reserve", to_d))
    return (_FAILED_CAPOT if f.d_capot else _FAILED), False, carry_out, tparts, dparts


def _litige(rules: Ruleset, f: Facts, bt: int, bd: int, carry_in: int, last_deal: bool) -> Result:
    """Equal totals (rules.md §2.6): the taker's points go into the reserve."""
    stage_points = _rounds_points(rules, f)
    tparts = (*_own(f.ct, f, stage_points), ("belote", bt), ("announcements", f.at))
    dparts = (*_own(f.cd, f, stage_points), ("belote", bd), ("announcements", f.ad))
    if last_deal and rules.litige_last_deal is _LITIGE_LAST_DEAL_EACH_SCORES_OWN:
        # ASCE 79: "chaque équipe marquera ses 81 points"; a pending reserve is not collected.
        return _SPLIT, None, carry_in, tparts, dparts
    held = sum(map(points_of, tparts))
    tparts = (*tparts, ("litige_reserve", -held))
    return _LITIGE, None, carry_in + held, tparts, dparts
