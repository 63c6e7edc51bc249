"""Tarot benchmark: a tarot deal scored beside a belote deal and beside a minimal scorer.

    .venv/bin/python benchmarks/tarot_bench.py --deals 200000 --runs 5   # this section alone
    taskset -c 1 .venv/bin/python benchmarks/engine_bench.py            # also runs it

Issue 29, point 4: scoring a tarot deal (``engine.tarot.deal.score_deal``, every check
included, the breakdown left for when it is read, as belote's) must take at most twice the
time of a belote deal (``score_deal`` under the default preset, ``club_contest``), measured
in the same run. The floor is a minimal hand-written FFT 2012 scorer (``minimal_fft``: no
check, no breakdown) on the same deals. The three are timed in turn in each run, so a busy
machine slows them alike; the best and median of the runs are given, by the wall clock and
by the process's CPU time. Tarot and belote deals are generated before timing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.belote.deal import Deal, Team, score_deal
from engine.belote.rules import PRESETS as BELOTE_PRESETS
from engine.tarot.deal import Contract, PoigneeKind, Side
from engine.tarot.deal import Deal as TarotDeal
from engine.tarot.deal import score_deal as score_tarot_deal
from engine.tarot.rules import PRESETS

DISTINCT = 100_000
_CONTRACTS = (Contract.PETITE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE)
_FFT_MULTIPLIERS = {
    Contract.PETITE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}
_FFT_POIGNEES = {PoigneeKind.SIMPLE: 20, PoigneeKind.DOUBLE: 30, PoigneeKind.TRIPLE: 40}
_NEEDED_HALVES = (112, 102, 82, 72)


def random_tarot_deal(rng: random.Random) -> TarotDeal:
    """A possible deal as clubs play them: mostly at four, gardes and prises, a few primes."""
    n = rng.choices((4, 5, 3), (70, 20, 10))[0]
    if rng.random() < 0.003:  # a chelem announced and made, all the bouts
        taker = rng.randrange(n)
        return TarotDeal(
            n, taker, Contract.GARDE, 182, 3, taker if n == 5 else None, None, Side.TAKER,
            chelem=Side.TAKER, chelem_announced=True,
        )  # fmt: skip
    bouts = rng.choices((0, 1, 2, 3), (20, 40, 30, 10))[0]
    low, high = 9 * bouts, 182 - 9 * (3 - bouts)
    halves = rng.randint(low, high)
    if n == 4 and halves & 1:  # whole points at four
        halves += 1 if halves < high else -1
    taker = rng.randrange(n)
    partner = rng.randrange(n) if n == 5 else None
    petit = None
    if rng.random() < 0.1:
        petit = Side.TAKER if bouts and (bouts == 3 or rng.random() < 0.6) else Side.DEFENSE
    poignees = ((rng.randrange(n), PoigneeKind.SIMPLE),) if rng.random() < 0.08 else ()
    contract = rng.choices(_CONTRACTS, (40, 45, 10, 5))[0]
    return TarotDeal(n, taker, contract, halves, bouts, partner, None, petit, poignees=poignees)


def minimal_fft(d: TarotDeal) -> list[int]:
    """The FFT 2012 marque of the benchmark's deals written as plainly as possible (no check)."""
    m = _FFT_MULTIPLIERS[d.contract]
    diff = d.halves - _NEEDED_HALVES[d.bouts]
    won = diff >= 0
    x = (25 + (diff + 1) // 2) * m if won else -(25 + (1 - diff) // 2) * m
    if d.petit_au_bout is Side.TAKER:
        x += 10 * m
    elif d.petit_au_bout is Side.DEFENSE:
        x -= 10 * m
    for _, kind in d.poignees:
        x += _FFT_POIGNEES[kind] if won else -_FFT_POIGNEES[kind]
    if d.chelem is Side.TAKER:
        x += 400 if d.chelem_announced else 200
    scores = [-x] * d.players
    if d.partner is not None and d.partner != d.taker:
        scores[d.partner] = x
        scores[d.taker] = 2 * x
    else:
        scores[d.taker] = (d.players - 1) * x
    return scores


def _belote_deal(rng: random.Random) -> Deal:
    """A classic deal as engine_bench.py draws them for the classic presets."""
    capot = rng.choice((Team.A, Team.B)) if rng.random() < 0.03 else None
    return Deal(
        taker=rng.choice((Team.A, Team.B)),
        belote=rng.choice((None, None, Team.A, Team.B)),
        capot=capot,
        points_a=None if capot else rng.randint(0, 162),
    )


def _timed(fn: Callable[[], object]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def _loop(fn: Callable[[object], object], items: Sequence[object], n: int) -> Callable[[], None]:
    reps, rest = divmod(n, len(items))

    def run() -> None:
        for _ in range(reps):
            for item in items:
                fn(item)
        for item in items[:rest]:
            fn(item)

    return run


def measure(n: int, seed: int, runs: int) -> dict[str, dict[str, float]]:
    """µs per deal (best and median of ``runs``, wall clock and CPU) of the three scorers."""
    rng = random.Random(seed)
    tarot_deals = [random_tarot_deal(rng) for _ in range(min(n, DISTINCT))]
    belote_deals = [_belote_deal(rng) for _ in range(min(n, DISTINCT))]
    tarot_rules = PRESETS["fft_2012"].rules
    belote_rules = BELOTE_PRESETS["club_contest"].rules
    scorers = {
        "belote": _loop(lambda d: score_deal(belote_rules, d), belote_deals, n),  # type: ignore[arg-type]
        "tarot": _loop(lambda d: score_tarot_deal(tarot_rules, d), tarot_deals, n),  # type: ignore[arg-type]
        "floor": _loop(minimal_fft, tarot_deals, n),  # type: ignore[arg-type]
    }
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in scorers}
    for _ in range(runs):  # in turn, so that a busy moment slows all three
        for name, run in scorers.items():
            times[name].append(_timed(run))
    return {
        name: {
            "best": min(w for w, _ in t) / n * 1e6,
            "median": statistics.median(w for w, _ in t) / n * 1e6,
            "cpu_best": min(c for _, c in t) / n * 1e6,
            "cpu_median": statistics.median(c for _, c in t) / n * 1e6,
        }
        for name, t in times.items()
    }


def report(n: int, seed: int, runs: int) -> None:
    """Print the tarot section of the engine benchmark (docs/benchmarks.md, "Tarot and rami")."""
    r = measure(n, seed, runs)
    print(f"\nTarot: {n:,} deals (FFT 2012) beside {n:,} belote deals (club_contest), {runs} runs")
    print("\n| scorer | µs per deal, best | median | CPU µs, best | CPU median |")
    print("|---|---:|---:|---:|---:|")
    labels = {
        "belote": "belote `score_deal`, club_contest",
        "tarot": "tarot `score_deal`, fft_2012",
        "floor": "minimal hand-written FFT scorer (floor)",
    }
    for name, label in labels.items():
        x = r[name]
        print(
            f"| {label} | {x['best']:.2f} | {x['median']:.2f} | {x['cpu_best']:.2f} | "
            f"{x['cpu_median']:.2f} |"
        )
    t, b, f = r["tarot"], r["belote"], r["floor"]
    print(
        f"\nTarot deal ÷ belote deal: {t['median'] / b['median']:.2f} (median), "
        f"{t['best'] / b['best']:.2f} (best), {t['cpu_median'] / b['cpu_median']:.2f} (CPU "
        f"median); goal at most 2. Tarot ÷ floor: {t['median'] / f['median']:.2f} (median)."
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report(args.deals, args.seed, args.runs)


if __name__ == "__main__":
    main()
