"""Pairing benchmarks (issue 4): how long ``engine.pairing.pair_round`` takes on big fields.

Run from the repository root::

    .venv/bin/python benchmarks/pairing_bench.py

Scenarios (each contest is simulated with seeded synthetic results: round 1 drawn at random,
later rounds paired by ranking, the ranking being the sum of points scored):

* 1,000 teams, round 5 by ranking (4 rounds of history): target < 2 s, zero rematches.
* 100 teams, round 5 by ranking: target < 0.2 s.
* 10,000 teams, round 5 by ranking (stress), with the default budget and with a budget far too
  small, which forces the documented greedy fallback: target < 10 s.
* The naive approach, one blossom over the complete graph with the same costs, against ours on
  a smaller field (the naive run on 1,000 teams takes minutes), as a time ratio and a cost
  comparison.

Prints a Markdown table (copied into docs/benchmarks.md, section "Pairing"). Times are the best
of ``--repeat`` runs, on one core (pure Python, single-threaded).
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

from engine.pairing import (
    Entrant,
    History,
    PairingRequest,
    PairingResult,
    ReportCode,
    pair_round,
)
from engine.pairing.matching import min_cost_max_matching


def ranked(points: dict[int, int]) -> tuple[Entrant, ...]:
    """Entrants ranked by points (higher first), ties by id, so that every rank is distinct
    and the naive solver sees exactly the engine's order."""
    order = sorted(points, key=lambda t: (-points[t], t))
    return tuple(Entrant(team, i, club=f"club{team % 37}") for i, team in enumerate(order, 1))


def play(result: PairingResult, points: dict[int, int], rng: random.Random) -> None:
    """Synthetic results: a partie of 12 donnes, about 1,944 points shared unevenly."""
    for table in result.tables:
        share = rng.randint(500, 1444)
        points[table.a] += share
        points[table.b] += 1944 - share
    if result.bye is not None:
        points[result.bye] += 972  # half a game


def contest(teams: int, rounds: int, seed: int = 2024) -> tuple[tuple[Entrant, ...], History]:
    """The entrants (ranked) and history after ``rounds`` simulated rounds."""
    rng = random.Random(seed)
    points = dict.fromkeys(range(1, teams + 1), 0)
    history = History()
    for number in range(1, rounds + 1):
        method = "random" if number == 1 else "ranking"
        request = PairingRequest(
            method,
            ranked(points),
            round_number=number,
            history=history,
            seed=seed + number,
            time_budget_s=60.0,
        )
        result = pair_round(request)
        history = history.with_round(result)
        play(result, points, rng)
    return ranked(points), history


def adversarial(teams: int) -> tuple[tuple[Entrant, ...], History]:
    """Worst case for zones: each team has met its 4 nearest ranking neighbours (4 rounds).

    Every natural table (1-2, 3-4, ...) is a rematch, so the whole field is one conflict zone.
    """
    assert teams % 4 == 0
    rounds = [
        [(i, i + 1) for i in range(0, teams, 2)],  # 1-2, 3-4, ...
        [(i, (i + 1) % teams) for i in range(1, teams, 2)],  # 2-3, 4-5, ..., n-1
        [(i + k, i + k + 2) for i in range(0, teams, 4) for k in (0, 1)],  # 1-3, 2-4
        [(i + k, (i + k + 2) % teams) for i in range(2, teams + 2, 4) for k in (0, 1)],
    ]
    pairs = [(a + 1, b + 1) for games in rounds for a, b in games]
    entrants = tuple(Entrant(t, t, club=f"club{t % 37}") for t in range(1, teams + 1))
    return entrants, History.of(pairs)


def best_of(repeat: int, run: Callable[[], PairingResult]) -> tuple[float, PairingResult]:
    best = float("inf")
    result: PairingResult | None = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    assert result is not None
    return best, result


def rematches(result: PairingResult, history: History) -> int:
    return sum(1 for t in result.tables if history.meetings(t.a, t.b))


def cost(result: PairingResult, entrants: tuple[Entrant, ...], history: History) -> int:
    """Sum of squared gaps in the ranking order, plus a rematch penalty (for comparison)."""
    order = sorted(entrants, key=lambda e: (e.rank, e.id))
    pos = {e.id: i for i, e in enumerate(e for e in order if e.id != result.bye)}
    return sum(
        (pos[t.a] - pos[t.b]) ** 2 + 10**9 * history.meetings(t.a, t.b) for t in result.tables
    )


def naive(entrants: tuple[Entrant, ...], history: History) -> tuple[float, int, int]:
    """One blossom over the complete graph (even field): time, rematches, cost."""
    order = [e.id for e in sorted(entrants, key=lambda e: (e.rank, e.id))]
    n = len(order)
    start = time.perf_counter()
    edges = [
        (i, j, history.meetings(order[i], order[j]) * n**6 + (j - i) ** 2)
        for i in range(n)
        for j in range(i + 1, n)
    ]
    pairs = min_cost_max_matching(edges)
    elapsed = time.perf_counter() - start
    forced = sum(1 for i, j in pairs if history.meetings(order[i], order[j]))
    total = sum((j - i) ** 2 + 10**9 * history.meetings(order[i], order[j]) for i, j in pairs)
    return elapsed, forced, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--naive-teams", type=int, default=200)
    args = parser.parse_args()
    rows: list[str] = []

    def scenario(label: str, teams: int, budget: float, target: str, worst: bool = False) -> None:
        entrants, history = adversarial(teams) if worst else contest(teams, 4)
        request = PairingRequest(
            "ranking", entrants, round_number=5, history=history, seed=5, time_budget_s=budget
        )
        elapsed, result = best_of(args.repeat, lambda: pair_round(request))
        avoided = len(result.report.of(ReportCode.REMATCH_AVOIDED))
        away = len(result.report.of(ReportCode.PAIRED_AWAY))
        rows.append(
            f"| {label} | {teams:,} | {budget:g} s | {result.strategy} | {elapsed:.3f} s | "
            f"{rematches(result, history)} | {avoided} | {away} | {target} |"
        )

    scenario("round 5 by ranking", 100, 2.0, "< 0.2 s")
    scenario("round 5, worst-case history", 100, 2.0, "< 0.2 s", worst=True)
    scenario("round 5 by ranking", 1_000, 2.0, "< 2 s")
    scenario("round 5, worst-case history", 1_000, 2.0, "< 2 s", worst=True)
    scenario("stress, round 5 by ranking", 10_000, 2.0, "< 10 s")
    scenario("stress, worst-case history", 10_000, 2.0, "< 10 s", worst=True)
    scenario("stress, worst case, fallback (tight budget)", 10_000, 0.3, "< 10 s", worst=True)

    print(f"Python {platform.python_version()}, {platform.machine()}, best of {args.repeat}\n")
    print(
        "| scenario | teams | budget | strategy | time | rematches | rematches avoided "
        "| paired away | target |"
    )
    print("|---|---:|---:|---|---:|---:|---:|---:|---|")
    print("\n".join(rows))

    teams = args.naive_teams
    print(
        f"\n| {teams} teams, round 5 | naive complete-graph blossom | engine.pairing "
        "| ratio naive / ours | rematches naive / ours | cost naive / ours |\n"
        "|---|---:|---:|---:|---:|---:|"
    )
    for label, (entrants, history) in (
        ("simulated history", contest(teams, 4)),
        ("worst-case history", adversarial(teams)),
    ):
        request = PairingRequest("ranking", entrants, round_number=5, history=history, seed=5)
        ours_s, ours = best_of(args.repeat, lambda request=request: pair_round(request))
        naive_s, naive_forced, naive_cost = naive(entrants, history)
        print(
            f"| {label} | {naive_s:.3f} s | {ours_s:.4f} s ({ours.strategy}) "
            f"| {naive_s / ours_s:,.0f}x | {naive_forced} / {rematches(ours, history)} "
            f"| {naive_cost} / {cost(ours, entrants, history)} |"
        )


if __name__ == "__main__":
    main()
