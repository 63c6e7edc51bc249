"""Repêchage: losers drawn back into a knockout until the field is a power of two.

After a round of a knockout whose winners are not a power of two (40 teams: 20 winners), the
next power of two is reached by drawing that many of the round's losers by lot (12 of the 20),
so that the following rounds need no bye. The draw is seeded and reported.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from engine.phases.bracket import next_power_of_two
from engine.phases.errors import PhaseError, check_seed, check_teams, is_int
from engine.phases.report import PhaseReport, PhaseReportCode, PhaseReportItem

__all__ = ["Repechage", "repechage"]


@dataclass(frozen=True)
class Repechage:
    field: tuple[int, ...]  # the winners as given, then the drawn losers in draw order
    drawn: tuple[int, ...]
    seed: int
    report: PhaseReport


def repechage(
    winners: Sequence[int],
    losers: Sequence[int],
    *,
    seed: int | None = None,
    target: int | None = None,
) -> Repechage:
    """Draw losers until the field reaches ``target`` (default: the next power of two)."""
    kept = check_teams(winners, minimum=1)
    out = check_teams(losers, minimum=0)
    if set(kept) & set(out):
        raise PhaseError(
            "phases.invalid_teams", team=repr(min(set(kept) & set(out))), reason="winner_and_loser"
        )
    check_seed(seed)
    size = next_power_of_two(len(kept)) if target is None else target
    if not is_int(size) or size < len(kept) or next_power_of_two(size) != size:
        raise PhaseError("phases.invalid_bracket", field="target", value=repr(target))
    needed = size - len(kept)
    if needed > len(out):
        raise PhaseError("phases.not_enough_losers", needed=needed, losers=len(out))
    seed = seed if seed is not None else secrets.randbits(32)
    drawn = tuple(random.Random(seed).sample(sorted(out), needed))
    items = [PhaseReportItem(PhaseReportCode.SEED, {"seed": seed, "what": "repechage"})]
    items += [
        PhaseReportItem(PhaseReportCode.REPECHAGE_DRAWN, {"team": team, "order": n})
        for n, team in enumerate(drawn, start=1)
    ]
    return Repechage(kept + drawn, drawn, seed, PhaseReport(tuple(items)))
