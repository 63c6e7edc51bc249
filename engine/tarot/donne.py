"""One tarot donne scored: the public entry ``score_donne(rules, donne)``.

This module owns ``score_donne``: a donne checked (``checks``), its value X, what each
defender pays, computed (``value``; FFT 2012, "Le calcul des scores"): the taker's side's points are compared with those its bouts require (a half-point
at 3 or 5 players goes to the side that wins: 40½ with 2 bouts is "chute de 1", 41½ "passe
de 1"); the margin (rounded where the rules say) plus 25, times the contract; the petit au
bout, 10 × the contract, to the side that took it whatever the result; the poignées, not
multiplied, to the side that wins the donne whoever showed them; the chelem (+400 announced
and made, +200 made unannounced, −200 announced and failed, +200 to each defender for a
chelem by the defence), not multiplied; then ``marque`` shares X among the seats, and
``explain`` builds the breakdown when it is read.
Every value the engine gives is re-exported here.
"""

from __future__ import annotations

from typing import Final

from engine.tarot.cards import NEEDED
from engine.tarot.checks import check_donne, check_passed
from engine.tarot.explain import explain
from engine.tarot.marque import share
from engine.tarot.model import (
    BreakdownLine,
    Contract,
    Donne,
    DonneScore,
    MisereKind,
    PetitTrick,
    PoigneeKind,
    Role,
    Side,
)
from engine.tarot.rules import Ruleset
from engine.tarot.value import donne_value

__all__ = [
    "BreakdownLine",
    "Contract",
    "Donne",
    "DonneScore",
    "MisereKind",
    "PetitTrick",
    "PoigneeKind",
    "Role",
    "Side",
    "donne_value",
    "score_donne",
]


_make: Final = DonneScore._make


def score_donne(rules: Ruleset, d: Donne) -> DonneScore:
    """Score one donne under ``rules``; ``EngineError`` with a ``tarot.*`` code if impossible."""
    derived = rules.derived
    if d.passed:  # every player passed: nothing to score
        check_passed(derived, d)
        return DonneScore(0, None, 0, 0, (0,) * d.players, (rules, d, explain))
    multiplier = check_donne(derived, d)
    value, made, margin = donne_value(derived, d, multiplier)
    scores = share(d, value, derived.misere_value)
    # _make: the named tuple built from one tuple, without the keyword-handling __new__.
    return _make((value, made, margin, NEEDED[d.bouts], scores, (rules, d, explain)))
