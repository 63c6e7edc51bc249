"""The last steps of scoring: final-score rounding, the two totals, and the breakdown lines.

This module owns the turn of each team's ``Parts`` into its deal score, and into
``BreakdownLine`` objects when a breakdown is asked for: a team's pile is split into card
points, dix de der (when known) and capot bonus, and every non-zero amount gets a line, so
that a team's lines always add up to its score.
"""

from __future__ import annotations

from engine.belote.model import BreakdownLine, Deal, Team
from engine.belote.rules import Rounding, Ruleset
from engine.belote.steps.common import (
    _ROUNDING_NONE,
    _ROUNDING_STAGE_FINAL_DEAL_SCORE,
    Parts,
    points_of,
    round_to,
)

__all__ = ["explain", "round_final", "totals"]


def round_final(parts: Parts, mode: Rounding) -> Parts:
    """Round a team's deal score (the litige reserve left out): ``final_deal_score``."""
    total = sum(v for c, v in parts if c != "litige_reserve")
    diff = round_to(total, mode) - total
    return (*parts, ("rounding", diff)) if diff else parts


def totals(
    rules: Ruleset, rnd: Rounding, tparts: Parts, dparts: Parts
) -> tuple[Parts, Parts, int, int]:
    """The parts after final-score rounding, and the taker's and defense's scores."""
    if rnd is not _ROUNDING_NONE and rules.rounding_stage is _ROUNDING_STAGE_FINAL_DEAL_SCORE:
        tparts = round_final(tparts, rnd)
        dparts = round_final(dparts, rnd)
    return tparts, dparts, sum(map(points_of, tparts)), sum(map(points_of, dparts))


def explain(
    ex: list[BreakdownLine], team: Team, parts: Parts, deal: Deal, cards: int, capot: bool
) -> None:
    """Append ``team``'s breakdown lines for ``parts`` to ``ex``."""
    for code, pts in parts:
        if code == "pile":
            _explain_pile(ex, team, pts, deal, cards, capot)
        elif pts or code == "contract":
            ex.append(BreakdownLine(team, code, pts))
    if not any(line.team is team for line in ex):
        ex.append(BreakdownLine(team, "cards", 0))


def _explain_pile(
    ex: list[BreakdownLine], team: Team, pts: int, deal: Deal, cards: int, capot: bool
) -> None:
    # Split the pile: card points, dix de der (when known), capot bonus.
    if capot:
        ex.append(BreakdownLine(team, "cards", 152))
        ex.append(BreakdownLine(team, "dix_de_der", 10))
        if pts != 162:
            ex.append(BreakdownLine(team, "capot", pts - 162))
    elif deal.dix_de_der is team and pts == cards:
        ex.append(BreakdownLine(team, "cards", pts - 10))
        ex.append(BreakdownLine(team, "dix_de_der", 10))
    else:
        ex.append(BreakdownLine(team, "cards", pts))
