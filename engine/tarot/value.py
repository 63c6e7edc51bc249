"""The value of a deal, X: what each defender pays (negative: what each receives).

This module owns ``margin_of`` (the taker's side's points against those its bouts require,
the half-point to the side that wins, the rounding the rules ask for) and ``deal_value``
(FFT 2012, "Le calcul des scores": (25 + the margin) × the contract, the petit au bout 10 ×
the contract, the poignées and the chelem not multiplied). ``engine.tarot.deal`` scores with
it and ``engine.tarot.explain`` explains with it, so both read one rule. It checks nothing:
the deal was checked first.
"""

from __future__ import annotations

from typing import Final

from engine.tarot.cards import NEEDED_HALVES
from engine.tarot.model import Deal, Side
from engine.tarot.rules import Derived

__all__ = [
    "CHELEM_ANNOUNCED",
    "CHELEM_DEFENSE",
    "CHELEM_FAILED",
    "CHELEM_UNANNOUNCED",
    "CONTRACT_BASE",
    "PETIT_AU_BOUT",
    "deal_value",
    "margin_of",
]

_TAKER: Final = Side.TAKER
_DEFENSE: Final = Side.DEFENSE
CONTRACT_BASE: Final = 25  # "Tout contrat valant arbitrairement 25 points"
PETIT_AU_BOUT: Final = 10
CHELEM_ANNOUNCED: Final = 400
CHELEM_UNANNOUNCED: Final = 200
CHELEM_FAILED: Final = 200
CHELEM_DEFENSE: Final = 200


def margin_of(derived: Derived, d: Deal) -> tuple[bool, int, int]:
    """(made, the margin to the point, the margin as scored) of a checked deal.

    A half-point (3 or 5 players) goes to the side that wins: the points are compared in
    halves, and |difference| + 1 halved rounds the half towards the winner (40½ for 41:
    chute de 1; 41½: passe de 1). The rounding step is 1, 5 or 10 (a half rounds up).
    """
    diff = d.halves - NEEDED_HALVES[d.bouts]
    made = diff >= 0
    exact = ((diff if made else -diff) + 1) >> 1
    step = derived.rounding_step
    margin = (exact + step // 2) // step * step if step != 1 else exact
    return made, exact, margin


def deal_value(derived: Derived, d: Deal, multiplier: int) -> tuple[int, bool, int]:
    """(X, made, margin) of a deal already checked, ``multiplier`` its contract's."""
    diff = d.halves - NEEDED_HALVES[d.bouts]  # margin_of's lines, inline: the hot path
    made = diff >= 0
    margin = ((diff if made else -diff) + 1) >> 1
    step = derived.rounding_step
    if step != 1:
        margin = (margin + step // 2) // step * step
    base = (CONTRACT_BASE + margin) * multiplier
    value = base if made else -base
    petit = d.petit_au_bout
    if petit is not None:
        value += PETIT_AU_BOUT * multiplier if petit is _TAKER else -PETIT_AU_BOUT * multiplier
    if d.poignees:
        values = derived.poignee_values
        for _, kind in d.poignees:
            value += values[kind] if made else -values[kind]
    chelem = d.chelem
    if chelem is _TAKER:
        value += CHELEM_ANNOUNCED if d.chelem_announced else CHELEM_UNANNOUNCED
    elif d.chelem_announced:
        value -= CHELEM_FAILED
    if chelem is _DEFENSE:
        value -= CHELEM_DEFENSE
    return value, made, margin
