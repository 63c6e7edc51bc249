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

* the app's reading of a bracket (``tournaments.services.phases.read.bracket_with_results``:
  the bracket rebuilt from the winners of the pairs of teams that met, as the phases pages,
  the cockpit and the draw of a partie do), when Django is importable;
* floors, in the same run: minimal hand-written functions doing the least possible work (a
  plain single-elimination of 64 by halving a list; a serpentine deal of 200 teams into pools
  of 4, their pairs and a sort by points) to read the engine's figures against.

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


def floor_bracket(teams: list[int], rng: random.Random) -> int:
    """The least work of a knockout: halve the field by coin until one team is left."""
    field = list(teams)
    eliminated: list[int] = []
    while len(field) > 1:
        winners = []
        for a, b in zip(field[::2], field[1::2], strict=True):
            w = a if rng.random() < 0.5 else b
            winners.append(w)
            eliminated.append(b if w == a else a)
        field = winners
    return field[0]


def floor_pools(teams: list[int]) -> list[list[int]]:
    """The least work of pools: a serpentine deal, every pair of a pool, a sort by points."""
    count = len(teams) // 4
    pools: list[list[int]] = [[] for _ in range(count)]
    for i, team in enumerate(teams):
        row, col = divmod(i, count)
        pools[col if row % 2 == 0 else count - 1 - col].append(team)
    ranked = []
    for pool in pools:
        points = dict.fromkeys(pool, 0)
        for i, a in enumerate(pool):
            for b in pool[i + 1 :]:
                points[a if (a + b) % 2 else b] += 2
        ranked.append(sorted(pool, key=lambda t: -points[t]))
    return ranked


def floor_scenario(repeat: int) -> list[tuple[str, int, float, str]]:
    rng = random.Random(1)
    return [
        (
            "floor: 64-team single elimination by halving a list",
            63,
            best_of(repeat, lambda: floor_bracket(list(range(1, 65)), rng)),
            "(floor)",
        ),
        (
            "floor: 200 teams dealt in pools of 4, pairs, sorted by points",
            300,
            best_of(repeat, lambda: floor_pools(list(range(1, 201)))),
            "(floor)",
        ),
    ]


def app_scenario(repeat: int) -> list[tuple[str, int, float, str]]:
    """The bracket as the app reads it (winners by pair of teams), if Django can start."""
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "1")
    try:
        import django

        django.setup()
        from tournaments.services.phases.read import bracket_with_results
    except Exception as exc:
        print(f"(app scenario skipped: {exc})\n")
        return []
    rng = random.Random(64)
    spec = BracketSpec(tuple(range(1, 65)), places=None, third_place=True)
    results = full_results(spec, rng)
    built = build_bracket(spec, results)
    winners = {
        frozenset((m.team_a or 0, m.team_b or 0)): m.winner
        for m in built.matches
        if m.winner is not None
    }

    def read() -> None:
        assert bracket_with_results(spec, winners).finished  # type: ignore[arg-type]

    return [
        (
            "app: 64-team bracket, every place, rebuilt from the pairs' winners",
            len(built.matches),
            best_of(repeat, read),
            f"< {TARGET_S * 1000:.0f} ms",
        )
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.machine()}, best of {args.repeat}\n")
    print("| scenario | matches | time | target |")
    print("|---|---:|---:|---|")
    failed = False
    rows = (
        bracket_scenario(args.repeat)
        + pools_scenario(args.repeat)
        + app_scenario(args.repeat)
        + floor_scenario(args.repeat)
    )
    for name, matches, seconds, target in rows:
        ms = seconds * 1000
        print(
            f"| {name} | {matches} | {ms:.2f} ms | {target} |"
            if ms < 1
            else f"| {name} | {matches} | {ms:.1f} ms | {target} |"
        )
        failed = failed or (target.startswith("<") and seconds >= TARGET_S)
    if failed:
        print("\nSome scenario missed its target.")
        sys.exit(1)


if __name__ == "__main__":
    main()
