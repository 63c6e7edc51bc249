"""Seating benchmarks (issue 18, "Seating quality and speed"): ``engine.seating`` beside a draw.

Run from the repository root::

    .venv/bin/python benchmarks/seating_bench.py            # 3 seeds, about a minute
    .venv/bin/python benchmarks/seating_bench.py --seeds 1  # quicker

For 8, 12, 16, 24, 40, 100 and 200 belote players (and tarot fields of 41, 100 and 200 at
tables of four and five), one contest of 6 parties of the same field is seated partie by
partie with :func:`engine.seating.seat_partie`; its repeated partners, repeated opponents and
repeated meetings (a pair together ``k`` times counts ``k - 1``) are counted after 4 and after
6 parties (the goals are round by round, so the 4-partie figures are the first 4 parties of
the same contest). Beside them: a shuffle-and-cut draw (shuffle, cut into tables, first two
of each table partners) on the same field, and the counting bound of
:func:`engine.seating.bounds`. Figures are the worst over the seeds for the engine and the
mean for the draw; times are per partie (mean and worst), pure Python on one core.

A second table times harder parties: 200 players with the ranking option, 200 players at
partie 31 (belote and tarot), 400 players with the ranking option.

Prints Markdown tables (copied into the report / docs/benchmarks.md, section "Seating").
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.seating import (
    Game,
    PastPartie,
    Player,
    Quality,
    SeatingOptions,
    SeatingRequest,
    Table,
    bounds,
    layout,
    quality,
    seat_partie,
)

BELOTE_SIZES = (8, 12, 16, 24, 40, 100, 200)
TAROT_SIZES = (41, 100, 200)
PARTIES = (4, 6)


def engine_contest(
    game: Game, n: int, parties: int, seed: int
) -> tuple[list[PastPartie], list[float]]:
    players = tuple(Player(i + 1) for i in range(n))
    history: list[PastPartie] = []
    times: list[float] = []
    for partie in range(1, parties + 1):
        request = SeatingRequest(
            players, game=game, history=tuple(history), seed=seed * 97 + partie
        )
        start = time.perf_counter()
        result = seat_partie(request)
        times.append(time.perf_counter() - start)
        history.append(result.as_past())
    return history, times


def draw_contest(game: Game, n: int, parties: int, seed: int) -> list[PastPartie]:
    """The shuffle-and-cut draw: no memory of previous parties at all."""
    rng = random.Random(seed)
    sizes, out = layout(game, n)
    history: list[PastPartie] = []
    for partie in range(1, parties + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        tables: list[Table] = []
        at = 0
        for number, size in enumerate(sizes, start=1):
            seats = tuple(order[at : at + size])
            at += size
            pairs = ((seats[0], seats[1]), (seats[2], seats[3])) if game is Game.BELOTE else ()
            tables.append(Table(number, seats, pairs))
        history.append(PastPartie(partie, tuple(tables), tuple(order[at : at + out])))
    return history


def _cell(ours: int, draw: float, bound: int) -> str:
    return f"{ours} / {draw:.1f} / {bound}"


def run(seeds: int) -> list[str]:
    rows = [
        "| game | players | parties | repeated partners | repeated opponents | repeated meetings "
        "| ms per partie (mean / worst) |",
        "|---|---:|---:|---|---|---|---|",
    ]
    cases = [(Game.BELOTE, n) for n in BELOTE_SIZES] + [(Game.TAROT, n) for n in TAROT_SIZES]
    for game, n in cases:
        contests = [engine_contest(game, n, max(PARTIES), s) for s in range(1, seeds + 1)]
        draws = [draw_contest(game, n, max(PARTIES), s) for s in range(1, seeds + 1)]
        times = [t for _, ts in contests for t in ts]
        for parties in PARTIES:
            ours = [quality(h[:parties]) for h, _ in contests]
            drawn = [quality(h[:parties]) for h in draws]
            bound = bounds(game, n, parties)
            rows.append(_row(game, n, parties, ours, drawn, bound, times))
    return rows


def _row(
    game: Game,
    n: int,
    parties: int,
    ours: list[Quality],
    drawn: list[Quality],
    bound: Quality,
    times: list[float],
) -> str:
    cells = []
    for name in ("repeated_partners", "repeated_opponents", "repeated_meetings"):
        if game is Game.TAROT and name != "repeated_meetings":
            cells.append("-")
            continue
        worst = max(getattr(q, name) for q in ours)
        mean = statistics.mean(getattr(q, name) for q in drawn)
        cells.append(_cell(worst, mean, getattr(bound, name)))
    timing = f"{1000 * statistics.mean(times):.0f} / {1000 * max(times):.0f}"
    return f"| {game.value} | {n} | {parties} | " + " | ".join(cells) + f" | {timing} |"


def timing_rows() -> list[str]:
    """The speed goal (one partie of 200 players in under 1 s) on harder cases: the ranking
    option (the search keeps improving gaps), and a late partie after 30 parties."""
    rows = ["| case | seconds for the partie |", "|---|---:|"]
    cases = [
        ("200 belote players, partie 7, similar ranking", Game.BELOTE, 200, 6, True),
        ("200 belote players, partie 31", Game.BELOTE, 200, 30, False),
        ("200 tarot players, partie 31", Game.TAROT, 200, 30, False),
        ("400 belote players, partie 7, similar ranking", Game.BELOTE, 400, 6, True),
    ]
    for label, game, n, before, ranking in cases:
        history, _ = engine_contest(game, n, before, seed=5)
        players = tuple(Player(i + 1, score=float(i % 50)) for i in range(n))
        request = SeatingRequest(
            players,
            game=game,
            history=tuple(history),
            seed=11,
            options=SeatingOptions(similar_ranking=ranking),
        )
        start = time.perf_counter()
        seat_partie(request)
        rows.append(f"| {label} | {time.perf_counter() - start:.2f} |")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=3, help="contests per field size")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.seeds} seed(s)")
    print("Cells: engine (worst over seeds) / shuffle-and-cut draw (mean) / counting bound\n")
    for row in run(args.seeds):
        print(row)
    print()
    for row in timing_rows():
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
