"""Cost of one deal POST in-process: Python CPU, PostgreSQL CPU, garbage collector pauses.

The throughput benchmark (``entry_bench.py``) runs gunicorn under wrk; this one isolates what a
deal POST costs, to compare code changes on a host whose speed drifts: the real views through
Django's test client (middleware, CSRF, forms, services), one PostgreSQL connection whose
backend CPU time is read from /proc, and the collector's pauses timed with ``gc.callbacks``.

1. Creates ``atout_bench_profile`` on 127.0.0.1:5432 (user ``postgres``), migrates it and seeds
   a ``club_contest`` round of ``--tables`` tables (games of 12 deals), as ``entry_bench.py``.
2. Posts one table's 12 deals to warm up, then every other table's 12 deals in turn.
3. Prints CPU per POST (this process: Django, psycopg, the engine), PostgreSQL CPU per POST,
   wall time per POST, and the collector's collections and longest pause; ``--freeze`` calls
   ``gc.freeze()`` first (to see what a post-fork freeze would save; Atout has none); ``--profile N``
   prints cProfile's N most expensive functions (CPU time) as well.
4. Drops the database (unless ``--keep``).

The test client leaves out the WSGI server and Django's per-request connection health check
(it disconnects ``close_old_connections``): ``entry_bench.py`` measures those.

Run: ``.venv/bin/python benchmarks/entry_profile.py [--tables 40] [--freeze] [--profile 40]``.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import sys
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
import entry_bench as bench

TRUMPS = ["spades", "hearts", "diamonds", "clubs"]


def _backend_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class GcClock:
    """Collections per generation and their time, from the collector's own callbacks."""

    def __init__(self) -> None:
        self.total = self.longest = self._start = 0.0
        self.counts = [0, 0, 0]
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
            return
        took = time.perf_counter() - self._start
        self.total += took
        self.longest = max(self.longest, took)
        self.counts[info["generation"]] += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=40, help="tables of 12 deals posted")
    parser.add_argument(
        "--freeze", action="store_true", help="gc.freeze() first (Atout itself does not)"
    )
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--show-queries", action="store_true", help="print the SQL of one deal POST first"
    )
    args = parser.parse_args()

    bench.DB_NAME = os.environ.get("ATOUT_BENCH_DB", "atout_bench_profile")
    bench.DB_URL = f"postgres://postgres@127.0.0.1:5432/{bench.DB_NAME}"
    bench.ENV["DATABASE_URL"] = bench.DB_URL
    print(bench.use_broker(eager=False))
    bench.create_database()
    try:
        bench.setup_django()
        from django.conf import settings
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        settings.ALLOWED_HOSTS = ["127.0.0.1"]
        links = [link for link, _ in bench.seed_contest("profil", 12, args.tables + 1)]
        bench.standings_bench.settle(bench.DB_NAME)
        client = Client(HTTP_HOST="127.0.0.1")
        assert client.get(links[0]).status_code == 200
        csrf = client.cookies["csrftoken"].value

        def post(link: str, n: int) -> None:
            data = {
                "version": n - 1,
                "client_id": str(uuid.uuid4()),
                "taker": "a" if n % 2 else "b",
                "trump": TRUMPS[n % 4],
                "taker_points": 82 + (n * 7) % 81,
                "belote_team": "",
                "capot_team": "",
                "action": "save",
            }
            answer = client.post(
                link + "donne/",
                urlencode(data),
                content_type="application/x-www-form-urlencoded",
                HTTP_X_CSRFTOKEN=csrf,
            )
            assert answer.status_code == 302, answer.status_code
            # A phone follows the redirect and reads its message; this one does not, so the
            # message cookie would otherwise grow with every POST.
            client.cookies.pop("messages", None)

        for n in range(1, 13):
            if n == 2 and args.show_queries:
                with CaptureQueriesContext(connection) as queries:
                    post(links[0], n)
                for query in queries:
                    print(query["sql"][:300])
                continue
            post(links[0], n)
        work = [(link, n) for link in links[1:] for n in range(1, 13)]
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            backend = cursor.fetchone()[0]
        if args.freeze:
            gc.freeze()
        clock = GcClock()
        profiler = cProfile.Profile(time.process_time) if args.profile else None
        pg_before, cpu_before, wall_before = (
            _backend_cpu(backend),
            time.process_time(),
            time.perf_counter(),
        )
        if profiler:
            profiler.enable()
        for link, n in work:
            post(link, n)
        if profiler:
            profiler.disable()
        count = len(work)
        cpu = (time.process_time() - cpu_before) * 1000 / count
        wall = (time.perf_counter() - wall_before) * 1000 / count
        pg = (_backend_cpu(backend) - pg_before) * 1000 / count
        print(
            f"{count} POSTs: {cpu:.2f} ms CPU/POST here{' (under cProfile)' if profiler else ''},"
            f" PostgreSQL {pg:.2f} ms CPU/POST, {wall:.2f} ms wall/POST; garbage collector"
            f" {clock.total * 1000 / count:.3f} ms/POST, collections per generation"
            f" {clock.counts}, longest pause {clock.longest * 1000:.1f} ms"
        )
        if profiler:
            pstats.Stats(profiler).sort_stats(
                os.environ.get("ATOUT_PROFILE_SORT", "cumulative")
            ).print_stats(args.profile)
        connection.close()
        return 0
    finally:
        bench.drop_broker_db()
        if not args.keep:
            bench.drop_database()


if __name__ == "__main__":
    raise SystemExit(main())
