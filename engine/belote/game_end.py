"""When a game played to a target ends, and who wins it.

This module owns ``target_end``: after a deal, has a team reached (or exceeded) the target,
and who wins when both cross on the same deal (``both_cross_rule``: FFB 2016 higher wins and a
tie means another deal; a draw; the last taker), with the capot-with-belote rule (FFB web,
2015 texts: a team that was capot or failed does not finish on its belote alone). rules.md
§2.10 and §3.8.
"""

from __future__ import annotations

from typing import Final

from engine.belote.deal import Deal, DealScore, Outcome, Team
from engine.belote.rules import BothCrossRule, EndCondition, Ruleset

__all__ = ["target_end"]

_REACH: Final = EndCondition.REACH  # module globals read faster than enum members


def _belote_points(score: DealScore, team: Team) -> int:
    return sum(ln.points for ln in score.breakdown if ln.team is team and ln.code == "belote")


def target_end(
    rules: Ruleset, deal: Deal, score: DealScore, before_a: int, before_b: int
) -> tuple[bool, Team | None]:
    target = rules.target
    ta = before_a + score.score_a
    tb = before_b + score.score_b
    if rules.end_condition is _REACH:
        cross_a, cross_b = ta >= target, tb >= target
    else:
        cross_a, cross_b = ta > target, tb > target
    if not (cross_a or cross_b):
        return False, None
    if rules.capot_belote_cannot_finish:
        # FFB web / 2015 texts: a team that was capot (or failed) cannot reach the target
        # with its belote points alone: another deal is played.
        for team in (Team.A, Team.B):
            crossed = cross_a if team is Team.A else cross_b
            if not crossed:
                continue
            beaten = score.outcome in (Outcome.CAPOT, Outcome.FAILED, Outcome.FAILED_CAPOT) and (
                (deal.taker is team) == (score.outcome is not Outcome.CAPOT)
            )
            if not beaten:
                continue
            bel = _belote_points(score, team)
            without = (ta if team is Team.A else tb) - bel
            still = (
                without >= target
                if rules.end_condition is EndCondition.REACH
                else (without > target)
            )
            if bel and not still:
                if team is Team.A:
                    cross_a = False
                else:
                    cross_b = False
        if not (cross_a or cross_b):
            return False, None
    if cross_a and cross_b:
        rule = rules.both_cross_rule
        if rule is BothCrossRule.DRAW:
            return True, None
        if rule is BothCrossRule.LAST_TAKER_WINS and deal.taker is not None:
            return True, deal.taker
        if ta != tb:
            return True, Team.A if ta > tb else Team.B
        if (
            rule is BothCrossRule.HIGHER_WINS_TIE_EXTRA_DEAL
            or rule is BothCrossRule.LAST_TAKER_WINS
        ):
            return False, None  # FFB: another deal until the tie is broken
        return True, None
    return True, Team.A if cross_a else Team.B
