"""Shared by the phases tests: seeded simulations of pool results and bracket results."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.phases import Bracket, BracketMatch, BracketSpec, PoolsPlan, build_bracket
from engine.standings import GameResult


def pool_results(plan: PoolsPlan, rng: random.Random) -> list[GameResult]:
    """A finished game for every scheduled pool match (a classic 12-deal total shared)."""
    out = []
    for m in plan.matches:
        share = rng.randint(600, 1344)
        out.append(GameResult(m.round, m.a, m.b, share, 1944 - share))
    return out


def play(
    spec: BracketSpec,
    choose: Callable[[BracketMatch], int] | None = None,
    rng: random.Random | None = None,
) -> tuple[Bracket, dict[str, int]]:
    """Play a bracket to its end, round of ready matches after round; random winners by default."""
    rng = rng or random.Random(0)
    results: dict[str, int] = {}
    while True:
        bracket = build_bracket(spec, results)
        todo = bracket.to_play()
        if not todo:
            return bracket, results
        for m in todo:
            assert m.team_a is not None and m.team_b is not None
            results[m.id] = choose(m) if choose else rng.choice((m.team_a, m.team_b))
