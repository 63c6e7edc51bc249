"""The classic fast path: the common classic deal scored without building any breakdown.

This module owns ``fast_classic``, a shortcut of ``score_deal`` for a plain classic deal (a
suit, card points and/or capot, belote; no announcements, sans-atout/tout-atout, dix de der,
bid or contre) under classic rules without rounding. It reads the rules' options as plain
values (``Ruleset.derived.classic``, see ``engine.rules.ClassicFast``) and returns None for
anything else, including every invalid deal, which the general path then scores or refuses
with the right error. It must give exactly what the general path gives:
tests/engine/test_fast_path.py and the sweeps check it, and benchmarks/engine_bench.py
measures what it saves (``--no-fast``).
"""

from __future__ import annotations

from engine.belote.common import (
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
from engine.belote.model import Deal, DealScore, Outcome
from engine.rules import ClassicFast, Ruleset

__all__ = ["fast_classic"]


def _plain(deal: Deal, carry_in: int) -> bool:
    """A deal the fast path scores: played, a suit, nothing but points, capot and belote."""
    return not (
        deal.taker is None
        or deal.kind is not _PLAYED
        or deal.announcements
        or deal.ta_belotes is not None
        or deal.dix_de_der is not None
        or deal.bid is not None
        or deal.contre
        or deal.surcontre
        or deal.penalised is not None
        or deal.contract is not _POINTS
        or deal.trump is _SANS_ATOUT
        or deal.trump is _TOUT_ATOUT
        or type(carry_in) is not int
        or carry_in < 0
    )


def _points_a(deal: Deal) -> int | None:
    """Team A's card points, or None when they are missing or impossible."""
    pa, pb = deal.points_a, deal.points_b
    if pa is None:
        if pb is None:
            capot = deal.capot
            return None if capot is None else (162 if capot is _A else 0)
        if type(pb) is not int or pb < 0 or pb > 162:
            return None
        return 162 - pb
    if type(pa) is not int or pa < 0 or pa > 162:
        return None
    if pb is not None and (type(pb) is not int or pa + pb != 162):
        return None
    return pa


def fast_classic(
    classic: ClassicFast, rules: Ruleset, deal: Deal, carry_in: int, last_deal: bool
) -> DealScore | None:
    """The deal's score, or None when the general path must score it."""
    if not _plain(deal, carry_in):
        return None
    pa = _points_a(deal)
    if pa is None:
        return None
    taker = deal.taker
    capot = deal.capot
    t_capot = d_capot = False
    if capot is not None:
        if (pa if capot is _A else 162 - pa) != 162:
            return None  # the capot team must have every card point
        t_capot = capot is taker
        d_capot = not t_capot
    ct = pa if taker is _A else 162 - pa
    bel = deal.belote
    bt = 0 if bel is None or bel is not taker else 20
    bd = 0 if bel is None or bel is taker else 20
    if t_capot:
        st, sd, outcome, made, carry_out = _made(classic, ct, bt, bd, True, carry_in)
    elif d_capot:
        st, sd, outcome, made, carry_out = _failed(classic, bt, bd, True, carry_in)
    else:
        st, sd, outcome, made, carry_out = _judge(classic, ct, bt, bd, carry_in, last_deal)
    ctx = (rules, deal, last_deal)
    if taker is _A:
        return make(st, sd, outcome, made, carry_in, carry_out, ctx)
    return make(sd, st, outcome, made, carry_in, carry_out, ctx)


# (taker's score, defense's score, outcome, contract made, carry_out)
_Scored = tuple[int, int, Outcome, bool | None, int]


def _judge(
    classic: ClassicFast, ct: int, bt: int, bd: int, carry_in: int, last_deal: bool
) -> _Scored:
    """The contract test of a deal without capot, then its score."""
    cd = 162 - ct
    rule_82, belote_counts, tie_cmp = classic[1], classic[2], classic[3]
    if rule_82:
        cmp = 1 if ct >= 82 else -1
    else:
        vt, vd = (ct + bt, cd + bd) if belote_counts else (ct, cd)
        cmp = 1 if vt > vd else -1 if vt < vd else tie_cmp
    if cmp > 0:
        return _made(classic, ct, bt, bd, False, carry_in)
    if cmp < 0:
        return _failed(classic, bt, bd, False, carry_in)
    if classic[4]:  # belote never scored
        bt = bd = 0
    if last_deal and classic[11]:  # a last-deal litige: each team its own points
        return ct + bt, cd + bd, _SPLIT, None, carry_in
    return 0, cd + bd, _LITIGE, None, carry_in + ct + bt


def _made(classic: ClassicFast, ct: int, bt: int, bd: int, capot: bool, carry_in: int) -> _Scored:
    if classic[4]:  # belote never scored
        bt = bd = 0
    st = (classic[0] if capot else ct) + bt + carry_in
    return st, 162 - ct + bd, (_CAPOT if capot else _MADE), True, 0


def _failed(classic: ClassicFast, bt: int, bd: int, capot: bool, carry_in: int) -> _Scored:
    (_, _, _, _, never, keep, to_defense, capot_base, failure_base, extras, winner_collects, _) = (
        classic
    )
    if never:
        bt = bd = 0
    sd = capot_base if capot else failure_base
    if extras:
        sd += bd
    st = bt if keep else 0
    if to_defense:
        sd += bt
    carry_out = carry_in
    if carry_in and winner_collects:
        sd += carry_in
        carry_out = 0
    return st, sd, (_FAILED_CAPOT if capot else _FAILED), False, carry_out
