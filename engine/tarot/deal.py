"""One tarot deal scored: the public entry ``score_deal(rules, deal)``.

This module owns ``score_deal``: a deal checked (``checks``), its value X, what each
defender pays, computed (``value``; FFT 2012, "Le calcul des scores"): the taker's side's points are compared with those its bouts require (a half-point
at 3 or 5 players goes to the side that wins: 40½ with 2 bouts is "chute de 1", 41½ "passe
de 1"); the margin (rounded where the rules say) plus 25, times the contract; the petit au
bout, 10 × the contract, to the side that took it whatever the result; the poignées, not
multiplied, to the side that wins the deal whoever showed them; the chelem (+400 announced
and made, +200 made unannounced, −200 announced and failed, +200 to each defender for a
chelem by the defence), not multiplied; then ``marque`` shares X among the seats, and
``explain`` builds the breakdown when it is read.
Every value the engine gives is re-exported here.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from engine.tarot.cards import NEEDED
from engine.tarot.checks import check_deal, check_passed
from engine.tarot.explain import explain
from engine.tarot.marque import share
from engine.tarot.model import (
    BreakdownLine,
    Contract,
    Deal,
    MisereKind,
    PetitTrick,
    PoigneeKind,
    Role,
    Side,
)
from engine.tarot.rules import Ruleset
from engine.tarot.value import deal_value

__all__ = [
    "BreakdownLine",
    "Contract",
    "Deal",
    "DealScore",
    "MisereKind",
    "PetitTrick",
    "PoigneeKind",
    "Role",
    "Side",
    "deal_value",
    "score_deal",
]


class DealScore(NamedTuple):
    """The score of one deal (a named tuple: built fast, immutable).

    ``value`` is X, what each defender pays (negative: what each receives); ``made`` whether
    the contract was made (None for a passed deal); ``margin`` the points above or below
    those needed, after the half-point and the rounding; ``needed`` the points the bouts
    required; ``scores`` each seat's marque, which add up to zero; ``rules`` and ``deal``
    what it was scored from. ``breakdown`` lists the parts of X and the misères, labelled.
    """

    value: int
    made: bool | None
    margin: int
    needed: int
    scores: tuple[int, ...]
    rules: Ruleset
    deal: Deal

    @property
    def breakdown(self) -> tuple[BreakdownLine, ...]:
        """Computed when read (``engine.tarot.explain``): scoring never builds it."""
        return explain(self.rules, self.deal)

    def roles(self) -> tuple[Role, ...]:
        """Each seat's role in the deal."""
        d = self.deal
        partner = d.partner if d.partner != d.taker else None
        return tuple(
            Role.TAKER
            if seat == d.taker
            else Role.PARTNER
            if seat == partner
            else Role.MORT
            if seat == d.mort
            else Role.DEFENDER
            for seat in range(d.players)
        )


# _make: the named tuple built from one tuple, without the keyword-handling __new__.
_make: Final = DealScore._make


def score_deal(rules: Ruleset, d: Deal) -> DealScore:
    """Score one deal under ``rules``; ``EngineError`` with a ``tarot.*`` code if impossible."""
    derived = rules.derived
    if d.passed:  # every player passed: nothing to score
        check_passed(derived, d)
        return DealScore(0, None, 0, 0, (0,) * d.players, rules, d)
    multiplier = check_deal(derived, d)
    value, made, margin = deal_value(derived, d, multiplier)
    scores = share(d, value, derived.misere_value)
    return _make((value, made, margin, NEEDED[d.bouts], scores, rules, d))
