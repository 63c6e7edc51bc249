"""Engine benchmark: score random valid deals per preset and fold random games.

    taskset -c 1 .venv/bin/python benchmarks/engine_bench.py            # the issue's scenario
    .venv/bin/python benchmarks/engine_bench.py --deals 100000 --games 1000 --runs 1  # quick

The issue's scenario is the default: 1,000,000 random valid deals per preset and 10,000 random
games, each timed ``--runs`` times (best and median reported). Deals are generated before timing
(100,000 distinct deals per preset, cycled); the timed loop only calls ``score_deal``. Rates
are given against the wall clock and against the process's CPU time: on a shared machine the
wall clock also counts the time other processes held the core, the CPU time does not.

Peak memory: tracemalloc in separate, smaller passes (tracemalloc slows Python down, so it is
kept out of the timed loops): scoring and keeping 10,000 results, and folding and keeping
1,000 whole games; plus the process's maximum resident set size at the end. The header gives
the date, the command, the Python version, the CPU affinity and the load average. Results go
in docs/benchmarks.md by hand.

Two reference rows measure the classic fast path (engine/belote/steps/fast.py) in the same run: each
classic preset scored through the general path alone (``score_general``, what ``score_deal``
does without the shortcut), and a minimal hand-written function scoring the same deals under
the FFB 2016 classic rule (the floor: the engine should reach at least a fifth of it).

Tarot (``tarot_bench.report``, at the end): a tarot donne beside a belote deal and beside a
minimal hand-written tarot scorer, in the same run (goal: a tarot deal within 2× a belote deal).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rami_bench import rami_report  # benchmarks/rami_bench.py: a rami deal beside a belote deal
from tarot_bench import report as report_tarot

from engine.belote.deal import Contract, Deal, Team, score_deal
from engine.belote.game import GameState
from engine.belote.rules import PRESETS, Ruleset
from engine.belote.steps.general import score_general

A, B = Team.A, Team.B
DISTINCT_DEALS = 100_000
DEALS_PER_GAME = 40  # enough for every preset's target; a game stops when it is over


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


def timed(fn: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def bench_deals(name: str, n: int, seed: int, runs: int) -> dict[str, float]:
    rules = PRESETS[name].rules
    rng = random.Random(seed)
    deals = [random_deal(rng, rules) for _ in range(min(n, DISTINCT_DEALS))]
    reps, rest = divmod(n, len(deals))
    tail = deals[:rest]

    def score_all() -> None:
        for _ in range(reps):
            for d in deals:
                score_deal(rules, d)
        for d in tail:
            score_deal(rules, d)

    times = [timed(score_all) for _ in range(runs)]
    wall = [n / w for w, _ in times]
    cpu = [n / c for _, c in times]
    tracemalloc.start()
    kept = [score_deal(rules, d) for d in deals[:10_000]]
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del kept
    return {
        "best": max(wall),
        "median": statistics.median(wall),
        "cpu_best": max(cpu),
        "cpu_median": statistics.median(cpu),
        "peak": peak,
    }


def minimal_ffb_classic(deal: Deal) -> tuple[int, int]:
    """The FFB 2016 classic rule for the benchmark's deals, written as plainly as possible.

    Taker total (cards + belote) strictly above the defense's: each team its points (a capot
    252); below: 162 to the defense, belote kept; equal: litige, the taker's points held.
    """
    taker_a = deal.taker is A
    if deal.capot is not None:
        ct = 162 if deal.capot is deal.taker else 0
    else:
        pa = deal.points_a if deal.points_a is not None else 0
        ct = pa if taker_a else 162 - pa
    bt = 20 if deal.belote is deal.taker else 0
    bd = 20 if deal.belote is not None and not bt else 0
    if deal.capot is not None:
        st, sd = (252 + bt, bd) if ct else (bt, 252 + bd)
    elif ct + bt > 162 - ct + bd:
        st, sd = ct + bt, 162 - ct + bd
    elif ct + bt < 162 - ct + bd:
        st, sd = bt, 162 + bd
    else:
        st, sd = 0, 162 - ct + bd
    return (st, sd) if taker_a else (sd, st)


def bench_reference(
    name: str, n: int, seed: int, fn: Callable[[Ruleset, Deal], object]
) -> tuple[float, float]:
    """Deals/s (wall clock, CPU time) of ``fn`` on the same deals as ``bench_deals``."""
    rules = PRESETS[name].rules
    rng = random.Random(seed)
    deals = [random_deal(rng, rules) for _ in range(min(n, DISTINCT_DEALS))]
    reps, rest = divmod(n, len(deals))

    def score_all() -> None:
        for _ in range(reps):
            for d in deals:
                fn(rules, d)
        for d in deals[:rest]:
            fn(rules, d)

    wall, cpu = timed(score_all)
    return n / wall, n / cpu


def _score_deal(rules: Ruleset, deal: Deal) -> object:
    return score_deal(rules, deal)


def _general(rules: Ruleset, deal: Deal) -> object:
    return score_general(rules, deal, 0, False, None)


def _minimal(rules: Ruleset, deal: Deal) -> object:
    return minimal_ffb_classic(deal)


def make_games(n: int, seed: int) -> list[tuple[Ruleset, list[Deal]]]:
    rng = random.Random(seed)
    names = list(PRESETS)
    games = []
    for i in range(n):
        rules = PRESETS[names[i % len(names)]].rules
        games.append((rules, [random_deal(rng, rules) for _ in range(DEALS_PER_GAME)]))
    return games


def fold(rules: Ruleset, deals: list[Deal]) -> GameState:
    state = GameState(rules)
    for d in deals:
        if state.game_over:
            break
        state = state.apply(d)
    return state


def bench_games(n: int, seed: int, runs: int) -> dict[str, float]:
    games = make_games(n, seed)
    applied = sum(len(fold(rules, deals).entries) for rules, deals in games)
    ended = sum(fold(rules, deals).game_over for rules, deals in games)

    def fold_all() -> None:
        for rules, deals in games:
            fold(rules, deals)

    times = [timed(fold_all) for _ in range(runs)]
    wall = [n / w for w, _ in times]
    cpu = [n / c for _, c in times]
    tracemalloc.start()
    kept = [fold(rules, deals) for rules, deals in games[:1000]]
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del kept
    return {
        "best": max(wall),
        "median": statistics.median(wall),
        "cpu_best": max(cpu),
        "cpu_median": statistics.median(cpu),
        "deals_per_game": applied / n,
        "ended": ended,
        "peak": peak,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=1_000_000, help="deals scored per preset")
    parser.add_argument("--games", type=int, default=10_000, help="games folded")
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each measure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", nargs="*", default=list(PRESETS), choices=list(PRESETS))
    parser.add_argument("--rami-deals", type=int, default=1_000_000, help="rami deals (0: none)")
    args = parser.parse_args()
    affinity = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    print(f"Date: {dt.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}")
    print(f"Command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(
        f"Python {platform.python_version()} on {platform.machine()}, CPUs allowed: {affinity}, "
        f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(f"{args.deals:,} deals per preset, {args.games:,} games, {args.runs} timed runs each\n")
    print(
        "| preset | deals/s best | deals/s median | CPU-time deals/s best | "
        "peak memory, 10,000 kept results |"
    )
    print("|---|---:|---:|---:|---:|")
    for name in args.presets:
        r = bench_deals(name, args.deals, args.seed, args.runs)
        print(
            f"| {name} | {r['best']:,.0f} | {r['median']:,.0f} | {r['cpu_best']:,.0f} | "
            f"{r['peak'] / 1e6:.1f} MB |",
            flush=True,
        )
    classic = [n for n in args.presets if PRESETS[n].rules.derived.classic is not None]
    if classic:
        print(
            "\n| classic preset | fast path deals/s | general path only | gain "
            "| fast path, CPU time | general, CPU time | gain, CPU time |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|")
        for name in classic:
            fast = bench_reference(name, args.deals, args.seed, _score_deal)
            general = bench_reference(name, args.deals, args.seed, _general)
            print(
                f"| {name} | {fast[0]:,.0f} | {general[0]:,.0f} | × {fast[0] / general[0]:.2f} "
                f"| {fast[1]:,.0f} | {general[1]:,.0f} | × {fast[1] / general[1]:.2f} |",
                flush=True,
            )
        floor = bench_reference("ffb_classic_2016", args.deals, args.seed, _minimal)
        engine = bench_reference("ffb_classic_2016", args.deals, args.seed, _score_deal)
        print(
            f"\nMinimal hand-written FFB classic function on the ffb_classic_2016 deals: "
            f"{floor[0]:,.0f} deals/s (CPU time {floor[1]:,.0f}); score_deal {engine[0]:,.0f} "
            f"(CPU time {engine[1]:,.0f}) = {engine[0] / floor[0]:.2f} of it "
            f"({engine[1] / floor[1]:.2f} in CPU time; goal: at least 0.20)"
        )
    if args.games:
        g = bench_games(args.games, args.seed, args.runs)
        print(
            f"\nGames: {args.games:,} folded ({g['ended']:,} ended, "
            f"{g['deals_per_game']:.1f} deals applied per game on average): "
            f"{g['best']:,.0f} games/s best, {g['median']:,.0f} median "
            f"(CPU time: {g['cpu_best']:,.0f} best), that is "
            f"{g['best'] * g['deals_per_game']:,.0f} deals applied/s; "
            f"peak {g['peak'] / 1e6:.1f} MB keeping 1,000 folded games"
        )
    report_tarot(args.deals, args.seed, args.runs)
    if args.rami_deals:
        rami_report(args.rami_deals, args.seed, args.runs)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    print(f"Process maximum resident set size: {rss:.0f} MB")
    print(f"Load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
