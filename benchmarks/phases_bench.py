"""Phases benchmarks (issue 17): building brackets and pools on big fields.

Run from the repository root::

    .venv/bin/python benchmarks/phases_bench.py

Scenarios (seeded synthetic results; target: each under 100 ms):

* a 64-team main bracket with every place played (placement matches and third place) and a
  consolante of its 32 first-round losers, also with every place played: both built from their
  full results, then the final placement of the 64 teams;
* the same bracket built after each round of results, as the cockpit does (for information);
* the pools of a 200-team contest (pools of 4, serpentine and seeded draw): drawing and
  scheduling them, ranking them on their 300 results, and qualifying the first two of each.

Prints a Markdown table. Times are the best of ``--repeat`` runs, on one core.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.phases import (
    BracketSpec,
    BracketTier,
    FirstPerPool,
    PoolMethod,
    PoolsSpec,
    build_bracket,
    consolante_of_losers,
    draw_pools,
    final_placement,
    pool_standings,
    qualify,
)
from engine.standings import GameResult

TARGET_S = 0.1


def best_of(repeat: int, run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def full_results(spec: BracketSpec, rng: random.Random) -> dict[str, int]:
    """Every match of the bracket decided by a seeded coin (built round by round, once)."""
    results: dict[str, int] = {}
    while True:
        todo = build_bracket(spec, results).to_play()
        if not todo:
            return results
        for m in todo:
            assert m.team_a is not None and m.team_b is not None
            results[m.id] = rng.choice((m.team_a, m.team_b))


def bracket_scenario(repeat: int) -> list[tuple[str, int, float, str]]:
    rng = random.Random(64)
    main_spec = BracketSpec(tuple(range(1, 65)), places=None, third_place=True)
    main_results = full_results(main_spec, rng)
    main = build_bracket(main_spec, main_results)
    cons_spec = consolante_of_losers(main, places=None, third_place=True)
    cons_results = full_results(cons_spec, rng)

    def everything() -> None:
        built = build_bracket(main_spec, main_results)
        consolante = build_bracket(consolante_of_losers(built, places=None), cons_results)
        placement = final_placement([BracketTier(built), BracketTier(consolante)])
        assert len(placement.places) == 64

    def round_by_round() -> None:
        results: dict[str, int] = {}
        while True:
            todo = build_bracket(main_spec, results).to_play()
            if not todo:
                return
            results.update((m.id, main_results[m.id]) for m in todo)

    matches = len(main.matches) + len(build_bracket(cons_spec).matches)
    return [
        (
            "64-team bracket, every place + consolante of 32, final placement",
            matches,
            best_of(repeat, everything),
            f"< {TARGET_S * 1000:.0f} ms",
        ),
        (
            "64-team bracket rebuilt after each round (cockpit)",
            len(main.matches),
            best_of(repeat, round_by_round),
            "(information)",
        ),
    ]


def pools_scenario(repeat: int) -> list[tuple[str, int, float, str]]:
    field = tuple(range(1, 201))
    rows = []
    for method in (PoolMethod.SERPENTINE, PoolMethod.DRAW):
        spec = PoolsSpec(field, method, pool_size=4, seed=200)
        plan = draw_pools(spec)
        rng = random.Random(200)
        results = []
        for m in plan.matches:
            share = rng.randint(600, 1344)
            results.append(GameResult(m.round, m.a, m.b, share, 1944 - share))

        def build(spec: PoolsSpec = spec) -> None:
            draw_pools(spec)

        def rank_and_qualify(spec: PoolsSpec = spec, results: list[GameResult] = results) -> None:
            built = draw_pools(spec)
            rankings = pool_standings(built, results)
            assert len(qualify(rankings, [FirstPerPool(2)], seed=1).teams) == 100

        rows.append(
            (
                f"200 teams, pools of 4 ({method.value}): draw + schedule",
                len(plan.matches),
                best_of(repeat, build),
                f"< {TARGET_S * 1000:.0f} ms",
            )
        )
        rows.append(
            (
                f"200 teams, pools of 4 ({method.value}): + standings + qualification",
                len(results),
                best_of(repeat, rank_and_qualify),
                f"< {TARGET_S * 1000:.0f} ms",
            )
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.machine()}, best of {args.repeat}\n")
    print("| scenario | matches | time | target |")
    print("|---|---:|---:|---|")
    failed = False
    for name, matches, seconds, target in bracket_scenario(args.repeat) + pools_scenario(
        args.repeat
    ):
        print(f"| {name} | {matches} | {seconds * 1000:.1f} ms | {target} |")
        failed = failed or (target.startswith("<") and seconds >= TARGET_S)
    if failed:
        print("\nSome scenario missed its target.")
        sys.exit(1)


if __name__ == "__main__":
    main()
