"""Season benchmarks (issue 18): a winter challenge of 18 journées x 100 players, in pure Python.

Run from the repository root::

    .venv/bin/python benchmarks/season_bench.py

Scenarios (seeded synthetic mêlées; target: the season recomputed in well under 1 s):

* the individual standings of one mêlée journée (100 players, 6 parties, 25 tables a partie,
  the partner-less opponents' Buchholz as a tie-break), as the contest side computes them;
* the season standings from the 18 journées' final results with the per-partie barème
  (win = 4 + score, loss = 2 + score, bye = 3 + 1000; 10,800 partie lines), best 12 of 18,
  8 journées for the ranking, 10 for a prize;
* the same with a placement table (points by final rank);
* the club ranking (10 clubs, best 5 players each) and the final's qualification (the first 8
  of each of the last 6 journées as qualifiers, then the first 16 of the season);
* the season's input: the 18 journées' final standings turned into placings with their
  partie lines (``placings_from_individual``);
* the season, clubs and qualification together: what a recompute on commit runs once the
  input is read.

With ``--db`` it measures the app's side instead: a throw-away SQLite database holding a
challenge of 18 fixed-pairs contests x 100 players (50 teams re-formed every journée, 6
parties, every partie's standings public), and times ``seasons.standings.rebuild.rebuild_season``
(read the published standings and games, rank with the per-partie barème, best 12 of 18,
club ranking, store the snapshot) with its number of queries, beside a **floor** in the same
run: the same three reads as raw SQL with the JSON decoded, and one raw write, nothing else.
Prints a Markdown table. Times are the best of ``--repeat`` runs, on one core.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.individual import (
    IndividualConfig,
    IndividualRow,
    PartieResult,
    compute_individual_standings,
)
from engine.seasons import (
    ContestKind,
    FirstOfEachContest,
    FirstOfSeason,
    PartieBareme,
    PlacementTable,
    SeasonContest,
    SeasonRules,
    club_standings,
    compute_season_standings,
    placings_from_individual,
    qualify_from_season,
)
from engine.standings import ByePolicy, ResultKind, StandingsConfig

TARGET_S = 1.0
CLUBS = 10


def best_of(repeat: int, run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def melee(players: list[int], parties: int, rng: random.Random) -> list[PartieResult]:
    """A journée: each partie a fresh shuffle cut into tables of four (the seating is not what
    is measured), the few left over exempt."""
    results: list[PartieResult] = []
    for partie in range(1, parties + 1):
        order = players[:]
        rng.shuffle(order)
        seated = len(order) - len(order) % 4
        for i in range(0, seated, 4):
            a, b, c, d = order[i : i + 4]
            sa = rng.randrange(200, 1700, 10)
            sb = rng.randrange(200, 1700, 10)
            results.append(PartieResult(partie, (a, b), (c, d), sa, sb))
        results += [PartieResult(partie, (p,), kind=ResultKind.BYE) for p in order[seated:]]
    return results


CONFIG = IndividualConfig(
    StandingsConfig(bye=ByePolicy(value=1000)),
    ("first_partie", "wins", "points_against", "opponents_buchholz_points"),
)


Journee = tuple[tuple[IndividualRow, ...], list[PartieResult]]


def journees(contests: int, field: int, parties: int, seed: int) -> list[Journee]:
    """Each journée's final individual standings and results (what the app has stored)."""
    rng = random.Random(seed)
    pool = list(range(1, int(field * 1.4) + 1))  # the challenge's players; ~100 come each time
    out = []
    for _ in range(contests):
        players = sorted(rng.sample(pool, field))
        results = melee(players, parties, rng)
        out.append((compute_individual_standings(results, players, CONFIG), results))
    return out


def season_input(days: list[Journee]) -> list[SeasonContest]:
    """The season's contests from the journées' standings (the last six are qualifiers)."""
    season = []
    for cid, (rows, results) in enumerate(days, start=1):
        kind = ContestKind.QUALIFIER if cid > len(days) - 6 else ContestKind.CONTEST
        day = datetime.date(2026, 10, 1) + datetime.timedelta(days=7 * cid)
        placings = placings_from_individual(rows, results, CONFIG)
        season.append(SeasonContest(cid, 1 + cid % 3, day, kind, placings))
    return season


def db_bench(args: argparse.Namespace) -> int:
    """The app's recompute of a season from the database, beside its floor (see the docstring)."""
    import os
    import tempfile

    workdir = Path(tempfile.mkdtemp(prefix="atout-season-bench-"))
    os.environ.setdefault("SECRET_KEY", "bench-" + "k" * 60)
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir / 'bench.sqlite3'}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()
    import logging

    logging.disable(logging.INFO)
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    from benchmarks import season_db

    season_id = season_db.populate(args.contests, args.players, args.parties, args.seed)
    rebuild, floor, queries = season_db.time_rebuilds(season_id, args.repeat)
    print(
        f"Season recompute from the database: {args.contests} fixed-pairs contests x "
        f"{args.players} players, {args.parties} parties each (SQLite); Python "
        f"{platform.python_version()}, {platform.machine()}; best of {args.repeat}.\n"
    )
    print("| scenario | time (ms) | queries | target |")
    print("|---|---:|---:|---|")
    print(
        f"| rebuild_season (per-partie barème, best 12, clubs) | {rebuild * 1000:.1f} | {queries} | < {TARGET_S * 1000:.0f} ms, bounded |"
    )
    print(f"| floor: the same reads in raw SQL + one write | {floor * 1000:.1f} | 4 | — |")
    print(f"| rebuild ÷ floor | {rebuild / floor:.1f}× | | |")
    return 0 if rebuild < TARGET_S else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--contests", type=int, default=18)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--parties", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--db", action="store_true", help="the app's recompute from a database")
    args = parser.parse_args()
    if args.db:
        return db_bench(args)

    days = journees(args.contests, args.players, args.parties, args.seed)
    contests = season_input(days)
    rng = random.Random(args.seed)
    one = melee(list(range(1, args.players + 1)), args.parties, rng)
    partie_rules = SeasonRules(PartieBareme(), best_of=12, min_contests=8, prize_min_contests=10)
    table_rules = SeasonRules(
        PlacementTable(tuple(range(100, 0, -2)), beyond=1), best_of=12, min_contests=8
    )
    players = {p for c in contests for r in c.results for p in r.players}
    club_of = {p: p % CLUBS for p in players}
    quals = [FirstOfEachContest(8), FirstOfSeason(16)]

    def recompute() -> None:
        season = compute_season_standings(contests, partie_rules)
        club_standings(season, club_of, best=5)
        qualify_from_season(contests, quals, credit=season.rules.credit, season=season)

    season = compute_season_standings(contests, partie_rules)
    lines = sum(len(p.parties) for c in contests for p in c.results)
    scenarios: list[tuple[str, Callable[[], object]]] = [
        (
            f"one journée: individual standings ({args.players} players, {len(one)} results)",
            lambda: compute_individual_standings(one, range(1, args.players + 1), CONFIG),
        ),
        (
            f"season input: {args.contests} journées' standings as placings",
            lambda: season_input(days),
        ),
        (
            f"season, per-partie barème ({lines} partie lines, best 12)",
            lambda: compute_season_standings(contests, partie_rules),
        ),
        (
            "season, placement table (best 12)",
            lambda: compute_season_standings(contests, table_rules),
        ),
        (f"club ranking ({CLUBS} clubs, best 5)", lambda: club_standings(season, club_of, best=5)),
        (
            "qualification (first 8 of 6 qualifiers, then first 16)",
            lambda: qualify_from_season(contests, quals, credit=season.rules.credit, season=season),
        ),
        ("recompute on commit: season + clubs + qualification", recompute),
    ]
    print(
        f"Season benchmark: {args.contests} contests x {args.players} players, "
        f"{args.parties} parties each; Python {platform.python_version()}, "
        f"{platform.machine()}; best of {args.repeat}.\n"
    )
    print("| scenario | time (ms) | target |")
    print("|---|---:|---|")
    worst = 0.0
    for name, run in scenarios:
        elapsed = best_of(args.repeat, run)
        worst = max(worst, elapsed)
        print(f"| {name} | {elapsed * 1000:.1f} | < {TARGET_S * 1000:.0f} ms |")
    print(
        f"\nentrants ranked: {sum(r.rank is not None for r in season.rows)} of "
        f"{len(season.rows)}; report items: {len(season.report.items)}"
    )
    return 0 if worst < TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
