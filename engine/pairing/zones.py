"""Pairing a large field by zones around its conflicts (the ``zones`` strategy).

The natural pairing (1-2, 3-4, ...) is optimal wherever it has no rematch or club conflict, so
every conflicting natural table opens a *zone* of its neighbours (``ZONE_MARGIN`` tables each
side). Each zone is solved exactly (:mod:`.exact`); a zone whose solution still holds a rematch
is doubled (merging with its neighbours) until it is rematch-free or covers the whole field.
Outside the zones the natural tables stand. A rematch therefore only survives in a zone
covering a whole field solved in one piece, where it is proven unavoidable with that bye; the
next eligible byes are then tried (``BYE_RETRIES``). Club conflicts widen a zone up to
``CLUB_ZONE_MAX`` teams only: they are avoided on a best-effort basis.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from engine.pairing.cost import Context
from engine.pairing.exact import EXACT_MAX, solve_block
from engine.pairing.model import Strategy

__all__ = ["BYE_RETRIES", "CLUB_ZONE_MAX", "ZONE_MARGIN", "Outcome", "pair_ordered", "rematches"]

CLUB_ZONE_MAX: Final = 40
"""Club conflicts widen a zone up to this many teams, no further."""
ZONE_MARGIN: Final = 2
"""Natural tables added on each side of a conflicting one to form its zone."""
BYE_RETRIES: Final = 8
"""In zone mode, how many further eligible byes are tried when a rematch remains."""


@dataclass
class Outcome:
    pairs: list[tuple[int, int]]
    bye: int | None
    strategy: Strategy
    reduced: list[int]  # the order without the bye: natural tables are consecutive pairs
    proven: bool  # rematches left (if any) are proven unavoidable


def pair_ordered(ctx: Context, order: list[int], bye_pref: list[int]) -> Outcome:
    """Pair ``order`` (best first), choosing the bye from ``bye_pref`` when it is odd."""
    if len(order) <= EXACT_MAX + 1:
        pairs, bye, _ = solve_block(ctx, order, bye_pref)
        reduced = [t for t in order if t != bye]
        if ctx.greedy_teams:
            return Outcome(pairs, bye, Strategy.GREEDY, reduced, proven=False)
        return Outcome(pairs, bye, Strategy.EXACT, reduced, proven=True)

    bye = bye_pref[0] if bye_pref else None
    reduced = [t for t in order if t != bye]
    pairs, proven = solve_zones(ctx, reduced)
    if bye is not None and rematches(ctx, pairs):
        # another eligible bye may leave a rematch-free field
        best = (len(rematches(ctx, pairs)), pairs, bye, reduced, proven)
        tried_all = len(bye_pref) <= BYE_RETRIES + 1
        for candidate in bye_pref[1 : BYE_RETRIES + 1]:
            if not ctx.clock.allows(0.0):
                tried_all = False
                break
            other = [t for t in order if t != candidate]
            other_pairs, other_proven = solve_zones(ctx, other)
            count = len(rematches(ctx, other_pairs))
            if count < best[0]:
                best = (count, other_pairs, candidate, other, other_proven)
            if count == 0:
                break
        _, pairs, bye, reduced, proven = best
        proven = proven and tried_all
    strategy = Strategy.GREEDY if ctx.greedy_teams else Strategy.ZONES
    return Outcome(pairs, bye, strategy, reduced, proven and not ctx.greedy_teams)


def rematches(ctx: Context, pairs: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(a, b) for a, b in pairs if ctx.history.meetings(a, b) > 0]


def solve_zones(ctx: Context, reduced: list[int]) -> tuple[list[tuple[int, int]], bool]:
    """Pair an even ``reduced`` order by zones around the conflicting natural tables."""
    n_tables = len(reduced) // 2
    conflicts = [k for k in range(n_tables) if ctx.conflict(reduced[2 * k], reduced[2 * k + 1])]
    zones = [(max(0, k - ZONE_MARGIN), min(n_tables - 1, k + ZONE_MARGIN)) for k in conflicts]
    solved: dict[tuple[int, int], list[tuple[int, int]]] = {}
    while True:
        zones = _merge(zones)
        widened: list[tuple[int, int]] = []
        changed = False
        for lo, hi in zones:
            if (lo, hi) not in solved:
                block = reduced[2 * lo : 2 * hi + 2]
                before = ctx.greedy_teams
                pairs, _, _ = solve_block(ctx, block)
                if ctx.greedy_teams > before:
                    solved[(lo, hi)] = pairs
                    widened.append((lo, hi))
                    continue  # no widening after the fallback: the budget is spent
                solved[(lo, hi)] = pairs
            pairs = solved[(lo, hi)]
            teams = 2 * (hi - lo + 1)
            whole = lo == 0 and hi == n_tables - 1
            needs = (not whole and rematches(ctx, pairs)) or (
                ctx.avoid_club
                and teams < min(CLUB_ZONE_MAX, len(reduced))
                and any(ctx.same_club(a, b) for a, b in pairs)
            )
            if needs and ctx.clock.allows(0.0):
                grow = (hi - lo + 2) // 2
                widened.append((max(0, lo - grow), min(n_tables - 1, hi + grow)))
                changed = True
            else:
                widened.append((lo, hi))
        zones = widened
        if not changed:
            break
    pairs_out: list[tuple[int, int]] = []
    covered = [False] * n_tables
    for lo, hi in zones:
        pairs_out += solved[(lo, hi)]
        for k in range(lo, hi + 1):
            covered[k] = True
    for k in range(n_tables):
        if not covered[k]:
            pairs_out.append((reduced[2 * k], reduced[2 * k + 1]))
    left = rematches(ctx, pairs_out)
    proven = not left or (len(zones) == 1 and zones[0] == (0, n_tables - 1))
    return pairs_out, proven


def _merge(zones: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for lo, hi in sorted(zones):
        if merged and lo <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged
