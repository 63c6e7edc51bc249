"""Micro-benchmark of one standings rebuild (issue 6): time, CPU and SQL queries, optional profile.

Run from the repository root (PostgreSQL on 127.0.0.1, user ``postgres``)::

    .venv/bin/python benchmarks/rebuild_profile.py [--repeat 30] [--profile] [--keep] [--reuse]

Unlike ``standings_bench.py`` it starts no server and no load generator, so it can run on a busy
machine: it fills one contest (``--contests`` for more; 512 teams x 8 rounds x 12 deals, with
``standings_bench``'s own fill code) in a throw-away database ``atout_rebuild_prof``, then calls
``standings.services.rebuild(contest, force=True)`` ``--repeat`` times and prints the median and
minimum of the wall time and of the process CPU time (``time.process_time``, which other work on
the machine disturbs less), and the number of SQL queries. ``--profile`` adds a cProfile of
``--repeat`` more rebuilds. The database is dropped at the end unless ``--keep``; ``--reuse``
skips the fill when a kept database is there.
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
import standings_bench  # noqa: E402
from standings_bench import HOST, psql  # noqa: E402

DB = "atout_rebuild_prof"


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
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument("--reuse", action="store_true", help="reuse a kept database")
    args = parser.parse_args()

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
    fill = not (args.reuse and exists)
    if fill:
        psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
        psql(f"CREATE DATABASE {DB}")
    try:
        if fill:
            python = str(ROOT / ".venv" / "bin" / "python")
            migrate = [python, "manage.py", "migrate", "--noinput", "-v0"]
            subprocess.run(migrate, cwd=ROOT, check=True, timeout=300)
        import django

        django.setup()
        import logging

        logging.getLogger("scoring").setLevel(logging.WARNING)
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from standings import services as standings
        from tournaments.models import Contest

        if fill:
            standings_bench.populate(args.contests, args.teams, args.rounds, args.deals, seed=2026)
            standings_bench.settle(DB)
        target = Contest.objects.order_by("pk").values_list("pk", flat=True).first()
        assert target is not None

        standings.rebuild(target, force=True)  # warm-up (imports, query plans)
        wall, cpu, queries = [], [], []
        for _ in range(args.repeat):
            with CaptureQueriesContext(connection) as captured:
                c0, t0 = time.process_time(), time.perf_counter()
                standings.rebuild(target, force=True)
                t1, c1 = time.perf_counter(), time.process_time()
            wall.append((t1 - t0) * 1000)
            cpu.append((c1 - c0) * 1000)
            queries.append(len(captured.captured_queries))
        print(
            f"rebuild x{args.repeat}: wall p50 {statistics.median(wall):.1f} ms, "
            f"min {min(wall):.1f} ms; CPU p50 {statistics.median(cpu):.1f} ms, "
            f"min {min(cpu):.1f} ms; queries {max(queries)} (load {os.getloadavg()[0]:.1f})"
        )
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(args.repeat):
                standings.rebuild(target, force=True)
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
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
