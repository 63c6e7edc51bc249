"""Micro-benchmark of one standings rebuild beside its floor: time, CPU, SQL queries, a profile.

Run from the repository root (PostgreSQL on 127.0.0.1, user ``postgres``)::

    .venv/bin/python benchmarks/rebuild_profile.py [--repeat 30] [--profile] [--steps] [--keep] [--reuse]
        [--no-freeze]

Unlike ``standings_bench.py`` it starts no server and no load generator, so it can run on a busy
machine: it fills one contest (``--contests`` for more; 512 teams x 8 rounds x 12 deals, with
``standings_bench``'s own fill code) in a throw-away database (``--database``, by default
``atout_rebuild_prof_<pid>``; an existing one is refused unless ``--reuse``), then calls
``standings.services.rebuild(contest, force=True)`` and ``standings_bench.minimal_rebuild``
(the floor: hand-written SQL around the same engine ranking) ``--repeat`` times each,
alternated, in a process whose start-up objects are frozen as a Celery worker's are
(``config.celery.freeze_startup_heap``; ``--no-freeze`` to leave them), and prints the median and minimum of the wall time and of the process CPU time
(``time.process_time``, which other work on the machine disturbs less), the ratio, and the
number of SQL queries; then the CPU of rendering one 100-row public table page (django-tables2);
then the rebuild beside the plain floors of ``plain_floors.py`` (a team ranking and a players'
ranking summed and sorted by hand from the same rows), ``--repeat`` runs alternated, the
players' step timed inside each rebuild (``--plain-only``: that alone).
``--profile`` adds a cProfile of ``--repeat`` more rebuilds (sorted by ``$PROFILE_SORT``, by
default ``tottime``; ``$PROFILE_LINES`` lines, 25); ``--steps`` times each step of ``--repeat``
more rebuilds from outside (the contest query, the teams, the finished games, the team ranking,
the players' ranking, the snapshots, the upsert) and the garbage collector's share. The
database is dropped at the end unless ``--keep``.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
import plain_floors  # noqa: E402
import standings_bench  # noqa: E402
from standings_bench import HOST, psql  # noqa: E402


def table_page_cpu(contest_id: int) -> str:
    """CPU of one public table page (100 rows, django-tables2's template), a new sort each time."""
    from django.test import RequestFactory

    from publishing.tables.standings import StandingsTable
    from standings import services as standings

    snapshot = standings.live_snapshot(contest_id)
    assert snapshot is not None
    sorts = ["number", "-number", "wins", "-wins", "points_for", "-points_for", "name", "rank"]
    cpu = []
    for sort in sorts * 3:
        c0 = time.process_time()
        table = StandingsTable(snapshot.rows, config=snapshot.config, team_url=lambda n: f"/{n}/")
        table.order_by = sort
        table.paginate(page=1, per_page=100)
        table.as_html(RequestFactory().get("/", {"sort": sort}))
        cpu.append((time.process_time() - c0) * 1000)
    return f"table page x{len(cpu)}: CPU p50 {statistics.median(cpu):.1f} ms, min {min(cpu):.1f} ms"


def step_times(target: int, repeat: int) -> str:
    """p50 of each step of the rebuild (wrapped from outside, in this process only) and of the
    garbage collector's pauses, with its collections per rebuild by generation."""
    import gc

    from standings import rebuild as steps

    times: dict[str, list[float]] = {}

    def timed(label: str, function: Any) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                times.setdefault(label, []).append((time.perf_counter() - t0) * 1000)

        return run

    class _TimedQuery:
        def __init__(self, contest_id: int) -> None:
            self.contest_id = contest_id

        def first(self) -> Any:  # the queryset's building and its query, as the rebuild asks
            return timed("contest", lambda: with_versions(self.contest_id).first())()

    with_versions = steps.contest_with_versions
    manager = steps.StandingsSnapshot.objects
    saved = {
        name: getattr(steps, name)
        for name in ("contest_with_versions", "entry_infos", "compute_rows", "_snapshots")
    }
    saved_results = steps.scoring_adapters.finished_results
    saved_players = steps.individual.rank_players
    saved_upsert = manager.bulk_create
    pauses = [0.0, 0.0]
    collections = [0, 0, 0]

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            pauses[1] = time.perf_counter()
        else:
            pauses[0] += (time.perf_counter() - pauses[1]) * 1000
            collections[info["generation"]] += 1

    steps.contest_with_versions = _TimedQuery  # type: ignore[assignment]
    steps.entry_infos = timed("teams", saved["entry_infos"])
    steps.scoring_adapters.finished_results = timed("finished games", saved_results)
    steps.compute_rows = timed("team ranking", saved["compute_rows"])
    steps.individual.rank_players = timed("players' ranking", saved_players)
    steps._snapshots = timed("snapshots", saved["_snapshots"])
    manager.bulk_create = timed("upsert", saved_upsert)  # type: ignore[method-assign]
    gc.callbacks.append(on_gc)
    total, gc_ms = [], []
    try:
        for _ in range(repeat):
            pauses[0] = 0.0
            t0 = time.perf_counter()
            steps.rebuild(target, force=True)
            total.append((time.perf_counter() - t0) * 1000)
            gc_ms.append(pauses[0])
    finally:
        gc.callbacks.remove(on_gc)
        for name, function in saved.items():
            setattr(steps, name, function)
        steps.scoring_adapters.finished_results = saved_results
        steps.individual.rank_players = saved_players
        manager.bulk_create = saved_upsert  # type: ignore[method-assign]
    lines = [f"  {label:18} p50 {statistics.median(v):6.1f} ms" for label, v in times.items()]
    per = ", ".join(f"{c / repeat:.1f}" for c in collections)
    head = f"steps x{repeat} (p50; rebuild p50 {statistics.median(total):.1f} ms):"
    collector = f"  garbage collector  p50 {statistics.median(gc_ms):6.1f} ms ({per} a rebuild)"
    return "\n".join([head, *lines, collector])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--contests", type=int, default=1, help="contests in the database (the first is rebuilt)"
    )
    parser.add_argument("--teams", type=int, default=512)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--profile", action="store_true", help="cProfile --repeat more rebuilds")
    parser.add_argument("--steps", action="store_true", help="time each step of more rebuilds")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--no-freeze", action="store_true", help="without the worker's gc.freeze() at start-up"
    )
    parser.add_argument("--reuse", action="store_true", help="reuse a kept database")
    parser.add_argument(
        "--plain-only", action="store_true", help="only the rebuild beside the plain floors"
    )
    parser.add_argument("--database", default=f"atout_rebuild_prof_{os.getpid()}")
    args = parser.parse_args()
    DB = args.database
    command = ".venv/bin/python benchmarks/rebuild_profile.py " + " ".join(sys.argv[1:])

    os.environ.update(
        {
            "DATABASE_URL": f"postgres://postgres@{HOST}:5432/{DB}",
            "SECRET_KEY": "bench-" + "k" * 60,
            "DEBUG": "0",
            "LOG_LEVEL": "WARNING",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
    )
    exists = psql(f"SELECT 1 FROM pg_database WHERE datname = '{DB}'") == "1"
    if exists and not args.reuse:
        print(f"database {DB} exists: pass --reuse to use it, or another --database")
        return 2
    fill = not exists
    if fill:
        psql(f"CREATE DATABASE {DB}")
    try:
        if fill:
            python = str(ROOT / ".venv" / "bin" / "python")
            migrate = [python, "manage.py", "migrate", "--noinput", "-v0"]
            subprocess.run(migrate, cwd=ROOT, check=True, timeout=300)
        import django

        django.setup()
        import logging

        for name in ("scoring", "standings", "publishing", "seasons"):
            logging.getLogger(name).setLevel(logging.WARNING)
        from django.db import connection

        from standings import services as standings
        from tournaments.models import Contest

        if fill:
            standings_bench.populate(args.contests, args.teams, args.rounds, args.deals, seed=2026)
            standings_bench.settle(DB)
        target = Contest.objects.order_by("pk").values_list("pk", flat=True).first()
        assert target is not None

        from tournaments.adapters import standings_config

        config = standings_config(Contest.objects.get(pk=target))
        standings_bench.floor_setup()
        if not args.no_freeze:
            standings_bench.as_the_worker()
        if args.plain_only:
            print(plain_floors.report(plain_floors.alternate(target, args.repeat), command))
            return 0
        standings.rebuild(target, force=True)  # warm-up (imports, query plans)
        standings_bench.minimal_rebuild(target, config)
        wall, cpu, floor_wall, floor_cpu, queries = [], [], [], [], []
        # Statements are counted by a wrapper that only counts: Django's debug cursor
        # (CaptureQueriesContext) would also format every statement with its parameters, a
        # megabyte of JSON for the upsert, inside the time measured, and not for the floor.
        counter = standings_bench.StatementCounter()
        for _ in range(args.repeat):
            with connection.execute_wrapper(counter):
                counter.count = 0
                c0, t0 = time.process_time(), time.perf_counter()
                standings.rebuild(target, force=True)
                t1, c1 = time.perf_counter(), time.process_time()
            wall.append((t1 - t0) * 1000)
            cpu.append((c1 - c0) * 1000)
            queries.append(counter.count)
            c0, t0 = time.process_time(), time.perf_counter()
            standings_bench.minimal_rebuild(target, config)
            floor_wall.append((time.perf_counter() - t0) * 1000)
            floor_cpu.append((time.process_time() - c0) * 1000)
        print(
            f"rebuild x{args.repeat}: wall p50 {statistics.median(wall):.1f} ms, "
            f"min {min(wall):.1f} ms; CPU p50 {statistics.median(cpu):.1f} ms, "
            f"min {min(cpu):.1f} ms; {max(queries)} statements + BEGIN/COMMIT "
            f"(load {os.getloadavg()[0]:.1f})\n"
            f"floor x{args.repeat}: wall p50 {statistics.median(floor_wall):.1f} ms, "
            f"min {min(floor_wall):.1f} ms; CPU p50 {statistics.median(floor_cpu):.1f} ms, "
            f"min {min(floor_cpu):.1f} ms\n"
            f"ratio (p50): wall {statistics.median(wall) / statistics.median(floor_wall):.2f}x, "
            f"CPU {statistics.median(cpu) / statistics.median(floor_cpu):.2f}x"
        )
        print(table_page_cpu(target))
        print(plain_floors.report(plain_floors.alternate(target, args.repeat), command))
        if args.steps:
            print(step_times(target, args.repeat))
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(args.repeat):
                standings.rebuild(target, force=True)
            profiler.disable()
            pstats.Stats(profiler).sort_stats(
                os.environ.get("PROFILE_SORT", "tottime")
            ).print_stats(int(os.environ.get("PROFILE_LINES", "25")))
        return 0
    finally:
        try:
            from django.db import connections

            connections.close_all()
        except Exception:
            pass
        if not args.keep:
            psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")


if __name__ == "__main__":
    sys.exit(main())
