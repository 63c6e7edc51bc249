"""Rami benchmark: a rami deal scored beside a belote deal and beside a minimal scorer (the floor).

    taskset -c 1 .venv/bin/python benchmarks/rami_bench.py                 # 1,000,000 of each
    .venv/bin/python benchmarks/rami_bench.py --deals 100000 --runs 1      # quick

Also run at the end of ``benchmarks/engine_bench.py`` (``--rami-deals``). Issue 29, point 4:
scoring a rami deal should take at most twice the time of a belote deal on the same machine,
in the same run. Measured, each ``--runs`` times (best and median reported, against the wall
clock and the process's CPU time):

* a belote deal: ``score_deal`` on random classic deals under ``ffb_classic_2016``;
* a rami deal as a paper sheet records it: four players' penalties (``score_deal`` of
  ``seed_002``), one in ten a rami;
* the same deals with every player's cards written (the engine also checks the cards: dealt
  count, copies in the deck, worth the penalty);
* the floor: a minimal hand-written function scoring the same penalties under the seed page's
  rule (the player out 0, the others their penalty, doubled on a rami), checking nothing.

Rami and belote deals are generated before timing (100,000 distinct, cycled).
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
from engine.rami.cards import CARD_VALUES
from engine.rami.deal import Deal as RamiDeal
from engine.rami.deal import score_deal as score_rami_deal
from engine.rami.presets import make_rules

DISTINCT = 100_000
PLAYERS = ("Anne", "Bob", "Chloé", "Dan")
DECK = [card for card in CARD_VALUES if card != "JOKER"]


def random_rami_deal(rng: random.Random, with_cards: bool) -> RamiDeal:
    """Four players dealt 7 cards from one deck; one goes out, the others keep 1 to 7 cards."""
    cards = rng.sample(DECK, 28)
    winner = rng.randrange(4)
    held = tuple(
        () if seat == winner else tuple(cards[7 * seat : 7 * seat + rng.randint(1, 7)])
        for seat in range(4)
    )
    penalties = tuple(sum(CARD_VALUES[c] for c in h) for h in held)
    return RamiDeal(PLAYERS, penalties, rng.random() < 0.1, cards=held if with_cards else None)


def random_belote_deal(rng: random.Random) -> Deal:
    taker = rng.choice((Team.A, Team.B))
    capot = rng.choice((Team.A, Team.B)) if rng.random() < 0.03 else None
    return Deal(
        taker=taker,
        belote=rng.choice((None, None, Team.A, Team.B)),
        capot=capot,
        points_a=None if capot else rng.randint(0, 162),
    )


def minimal_rami(penalties: Sequence[int], rami: bool) -> tuple[int, ...]:
    """The seed page's penalty count, written as plainly as possible (no check)."""
    return tuple(p * 2 for p in penalties) if rami else tuple(penalties)


def _rates(
    n: int, items: Sequence[object], score: Callable[[object], object], runs: int
) -> dict[str, float]:
    reps, rest = divmod(n, len(items))
    tail = items[:rest]

    def score_all() -> None:
        for _ in range(reps):
            for item in items:
                score(item)
        for item in tail:
            score(item)

    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        score_all()
        walls.append(n / (time.perf_counter() - wall))
        cpus.append(n / (time.process_time() - cpu))
    return {"best": max(walls), "median": statistics.median(walls), "cpu": max(cpus)}


def rami_report(n: int, seed: int, runs: int) -> None:
    """Print the table: belote deal, rami deal (penalties, cards), floor; the ratios."""
    rng = random.Random(seed)
    count = min(n, DISTINCT)
    deals = [random_belote_deal(rng) for _ in range(count)]
    plain = [random_rami_deal(rng, False) for _ in range(count)]
    carded = [random_rami_deal(rng, True) for _ in range(count)]
    belote_rules = BELOTE_PRESETS["ffb_classic_2016"].rules
    rules = make_rules("seed_002")
    rows = [
        (
            "belote deal (score_deal, ffb_classic_2016)",
            deals,
            lambda d: score_deal(belote_rules, d),
        ),
        (
            "rami deal, penalties written (score_deal, seed_002)",
            plain,
            lambda d: score_rami_deal(rules, d),
        ),
        (
            "rami deal, cards written (score_deal, seed_002)",
            carded,
            lambda d: score_rami_deal(rules, d),
        ),
        (
            "floor: minimal hand-written rami scorer",
            plain,
            lambda d: minimal_rami(d.penalties, d.rami),
        ),
    ]
    print(f"\nRami ({n:,} of each, 4 players, one deck; {runs} timed runs)\n")
    print(
        "| scenario | per second, best | median | CPU time, best | µs each (CPU) | × a belote deal (CPU) |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    belote_cpu = 0.0
    for name, items, fn in rows:
        r = _rates(n, items, fn, runs)
        belote_cpu = belote_cpu or r["cpu"]
        print(
            f"| {name} | {r['best']:,.0f} | {r['median']:,.0f} | {r['cpu']:,.0f} "
            f"| {1e6 / r['cpu']:.2f} | {belote_cpu / r['cpu']:.2f} |",
            flush=True,
        )
    print("\nGoal (issue 29): a rami deal at most 2.00 × a belote deal.")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--deals", type=int, default=1_000_000, help="rami deals (and belote deals) scored"
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rami_report(args.deals, args.seed, args.runs)


if __name__ == "__main__":
    main()
