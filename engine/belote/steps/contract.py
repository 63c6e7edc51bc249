"""The contract step (contrée, coinche): a bid, its test, and the score of its winner and loser.

This module owns the auction scoring of rules.md §3 and §5b, as named steps run in order:

1. ``_contract_value``: C, the value of the bid (82 scored as 80, a capot bid, a générale);
2. ``_contract_made``: the test (§3.3: the bid, with belote and announcements per options,
   and more than the defense for ``bid_and_more_than_defense``; rounding never makes it);
3. ``_flat_amount``: flat scores that replace pile + C (points annoncés, flat capot and
   générale values, a capot bid scored as the capot pile alone);
4. ``_belote_split`` and ``_announcement_split``: who scores belote and announcements
   (``belote_on_failure``, ``belote_when_doubled``, ``failed_defense_extras``);
5. ``_winner_base``: the winner's pile (its own points, the failure points, the whole deal
   or a capot pile: ``doubled_winner_base``, ``defense_capot``);
6. ``_winner_parts`` (C and the multiplier by ``multiplier_target``) and ``_loser_parts``.

The winner is the taker when the contract is made and the defense when it fails.
"""

from __future__ import annotations

from engine.belote.cards import DEAL_TOTAL
from engine.belote.model import Contract, Deal
from engine.belote.rules import (
    CapotBidFailed,
    CapotBidMade,
    ContreeScoringMode,
    GeneraleScoring,
    MultiplierTarget,
    Ruleset,
)
from engine.belote.steps.common import (
    _BELOTE_ON_FAILURE_KEPT_BY_HOLDER,
    _BELOTE_ON_FAILURE_NEVER_SCORED,
    _BELOTE_ON_FAILURE_TO_DEFENSE,
    _BELOTE_WHEN_DOUBLED_MULTIPLIED,
    _BELOTE_WHEN_DOUBLED_TO_WINNER,
    _CAPOT,
    _CONTRACT_CAPOT,
    _CONTRACT_GENERALE,
    _CONTRACT_SUCCESS_BID_AND_MORE_THAN_DEFENSE,
    _CONTREE_SCORING_MODE_POINTS_ANNONCES,
    _CONTREE_SCORING_MODE_POINTS_FAITS,
    _CONTREE_SCORING_MODE_POINTS_FAITS_PLUS_DEMANDES,
    _DEFENSE_CAPOT_CAPOT_VALUE,
    _DOUBLED_LOSER_SCORE_KEEPS_OWN_POINTS,
    _DOUBLED_WINNER_BASE_OWN_POINTS,
    _DOUBLED_WINNER_BASE_WHOLE_PILE,
    _FAILED,
    _FAILED_CAPOT,
    _FAILED_DEFENSE_EXTRAS_OWN_BELOTE_AND_ALL_ANNOUNCEMENTS,
    _MADE,
    _MULTIPLIER_TARGET_CONTRACT_ONLY,
    _MULTIPLIER_TARGET_FIXED_AMOUNT,
    _MULTIPLIER_TARGET_WHOLE_SCORE,
    _POINTS,
    _ROUNDING_NONE,
    _ROUNDING_STAGE_FINAL_DEAL_SCORE,
    _ROUNDING_STAGE_POINTS_BEFORE_CONTRACT_CHECK,
    _ROUNDING_TAKER_ROUNDED_DEFENSE_COMPLEMENT,
    Parts,
    Result,
    collect,
    round_to,
)
from engine.belote.steps.facts import Facts

__all__ = ["score_contract"]

PartList = list[tuple[str, int]]

_FLAT_CAPOT_MADE: dict[CapotBidMade, int] = {
    CapotBidMade.FIXED_500: 500,
    CapotBidMade.FIXED_250: 250,
}
_FLAT_CAPOT_FAILED: dict[CapotBidFailed, int] = {CapotBidFailed.FIXED_500: 500}
_FLAT_GENERALE: dict[object, int] = {
    GeneraleScoring.FIXED_500: 500,
    GeneraleScoring.FIXED_1000: 1000,
}
_CAPOT_PILE_ONLY = CapotBidMade.CAPOT_PILE_ONLY
_WITHOUT_BONUS = CapotBidMade.AS_CONTRACT_WITHOUT_CAPOT_BONUS


class _Deal:
    """The contract deal being scored: the facts and what each step has decided so far."""

    __slots__ = (
        "bd",
        "bt",
        "c_value",
        "capot_pile",
        "contract",
        "doubled",
        "f",
        "keep_loser",
        "m",
        "made",
        "mode",
        "pile_d",
        "pile_t",
        "rules",
        "stage_points",
    )  # fmt: skip
    rules: Ruleset
    f: Facts
    contract: Contract
    mode: ContreeScoringMode
    c_value: int
    m: int
    doubled: bool
    made: bool
    capot_pile: int  # the pile of a team that took all eight tricks (capot_value_contree)
    pile_t: int  # the taker's pile: card points, or the capot pile
    pile_d: int
    stage_points: bool  # rounding applies to the piles
    bt: int  # belote points as scored (0 when belote is never scored)
    bd: int
    keep_loser: bool  # doubled and made, and the loser keeps its own points


def score_contract(rules: Ruleset, deal: Deal, f: Facts, carry_in: int) -> Result:
    d = _prepare(rules, deal, f)
    d.made = _contract_made(d, deal)
    if rules.belote_on_failure is _BELOTE_ON_FAILURE_NEVER_SCORED:
        d.bt = d.bd = 0
    d.keep_loser = (
        d.doubled and d.made and rules.doubled_loser_score is _DOUBLED_LOSER_SCORE_KEEPS_OWN_POINTS
    )
    flat, flat_code = _flat_amount(d)
    if d.made and d.contract is _CONTRACT_CAPOT and rules.capot_bid_made is _WITHOUT_BONUS:
        d.pile_t = DEAL_TOTAL  # a made capot bid counts 162 + its value (412)
    bel_w, bel_wm, bel_l = _belote_split(d)
    ann_w, ann_l, bel_w = _announcement_split(d, bel_w)
    w_parts, base_code = _winner_parts(d, flat, flat_code, ann_w)
    if bel_wm:  # belote multiplied with its holder's score
        w_parts.append(("belote", bel_wm))
        w_parts.append(("multiplier", bel_wm * (d.m - 1)))
    w_parts.append(("belote", bel_w))
    w_parts.append(("announcements", ann_w))
    l_parts = _loser_parts(d, flat, base_code, bel_l, ann_l)
    to_t, to_d, carry_out = collect(rules, carry_in, d.made)
    if d.made:
        w_parts.append(("litige_reserve", to_t))
        outcome = _CAPOT if f.t_capot else _MADE
        return outcome, True, carry_out, tuple(w_parts), l_parts
    w_parts.append(("litige_reserve", to_d))
    outcome = _FAILED_CAPOT if f.d_capot else _FAILED
    return outcome, False, carry_out, l_parts, tuple(w_parts)


def _prepare(rules: Ruleset, deal: Deal, f: Facts) -> _Deal:
    d = _Deal()
    d.rules = rules
    d.f = f
    d.contract = deal.contract
    d.mode = rules.contree_scoring_mode
    d.c_value = _contract_value(rules, deal)
    d.m = 1
    if deal.contre:
        d.m = rules.surcontre_multiplier if deal.surcontre else rules.contre_multiplier
    d.doubled = d.m > 1
    d.capot_pile = rules.capot_value_contree
    d.pile_t = d.capot_pile if f.t_capot else f.ct
    d.pile_d = d.capot_pile if f.d_capot else f.cd
    d.stage_points = f.rnd is not _ROUNDING_NONE and (
        rules.rounding_stage is not _ROUNDING_STAGE_FINAL_DEAL_SCORE
    )
    d.bt, d.bd = f.bt, f.bd
    return d


def _contract_value(rules: Ruleset, deal: Deal) -> int:
    """C: the number bid (82 may be scored as 80), the capot bid's value, or 500."""
    if deal.contract is _POINTS:
        bid = deal.bid if deal.bid is not None else 0
        return 80 if bid == 82 and rules.min_bid_82_counts_as == 80 else bid
    if deal.contract is _CONTRACT_CAPOT:
        return rules.capot_bid_value
    return 500


def _contract_made(d: _Deal, deal: Deal) -> bool:
    """rules.md §3.3; rounding never makes a contract (FFB) unless rounded before the test."""
    f = d.f
    if d.contract is _CONTRACT_CAPOT:
        return f.t_capot
    if d.contract is _CONTRACT_GENERALE:
        return f.t_capot and deal.solo_capot
    rules = d.rules
    before = d.stage_points and rules.rounding_stage is _ROUNDING_STAGE_POINTS_BEFORE_CONTRACT_CHECK
    vt = round_to(f.ct, f.rnd) if before else f.ct
    vd = round_to(f.cd, f.rnd) if before else f.cd
    if f.t_capot:
        vt = d.capot_pile
    if rules.belote_counts_for_contract:
        vt += f.bt
        vd += f.bd
    if rules.announcements_count_for_contract:
        vt += f.at
        vd += f.ad
    bid = deal.bid if deal.bid is not None else 0
    made = vt >= bid
    if made and rules.contract_success is _CONTRACT_SUCCESS_BID_AND_MORE_THAN_DEFENSE:
        made = vt > vd
    return made


def _flat_amount(d: _Deal) -> tuple[int, str]:
    """A flat score replacing pile + C, and its breakdown code; (0, "") when none applies."""
    rules = d.rules
    if d.contract is _CONTRACT_CAPOT and d.made:
        if rules.capot_bid_made is _CAPOT_PILE_ONLY:
            return d.capot_pile, "pile"  # the capot pile alone, e.g. 262 (issue 14)
        flat = _FLAT_CAPOT_MADE.get(rules.capot_bid_made, 0)
    elif d.contract is _CONTRACT_CAPOT:
        flat = _FLAT_CAPOT_FAILED.get(rules.capot_bid_failed, 0)
    elif d.contract is _CONTRACT_GENERALE:
        flat = _FLAT_GENERALE.get(rules.generale_made if d.made else rules.generale_failed, 0)
    else:
        flat = 0
    if d.mode is _CONTREE_SCORING_MODE_POINTS_ANNONCES and not flat:
        # Points annoncés: only the contract is scored (a générale: 500, as a contract).
        flat = d.c_value
    return flat, ("contract" if flat else "")


def _belote_split(d: _Deal) -> tuple[int, int, int]:
    """(winner's unmultiplied belote, winner's multiplied belote, loser's belote)."""
    made = d.made
    own_w, own_l = (d.bt, d.bd) if made else (d.bd, d.bt)
    bwd = d.rules.belote_when_doubled
    if d.doubled and bwd is _BELOTE_WHEN_DOUBLED_TO_WINNER:
        return own_w + own_l, 0, 0
    if d.doubled and bwd is _BELOTE_WHEN_DOUBLED_MULTIPLIED:
        return 0, own_w, (own_l if d.keep_loser else 0)
    if made:
        return own_w, 0, own_l
    bof = d.rules.belote_on_failure  # the taker failed: its belote follows belote_on_failure
    if bof is _BELOTE_ON_FAILURE_KEPT_BY_HOLDER:
        return own_w, 0, own_l
    if bof is _BELOTE_ON_FAILURE_TO_DEFENSE:
        return own_w + own_l, 0, 0
    return own_w, 0, 0


def _announcement_split(d: _Deal, bel_w: int) -> tuple[int, int, int]:
    """(winner's announcements, loser's announcements, winner's belote after the split)."""
    f = d.f
    if d.made:
        if d.doubled and not d.keep_loser:  # the winner takes the whole deal
            return f.at + f.ad, 0, bel_w
        return f.at, f.ad, bel_w
    extras = (
        d.rules.failed_defense_extras is _FAILED_DEFENSE_EXTRAS_OWN_BELOTE_AND_ALL_ANNOUNCEMENTS
    )
    if extras or d.doubled:
        return f.ad + f.at, 0, bel_w
    # A flat failure: the defense's own belote is not scored either.
    return 0, 0, bel_w - d.bd


def _winner_base(d: _Deal) -> tuple[str, int]:
    """The winner's pile, as (breakdown code, points)."""
    f = d.f
    rules = d.rules
    if not d.doubled:
        if d.made:
            return "pile", d.pile_t
        if f.d_capot and rules.defense_capot is _DEFENSE_CAPOT_CAPOT_VALUE:
            return "failure", d.capot_pile
        return "failure", rules.derived.failure_base
    wb = rules.doubled_winner_base
    # A defense that took all tricks has a capot pile only if defense_capot says so.
    w_capot = (
        f.t_capot if d.made else (f.d_capot and rules.defense_capot is _DEFENSE_CAPOT_CAPOT_VALUE)
    )
    if wb is _DOUBLED_WINNER_BASE_OWN_POINTS and d.made:
        return "pile", d.pile_t
    if wb is not _DOUBLED_WINNER_BASE_WHOLE_PILE and w_capot:
        # own_points on a failure: the failure points, here the defense's capot pile.
        return "pile", (d.pile_t if d.made else d.capot_pile)
    # The whole deal (rules.md §5b): 160/162, 160 when the failure is "contract only".
    failure = rules.derived.failure_base
    return ("whole_deal" if d.made else "failure"), (failure if failure else 160)


def _contract_part(d: _Deal, flat: int) -> int:
    """C as scored by the winner (never in points faits, except a made capot bid)."""
    if d.mode is _CONTREE_SCORING_MODE_POINTS_FAITS_PLUS_DEMANDES:
        if d.made or d.rules.derived.failure_adds_contract or d.doubled:
            return d.c_value
        return 0
    if (
        d.mode is _CONTREE_SCORING_MODE_POINTS_FAITS
        and d.contract is _CONTRACT_CAPOT
        and d.made
        and not flat
    ):
        return d.c_value  # a capot bid "as contract" in points faits: pile + its value
    return 0


def _winner_parts(d: _Deal, flat: int, flat_code: str, ann_w: int) -> tuple[PartList, str]:
    """The winner's pile, C and multiplier; returns the parts and the base's code."""
    m = d.m
    if flat:
        # Flat amounts: points annoncés (C × M), flat capot/générale (500 × M...).
        parts: PartList = [(flat_code, flat)]
        if d.doubled:
            parts.append(("multiplier", flat * (m - 1)))
        return parts, flat_code
    base_code, base = _winner_base(d)
    base_r = round_to(base, d.f.rnd) - base if d.stage_points and base else 0
    c_part = _contract_part(d, flat)
    parts = [(base_code, base)]
    if base_r:
        parts.append(("rounding", base_r))
    if c_part or (d.made and d.mode is _CONTREE_SCORING_MODE_POINTS_FAITS_PLUS_DEMANDES):
        parts.append(("contract", c_part))
    if d.doubled:
        target: MultiplierTarget = d.rules.multiplier_target
        if d.mode is _CONTREE_SCORING_MODE_POINTS_FAITS:
            target = _MULTIPLIER_TARGET_FIXED_AMOUNT  # points faits: 320 / 640
        if target is _MULTIPLIER_TARGET_CONTRACT_ONLY:
            extra = c_part * (m - 1)
        elif target is _MULTIPLIER_TARGET_WHOLE_SCORE:
            extra = (base + base_r + c_part + ann_w) * (m - 1)
        else:  # fixed amount: base × M, the contract not scored
            parts = [p for p in parts if p[0] != "contract"]
            extra = (base + base_r) * (m - 1)
        parts.append(("multiplier", extra))
    return parts, base_code


def _loser_parts(d: _Deal, flat: int, base_code: str, bel_l: int, ann_l: int) -> Parts:
    f = d.f
    own_l = d.pile_d if d.made else d.pile_t
    parts: PartList = [("pile", 0)]
    if (d.made and not d.doubled and not flat) or d.keep_loser:
        parts = [("pile", own_l)]
        if d.stage_points and own_l:
            r = round_to(own_l, f.rnd) - own_l
            if (
                f.rnd is _ROUNDING_TAKER_ROUNDED_DEFENSE_COMPLEMENT
                and d.made
                and not f.t_capot
                and base_code == "pile"
            ):
                r = (160 - round_to(d.pile_t, f.rnd)) - own_l
            if r:
                parts.append(("rounding", r))
    parts.append(("belote", bel_l))
    parts.append(("announcements", ann_l))
    if d.mode is _CONTREE_SCORING_MODE_POINTS_ANNONCES:
        # Only the contract is scored: piles are not.
        parts = [p for p in parts if p[0] not in ("pile", "rounding")] or [("pile", 0)]
    return tuple(parts)
