"""Engine benchmark: score random valid deals per preset and fold random games.

    .venv/bin/python benchmarks/engine_bench.py [--deals 1000000] [--games 10000] [--seed 1]

Deals are generated before timing; the timed loop only calls ``score_deal``. Peak memory is
measured by tracemalloc in a separate, smaller pass (tracemalloc slows Python down, so it is
kept out of the timed loop). Results go in docs/benchmarks.md by hand.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.deal import Contract, Deal, Team, score_deal
from engine.game import fold_game
from engine.rules import PRESETS, Ruleset

A, B = Team.A, Team.B


def random_deal(rng: random.Random, rules: Ruleset) -> Deal:
    taker = rng.choice((A, B))
    belote = rng.choice((None, None, A, B))
    capot = rng.choice((A, B)) if rng.random() < 0.03 else None
    pts = None if capot else rng.randint(0, 162)
    kw: dict[str, object] = {"taker": taker, "belote": belote, "capot": capot, "points_a": pts}
    if rules.derived.auction:
        if rng.random() < 0.05:
            kw["contract"] = Contract.CAPOT
        else:
            kw["bid"] = rng.choice(sorted(rules.derived.allowed_bids))
        level = rng.choices((0, 1, 2), (85, 12, 3))[0]
        kw["contre"], kw["surcontre"] = level >= 1, level == 2
    return Deal(**kw)  # type: ignore[arg-type]


def bench_deals(name: str, n: int, seed: int) -> tuple[float, int]:
    rules = PRESETS[name].rules
    rng = random.Random(seed)
    deals = [random_deal(rng, rules) for _ in range(min(n, 100_000))]
    reps, rest = divmod(n, len(deals))
    start = time.perf_counter()
    for _ in range(reps):
        for d in deals:
            score_deal(rules, d)
    for d in deals[:rest]:
        score_deal(rules, d)
    elapsed = time.perf_counter() - start
    # peak memory of scoring (and keeping) 10,000 results
    tracemalloc.start()
    kept = [score_deal(rules, d) for d in deals[:10_000]]
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del kept
    return n / elapsed, peak


def bench_games(n: int, seed: int) -> tuple[float, float, int]:
    rng = random.Random(seed)
    names = list(PRESETS)
    games = []
    for i in range(n):
        rules = PRESETS[names[i % len(names)]].rules
        games.append((rules, [random_deal(rng, rules) for _ in range(40)]))
    start = time.perf_counter()
    folded = 0
    for rules, deals in games:
        state = fold_game(rules, [])
        for d in deals:
            if state.game_over:
                break
            state = state.apply(d)
            folded += 1
    elapsed = time.perf_counter() - start
    tracemalloc.start()
    for rules, deals in games[:200]:
        fold_game(rules, []).apply(deals[0])
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return n / elapsed, folded / elapsed, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.deals} deals/preset")
    print("| preset | deals/s | peak memory, 10,000 kept results |")
    print("|---|---:|---:|")
    for name in PRESETS:
        rate, peak = bench_deals(name, args.deals, args.seed)
        print(f"| {name} | {rate:,.0f} | {peak / 1e6:.1f} MB |")
    games_rate, deals_rate, peak = bench_games(args.games, args.seed)
    print(
        f"\nGames: {args.games} folded, {games_rate:,.0f} games/s, "
        f"{deals_rate:,.0f} deals applied/s, peak {peak / 1e6:.1f} MB"
    )


if __name__ == "__main__":
    main()
