"""The classic fast path: the common classic deal scored without building any breakdown.

This module owns ``fast_classic``, a shortcut of ``score_deal`` for a plain classic deal (a
suit, card points and/or capot, belote; no announcements, sans-atout/tout-atout, dix de der,
bid or contre) under classic rules without rounding. It reads the rules' options as plain
values (``Ruleset.derived.classic``, see ``engine.belote.rules.ClassicFast``) and returns None for
anything else, including every invalid deal, which the general path then scores or refuses
with the right error. It must give exactly what the general path gives:
tests/engine/test_fast_path.py and the sweeps check it, and benchmarks/engine_bench.py
measures what it saves (``--no-fast``).
"""

from __future__ import annotations

from engine.belote.model import Deal, DealScore, Outcome
from engine.belote.rules import ClassicFast, Ruleset
from engine.belote.steps.common import (
    _A,
    _CAPOT,
    _FAILED,
    _FAILED_CAPOT,
    _LITIGE,
    _MADE,
    _PLAYED,
    _POINTS,
    _SANS_ATOUT,
    _SPLIT,
    _TOUT_ATOUT,
    make,
)
from engine.belote.steps.general import score_general

__all__ = ["fast_classic"]


def _points_a(deal: Deal) -> int | None:
    """Team A's card points written any other way, or None when missing or impossible."""
    pa, pb = deal.points_a, deal.points_b
    if pa is None:
        if pb is None:
            capot = deal.capot
            return None if capot is None else (162 if capot is _A else 0)
        return 162 - pb if type(pb) is int and 0 <= pb <= 162 else None
    if type(pa) is not int or not 0 <= pa <= 162:
        return None
    return pa if pb is None or (type(pb) is int and pa + pb == 162) else None


def fast_classic(
    classic: ClassicFast, rules: Ruleset, deal: Deal, carry_in: int, last_deal: bool
) -> DealScore | None:
    """The deal's score, or None when the general path must score it."""
    taker = deal.taker
    trump = deal.trump
    if (
        taker is None
        or deal.kind is not _PLAYED
        or deal.announcements
        or deal.ta_belotes is not None
        or deal.dix_de_der is not None
        or deal.bid is not None
        or deal.contre
        or deal.surcontre
        or deal.penalised is not None
        or deal.contract is not _POINTS
        or trump is _SANS_ATOUT
        or trump is _TOUT_ATOUT
        or type(carry_in) is not int
        or carry_in < 0
    ):
        return None
    pa = deal.points_a
    # The common sheet: team A's points alone (any other way is read by _points_a).
    if deal.points_b is not None or type(pa) is not int or not 0 <= pa <= 162:
        pa = _points_a(deal)
        if pa is None:
            return None
    ct = pa if taker is _A else 162 - pa
    bel = deal.belote
    bt = 20 if bel is taker else 0
    bd = 20 if bel is not None and bel is not taker else 0
    capot = deal.capot
    if capot is not None:
        if (pa if capot is _A else 162 - pa) != 162:
            return None  # the capot team must have every card point
        cmp = 2 if capot is taker else -2  # capot made / defense took every trick
    elif classic[1]:  # the contract needs 82 card points
        cmp = 1 if ct >= 82 else -1
    else:
        vt, vd = (ct + bt, 162 - ct + bd) if classic[2] else (ct, 162 - ct)
        cmp = 1 if vt > vd else -1 if vt < vd else classic[3]
    if classic[4]:  # belote never scored (it only helps make the contract)
        bt = bd = 0
    ctx = (rules, deal, last_deal, score_general)
    if cmp > 0:
        st = (classic[0] if cmp == 2 else ct) + bt + carry_in
        sd = 162 - ct + bd
        outcome: Outcome = _CAPOT if cmp == 2 else _MADE
        made: bool | None = True
        carry_out = 0
    elif cmp < 0:
        st, sd, carry_out = _failed(classic, bt, bd, cmp == -2, carry_in)
        outcome = _FAILED_CAPOT if cmp == -2 else _FAILED
        made = False
    elif last_deal and classic[11]:  # a last-deal litige: each team its own points
        st, sd, outcome, made, carry_out = ct + bt, 162 - ct + bd, _SPLIT, None, carry_in
    else:  # litige: the taker's points go into the reserve
        st, sd, outcome, made, carry_out = 0, 162 - ct + bd, _LITIGE, None, carry_in + ct + bt
    if taker is _A:
        return make(st, sd, outcome, made, carry_in, carry_out, ctx)
    return make(sd, st, outcome, made, carry_in, carry_out, ctx)


def _failed(
    classic: ClassicFast, bt: int, bd: int, capot: bool, carry_in: int
) -> tuple[int, int, int]:
    """A failed contract: (taker's score, defense's score, carry_out)."""
    sd = (classic[7] if capot else classic[8]) + (bd if classic[9] else 0)
    st = bt if classic[5] else 0  # the failing taker keeps its belote
    if classic[6]:  # ... or it goes to the defense
        sd += bt
    if carry_in and classic[10]:  # the next deal's winner collects the reserve
        return st, sd + carry_in, 0
    return st, sd, carry_in
