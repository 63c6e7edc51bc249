"""The fallback under the time budget: greedy pairing in order, then local repair.

Each team in order takes the nearest later team it may meet (not met, and of another club when
asked); swaps with nearby tables then remove the rematches left. It is optimal for nothing and
only runs when an exact solve would overrun the budget (reported as ``fallback_used``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.pairing.cost import Context

__all__ = ["GREEDY_LOOKAHEAD", "greedy"]

GREEDY_LOOKAHEAD: Final = 64
"""How far down the order a team looks for a partner, and a repair for a table."""


def greedy(
    ctx: Context, block: Sequence[int], bye_pref: Sequence[int] = ()
) -> tuple[list[tuple[int, int]], int | None, bool]:
    """The fallback: nearest acceptable partner in order, then swaps to remove rematches."""
    bye = bye_pref[0] if bye_pref else None
    waiting = [t for t in block if t != bye]
    ctx.greedy_teams += len(waiting)
    history = ctx.history
    pairs: list[tuple[int, int]] = []
    while waiting:
        a = waiting.pop(0)
        window = waiting[:GREEDY_LOOKAHEAD]
        choice = next((i for i, b in enumerate(window) if not ctx.conflict(a, b)), None)
        if choice is None:
            choice = next((i for i, b in enumerate(window) if history.meetings(a, b) == 0), 0)
        pairs.append((a, waiting.pop(choice)))
    # local repair: swap partners with the nearest table that makes both tables rematch-free
    for i, (a, b) in enumerate(pairs):
        if history.meetings(a, b) == 0:
            continue
        for distance in range(1, len(pairs)):
            done = False
            for j in (i - distance, i + distance):
                if not 0 <= j < len(pairs):
                    continue
                c, d = pairs[j]
                if history.meetings(a, c) == 0 and history.meetings(b, d) == 0:
                    pairs[i], pairs[j] = (a, c), (b, d)
                    done = True
                elif history.meetings(a, d) == 0 and history.meetings(b, c) == 0:
                    pairs[i], pairs[j] = (a, d), (b, c)
                    done = True
                if done:
                    break
            if done or (not ctx.clock.allows(0.0) and distance > GREEDY_LOOKAHEAD):
                break
    return pairs, bye, True
