"""Standings benchmarks: rebuild, public page cold and cached, stampede, freshness; each beside
its floor measured in the same run.

Run from the repository root after ``make install`` (PostgreSQL and Redis on 127.0.0.1, ``wrk``
installed)::

    .venv/bin/python benchmarks/standings_bench.py [--contests 20] [--cache-db 12 --broker-db 13]

What it does, bounded in time and only on 127.0.0.1:

1. Creates a throw-away PostgreSQL database (user ``postgres``), migrates it, collects the
   static files (the servers run with ``DEBUG=0``), and fills it with ``--contests`` contests
   of ``--teams`` (512) teams, ``--rounds`` (8) rounds and games of ``--deals`` (12) deals.
2. Rebuilds the first contest's standings ``--repeat`` times (goal: under 100 ms, at most 5
   queries), and as often the **floor**: a minimal hand-written rebuild (two raw SELECTs, the
   same engine ranking, one raw upsert of the rows into a temporary table). Goal: at most 4×.
3. Starts a Celery worker and gunicorn on loopback (Redis broker and Redis cache, as in
   production), then measures the public standings page rendered cold (goal: under 150 ms),
   served from cache under ``wrk``, and the **floor**: a minimal view serving the same bytes
   from the same cache on the same server (``benchmarks/page_floor_urls.py``; goal: at least
   half its rate), runs alternated with the page's and with a Django view doing nothing (for
   reference); 200 simultaneous requests on a
   cold cache (the table rendered once); the time from the last deal of a game entered through
   ``scoring.services`` to the public page showing it.
4. Times an export of the contest's deals (XLSX), as the Celery job runs it (``--no-export``).
5. Stops the servers, drops the database and empties the two Redis databases it used.

Redis: it uses only the databases ``--cache-db`` and ``--broker-db`` and refuses to start if
either holds a key (it never empties a database it did not find empty).

Prints a Markdown report (copied into docs/benchmarks.md, section "Standings").
"""

from __future__ import annotations

import argparse
import http.client
import os
import platform
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PY = str(ROOT / ".venv" / "bin" / "python")
BIN = ROOT / ".venv" / "bin"
HOST = "127.0.0.1"


def log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


def psql(sql: str, database: str = "postgres") -> str:
    """Run one statement; its output, unaligned and without headers."""
    return subprocess.run(
        ["psql", "-qtA", "-h", HOST, "-U", "postgres", "-d", database, "-c", sql],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.strip()


def settle(database: str) -> None:
    """Leave a freshly filled database as autovacuum would (planner statistics) with the fill's
    dirty pages written out, so what is timed next is the steady state, not the fill's
    aftermath (right after the fill, autovacuum and the checkpointer made the rebuild's median
    nearly twice as long). Closes this process's connection first (VACUUM waits for none, but
    an idle transaction would keep it from cleaning up)."""
    from django.db import connection

    connection.close()
    psql("VACUUM ANALYZE", database)
    psql("CHECKPOINT", database)


def free_port() -> int:
    """A loopback port nobody listens on (another program may hold the usual ones)."""
    import socket

    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def redis_keys(db: int) -> int:
    out = subprocess.run(
        ["redis-cli", "-h", HOST, "-n", str(db), "dbsize"],
        check=True,
        timeout=10,
        capture_output=True,
        text=True,
    ).stdout
    return int(out.strip() or 0)


def redis_flush(db: int) -> None:
    """Empty one of the databases this run was given (and found empty)."""
    subprocess.run(
        ["redis-cli", "-h", HOST, "-n", str(db), "flushdb"],
        check=True,
        timeout=10,
        capture_output=True,
    )


# --- Data -------------------------------------------------------------------------------------


def deal_templates() -> list[dict[str, Any]]:
    """A few classic deals scored by the engine (no litige, so no carry between deals)."""
    from engine.belote.deal import score_deal
    from scoring.adapters import DealFacts, engine_deal, scored_fields
    from tournaments.adapters import ruleset_of
    from tournaments.models import Contest

    rules = ruleset_of(Contest(preset="club_contest", ruleset={}))
    templates = []
    for taker in ("a", "b"):
        for points, belote in ((90, ""), (100, "a"), (120, ""), (130, "b"), (60, ""), (152, "")):
            facts = DealFacts(taker=taker, trump="hearts", taker_points=points, belote_team=belote)
            score = score_deal(rules, engine_deal(facts))
            assert score.carry_out == 0
            fields = facts.record_fields()
            fields.update(scored_fields(score))
            templates.append(fields)
    return templates


def populate(contests: int, teams: int, rounds: int, deals: int, seed: int) -> list[int]:
    """Fill the database; returns the contest ids. Deals go in with COPY (fast)."""
    from django.db import connection

    from scoring.models import DealRecord, ScoreSheet
    from tournaments.models import Club, Contest, Entry, Player, Round, Table

    templates = deal_templates()
    rng = random.Random(seed)
    club = Club.objects.create(name="Club du banc d'essai", slug="banc", city="Loopback")
    ids = []
    columns = [
        "sheet_id",
        "number",
        "kind",
        "penalty",
        "taker",
        "trump",
        "bid_kind",
        "contre",
        "taker_points",
        "capot_team",
        "belote_team",
        "announcements",
        "score_a",
        "score_b",
        "outcome",
        "contract_made",
        "carry_in",
        "carry_out",
        "breakdown",
        "running_a",
        "running_b",
        "source",
        "device",
        "entered_at",
        "updated_at",
        "game",  # the game of the table's match (one game a table here)
    ]
    import json

    from django.utils import timezone

    now = timezone.now()
    for c in range(contests):
        contest = Contest.objects.create(
            club=club,
            name=f"Concours {c + 1}",
            slug=f"concours-{c + 1}",
            date=date(2026, 11, 28),
            status=Contest.Status.RUNNING,
            preset="club_contest",
            rounds_count=rounds,
            tiebreaks=["buchholz_points", "best_game", "lot"],
            is_public=True,
        )
        players = Player.objects.bulk_create(
            Player(
                club=club,
                first_name=f"P{c}-{i}",
                last_name=f"Joueur{i:04d}",
                licence=f"B{c:02d}{i:05d}",
                name_key=f"joueur{i:04d} p{c}-{i}",
            )
            for i in range(2 * teams)
        )
        entries = Entry.objects.bulk_create(
            Entry(
                contest=contest,
                number=n + 1,
                player1=players[2 * n],
                player2=players[2 * n + 1],
                checked_in=True,
                lot=rng.randint(1, 10**6),
            )
            for n in range(teams)
        )
        for number in range(1, rounds + 1):
            round_ = Round.objects.create(
                contest=contest,
                number=number,
                status=Round.Status.PUBLISHED,
                show_draw=True,
                show_results=True,
                show_standings=True,
            )
            order = list(entries)
            rng.shuffle(order)
            tables = Table.objects.bulk_create(
                Table(round=round_, number=i + 1, entry_a=order[2 * i], entry_b=order[2 * i + 1])
                for i in range(teams // 2)
            )
            sheets = []
            games = []
            for table in tables:
                picks = [rng.choice(templates) for _ in range(deals)]
                total_a = sum(p["score_a"] for p in picks)
                total_b = sum(p["score_b"] for p in picks)
                games.append(picks)
                sheets.append(
                    ScoreSheet(
                        table=table,
                        status=ScoreSheet.Status.CONFIRMED,
                        total_a=total_a,
                        total_b=total_b,
                        deal_count=deals,
                        winner="a" if total_a > total_b else "b" if total_b > total_a else "draw",
                    )
                )
            sheets = ScoreSheet.objects.bulk_create(sheets)
            with (
                connection.cursor() as cursor,
                cursor.copy(
                    f"COPY {DealRecord._meta.db_table} ({', '.join(columns)}) FROM STDIN"
                ) as copy,
            ):
                for sheet, picks in zip(sheets, games, strict=True):
                    run_a = run_b = 0
                    for n, p in enumerate(picks, start=1):
                        run_a += p["score_a"]
                        run_b += p["score_b"]
                        copy.write_row(
                            (
                                sheet.pk,
                                n,
                                str(p["kind"]),
                                "",
                                p["taker"],
                                p["trump"],
                                "",
                                0,
                                p["taker_points"],
                                "",
                                p["belote_team"],
                                json.dumps({}),
                                p["score_a"],
                                p["score_b"],
                                p["outcome"],
                                p["contract_made"],
                                0,
                                0,
                                json.dumps(p["breakdown"]),
                                run_a,
                                run_b,
                                "table",
                                "",
                                now,
                                now,
                                1,
                            )
                        )
        ids.append(contest.pk)
        log(f"contest {c + 1}/{contests} filled")
    return ids


def open_last_games(contest_id: int, count: int) -> list[int]:
    """Reopen ``count`` games of the last round one deal before their end (for freshness)."""
    from django.db.models import Max

    from scoring.models import DealRecord, ScoreSheet

    last = ScoreSheet.objects.filter(table__round__contest_id=contest_id).aggregate(
        n=Max("table__round__number")
    )["n"]
    sheets = list(
        ScoreSheet.objects.filter(
            table__round__contest_id=contest_id, table__round__number=last
        ).order_by("pk")[:count]
    )
    for sheet in sheets:
        deal = DealRecord.objects.get(sheet=sheet, number=sheet.deal_count)
        deal.delete()
        sheet.total_a -= deal.score_a
        sheet.total_b -= deal.score_b
        sheet.deal_count -= 1
        sheet.status = ScoreSheet.Status.OPEN
        sheet.winner = ""
        sheet.save()
    return [s.pk for s in sheets]


# --- The rebuild's floor ----------------------------------------------------------------------

FLOOR_TABLE = "bench_floor_snapshot"

_FLOOR_ENTRIES = """
SELECT e.id, e.number, e.name, p1.first_name, p1.last_name, p2.first_name, p2.last_name,
       e.lot, e.checked_in
FROM tournaments_entry e
JOIN tournaments_player p1 ON p1.id = e.player1_id
JOIN tournaments_player p2 ON p2.id = e.player2_id
WHERE e.contest_id = %s ORDER BY e.number
"""
_FLOOR_RESULTS = """
SELECT r.number, t.entry_a_id, t.entry_b_id, s.kind, s.total_a, s.total_b, s.forfeit_loser
FROM scoring_scoresheet s
JOIN tournaments_table t ON t.id = s.table_id
JOIN tournaments_round r ON r.id = t.round_id
WHERE r.contest_id = %s AND s.status IN ('finished', 'confirmed')
ORDER BY r.number, t.number
"""


def floor_setup() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {FLOOR_TABLE} (contest_id bigint, as_of_round int, rows jsonb, "
            "PRIMARY KEY (contest_id, as_of_round))"
        )


def minimal_rebuild(contest_id: int, config: Any) -> int:
    """The floor: what a rebuild cannot avoid, written by hand. Two raw SELECTs (teams, finished
    games), the same engine ranking, the rows as JSON in one raw upsert. The contest's ranking
    rules are given (read once outside the timing): the floor is a little faster than it
    could honestly be. Returns the number of rows."""
    import json

    from django.db import connection

    from engine import standings as engine_standings
    from engine.standings import GameResult, ResultKind

    with connection.cursor() as cursor:
        cursor.execute(_FLOOR_ENTRIES, [contest_id])
        entries = {row[0]: row for row in cursor.fetchall()}
        cursor.execute(_FLOOR_RESULTS, [contest_id])
        results = []
        for number, a, b, kind, total_a, total_b, loser in cursor.fetchall():
            if b is None or kind == "bye":
                results.append(
                    GameResult(
                        round=number, team_a=a, team_b=None, score_a=total_a, kind=ResultKind.BYE
                    )
                )
            elif kind == "forfeit":
                results.append(
                    GameResult(
                        round=number,
                        team_a=a,
                        team_b=b,
                        score_a=total_a,
                        score_b=total_b,
                        kind=ResultKind.FORFEIT,
                        forfeit_loser=a if loser == "a" else b,
                    )
                )
            else:
                results.append(
                    GameResult(round=number, team_a=a, team_b=b, score_a=total_a, score_b=total_b)
                )
        teams = [pk for pk, row in entries.items() if row[8]]
        lots = {pk: entries[pk][7] for pk in teams}
        ranked = engine_standings.compute_standings(results, teams, config, lots=lots)
        rows = []
        for r in ranked:
            e = entries[r.team]
            rows.append(
                {
                    "rank": r.rank,
                    "shared": r.shared,
                    "entry": r.team,
                    "number": e[1],
                    "name": e[2] or f"{e[4]} – {e[6]}",
                    "players": f"{e[3]} {e[4]} – {e[5]} {e[6]}",
                    "played": r.played,
                    "wins": r.wins,
                    "draws": r.draws,
                    "losses": r.losses,
                    "byes": r.byes,
                    "forfeits_won": r.forfeits_won,
                    "forfeits_lost": r.forfeits_lost,
                    "points_for": r.points_for,
                    "points_against": r.points_against,
                    "difference": r.difference,
                    "match_points": r.match_points,
                    "best_game": r.best_game,
                    "tiebreaks": list(r.tiebreak_values),
                }
            )
        last = max((r.round for r in results), default=0)
        cursor.execute(
            f"INSERT INTO {FLOOR_TABLE} (contest_id, as_of_round, rows) VALUES (%s, %s, %s) "
            "ON CONFLICT (contest_id, as_of_round) DO UPDATE SET rows = EXCLUDED.rows",
            [contest_id, last, json.dumps(rows, ensure_ascii=False)],
        )
    return len(rows)


class StatementCounter:
    """A ``connection.execute_wrapper`` that counts the SQL statements sent (BEGIN and COMMIT
    are not statements a cursor executes: they are not counted)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.count += 1
        return execute(sql, params, many, context)


def as_the_worker() -> None:
    """Set this process's garbage collector up as a Celery worker's is at start-up (the
    rebuild runs in the worker): ``config.celery.freeze_startup_heap``."""
    from config.celery import freeze_startup_heap

    freeze_startup_heap()


def time_rebuilds(target: int, repeat: int) -> dict[str, Any]:
    """Atout's rebuild and the floor, alternated ``repeat`` times (same moment, same data), in
    a process set up as the worker (:func:`as_the_worker`). The statements are listed from one
    more rebuild outside the timing: Django's debug cursor formats every statement with its
    parameters (a megabyte of text for the upsert), which the floor would not pay; the timed
    ones are counted by :class:`StatementCounter`, which only counts."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from standings import services as standings
    from tournaments.adapters import standings_config
    from tournaments.models import Contest

    config = standings_config(Contest.objects.get(pk=target))
    floor_setup()
    as_the_worker()
    standings.rebuild(target, force=True)  # warm-up (imports, plans)
    minimal_rebuild(target, config)
    with CaptureQueriesContext(connection) as captured:
        standings.rebuild(target, force=True)
    load = load_average()
    times, floor, queries = [], [], []
    counter = StatementCounter()
    for _ in range(repeat):
        with connection.execute_wrapper(counter):
            counter.count = 0
            t0 = time.perf_counter()
            standings.rebuild(target, force=True)
            times.append((time.perf_counter() - t0) * 1000)
        queries.append(counter.count)
        t0 = time.perf_counter()
        minimal_rebuild(target, config)
        floor.append((time.perf_counter() - t0) * 1000)
    statements = [q["sql"] for q in captured.captured_queries]
    return {
        "times": times,
        "floor": floor,
        "queries": queries,
        "load": load,
        "statements": statements,
    }


# --- Servers and clients ----------------------------------------------------------------------


def get(port: int, path: str, timeout: float = 10.0) -> tuple[int, bytes, float]:
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    start = time.perf_counter()
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    elapsed = time.perf_counter() - start
    conn.close()
    return response.status, body, elapsed


def wait_http(port: int, path: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if get(port, path, 2)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"server on {port} did not answer {path}")


WRK_SCRIPT = """
done = function(summary, latency, requests)
  io.write(string.format("RESULT rps=%.1f p50=%.3f p95=%.3f p99=%.3f errors=%d requests=%d\\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout, summary.requests))
end
"""


def run_wrk(port: int, path: str, seconds: int, connections: int) -> dict[str, float]:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(WRK_SCRIPT)
    out = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{connections}",
            f"-d{seconds}s",
            "-s",
            script.name,
            f"http://{HOST}:{port}{path}",
        ],
        capture_output=True,
        text=True,
        timeout=seconds + 30,
        check=True,
    ).stdout
    os.unlink(script.name)
    match = re.search(r"RESULT (.*)", out)
    assert match, out
    return {k: float(v) for k, v in (kv.split("=") for kv in match.group(1).split())}


def load_average() -> float:
    return os.getloadavg()[0]


def run_wrk_alternated(
    port: int, paths: dict[str, str], seconds: int, connections: int, runs: int
) -> dict[str, list[dict[str, float]]]:
    """``runs`` rounds of one wrk run per path, in turn (this host's speed swings from one
    minute to the next: alternating puts a page and its floor in the same minute), each with
    the load average (1 min) read just before it."""
    out: dict[str, list[dict[str, float]]] = {name: [] for name in paths}
    for _ in range(runs):
        for name, path in paths.items():
            load = load_average()
            result = run_wrk(port, path, seconds, connections)
            result["load"] = load
            out[name].append(result)
    return out


def wrk_summary(results: list[dict[str, float]]) -> str:
    best = max(results, key=lambda r: r["rps"])
    rps = [r["rps"] for r in results]
    errors = int(sum(r["errors"] for r in results))
    return (
        f"best {best['rps']:.0f} req/s (p50 {best['p50']:.1f} ms, p95 {best['p95']:.1f} ms, "
        f"load {best['load']:.1f}); median {statistics.median(rps):.0f} req/s "
        f"(p50 {statistics.median(r['p50'] for r in results):.1f} ms, "
        f"p95 {statistics.median(r['p95'] for r in results):.1f} ms); "
        f"{len(results)} runs, load {min(r['load'] for r in results):.1f}"
        f"–{max(r['load'] for r in results):.1f}; {errors} errors"
    )


def _median_rps(results: list[dict[str, float]]) -> float:
    return statistics.median(r["rps"] for r in results)


def cached_request_queries(path: str) -> int:
    """SQL queries of one request for a page already in the cache (in this process, against
    the same database and Redis cache as the servers)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(SERVER_NAME=HOST)
    for _ in range(3):  # rendered, publication state confirmed, trusted
        assert client.get(path).status_code == 200
    with CaptureQueriesContext(connection) as captured:
        assert client.get(path).status_code == 200
    return len(captured.captured_queries)


def count_renders(log_path: Path) -> tuple[int, int]:
    text = log_path.read_text(errors="replace")
    return text.count("standings page rendered"), text.count("standings page assembled")


def stampede(port: int, path: str, clients: int) -> list[int]:
    barrier = threading.Barrier(clients)
    statuses: list[int] = []
    lock = threading.Lock()

    def one() -> None:
        conn = http.client.HTTPConnection(HOST, port, timeout=60)
        barrier.wait()
        conn.request("GET", path)
        status = conn.getresponse().status
        with lock:
            statuses.append(status)
        conn.close()

    threads = [threading.Thread(target=one) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--contests", type=int, default=20)
    parser.add_argument("--teams", type=int, default=512)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--seconds", type=int, default=10, help="duration of each wrk run")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    parser.add_argument("--freshness", type=int, default=20, help="games finished one by one")
    parser.add_argument("--port", type=int, default=0, help="gunicorn's port (0: a free one)")
    parser.add_argument("--runs", type=int, default=3, help="wrk runs per scenario (best, median)")
    parser.add_argument("--no-export", action="store_true", help="skip the XLSX export")
    parser.add_argument("--cache-db", type=int, default=12, help="Redis db for the cache")
    parser.add_argument("--broker-db", type=int, default=13, help="Redis db for the broker")
    args = parser.parse_args()
    args.port = args.port or free_port()
    if args.cache_db == args.broker_db:
        print("--cache-db and --broker-db must differ")
        return 2
    for tool in ("psql", "redis-cli", "wrk"):
        if shutil.which(tool) is None:
            print(f"{tool} is needed (apt-get install -y postgresql-client redis-tools wrk)")
            return 2

    for number in (args.cache_db, args.broker_db):
        if redis_keys(number):
            print(f"Redis db {number} holds keys: give empty ones (--cache-db, --broker-db)")
            return 2
    db = f"atout_bench_standings_{os.getpid()}"
    env = {
        "DATABASE_URL": f"postgres://postgres@{HOST}:5432/{db}",
        "CELERY_BROKER_URL": f"redis://{HOST}:6379/{args.broker_db}",
        "CACHE_URL": f"redis://{HOST}:6379/{args.cache_db}",
        "SECRET_KEY": "bench-" + "k" * 60,
        "DEBUG": "0",
        "HTTPS": "0",
        "ALLOWED_HOSTS": f"{HOST},localhost",
        "LOG_LEVEL": "INFO",
    }
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    procs: list[subprocess.Popen[bytes]] = []
    workdir = Path(tempfile.mkdtemp(prefix="atout-bench-"))
    psql(f"CREATE DATABASE {db}")
    try:
        subprocess.run(
            [PY, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, check=True, timeout=300
        )
        # The servers run with DEBUG=0: WhiteNoise serves the collected, hashed static files.
        subprocess.run(
            [PY, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=ROOT,
            check=True,
            timeout=300,
        )
        import django

        django.setup()
        import logging

        for name in ("scoring", "standings", "publishing", "seasons"):
            logging.getLogger(name).setLevel(logging.WARNING)
        from django.db import connection

        from publishing.exports import contest as exports
        from publishing.models import ExportJob
        from scoring.models import DealRecord
        from standings import events
        from standings import services as standings

        started = time.perf_counter()
        ids = populate(args.contests, args.teams, args.rounds, args.deals, seed=2026)
        fill_s = time.perf_counter() - started
        settle(db)
        target = ids[0]
        deal_count = DealRecord.objects.count()
        log(f"{deal_count} deals in {fill_s:.0f} s; rebuilding")

        # 2. Rebuild from the database, beside its floor.
        rebuilds = time_rebuilds(target, args.repeat)
        times, floor, queries = rebuilds["times"], rebuilds["floor"], rebuilds["queries"]
        rebuild_load = rebuilds["load"]
        tx = sum(1 for q in rebuilds["statements"] if q in ("BEGIN", "COMMIT"))
        sheets_to_finish = open_last_games(target, args.freshness)
        events.mark_stale(target)
        standings.rebuild(target)
        connection.close()

        # 3. Servers.
        worker_log = workdir / "worker.log"
        web_log = workdir / "web.log"
        procs.append(
            subprocess.Popen(
                [
                    str(BIN / "celery"),
                    "-A",
                    "config",
                    "worker",
                    "--concurrency=1",
                    "--loglevel=INFO",
                    "--without-gossip",
                    "--without-mingle",
                ],
                cwd=ROOT,
                stdout=worker_log.open("wb"),
                stderr=subprocess.STDOUT,
            )
        )
        procs.append(
            subprocess.Popen(
                [
                    str(BIN / "gunicorn"),
                    "--config",
                    "config/gunicorn.conf.py",
                    "config.wsgi",
                    "--bind",
                    f"{HOST}:{args.port}",
                    "--workers",
                    str(args.workers),
                    "--worker-class",
                    "gthread",
                    "--threads",
                    str(args.threads),
                    "--timeout",
                    "60",
                    "--backlog",
                    "512",
                ],
                cwd=ROOT,
                # Atout's settings with the cached page's floor mounted beside its URLs.
                env={**os.environ, "DJANGO_SETTINGS_MODULE": "benchmarks.page_floor_settings"},
                stdout=web_log.open("wb"),
                stderr=subprocess.STDOUT,
            )
        )
        base = "/concours/banc/concours-1/"
        wait_http(args.port, base + "classement/")

        # Cold renders: every request asks for a page never rendered (a new sort order or page
        # each time, so neither Redis nor a worker's own memory has it): 7 sorts x 3 pages, 21
        # samples, so that a worker's first render (its templates compiled) does not set the p50.
        cold = []
        cold_load = load_average()
        # ("rank" is the default order under another key: the default page was just rendered.)
        for page in (1, 2, 3):
            for sort in ("rank", "number", "-number", "points_for", "-points_for", "wins", "-wins"):
                status, _body, elapsed = get(
                    args.port, f"{base}classement/?sort={sort}&page={page}"
                )
                assert status == 200
                cold.append(elapsed * 1000)
        cold_team_page = []
        for n in (1, 2, 3):
            cold_team_page.append(get(args.port, f"{base}equipe/{n}/")[2] * 1000)

        # Cached: wrk on the page (anonymous visitors, the whole page from the cache).
        for path in (base + "classement/", base + "classement/?sort=-points_for&page=3"):
            for _ in range(3):  # rendered, publication state confirmed, trusted
                get(args.port, path)
        queries_cached = cached_request_queries(base + "classement/")
        connection.close()
        _status, sample, _e = get(args.port, base + "classement/")
        page_kb = len(sample) / 1024
        # The floor: a minimal view handing back these same bytes from the same cache
        # (benchmarks/page_floor_urls.py); and, for reference, a Django view that does nothing
        # (the language switch answering a GET with a redirect). Same middleware, same server.
        from django.core.cache import cache

        from benchmarks.page_floor_urls import FLOOR_KEY, FLOOR_PATH

        cache.set(FLOOR_KEY, sample, None)
        series = run_wrk_alternated(
            args.port,
            {
                "cached": base + "classement/",
                "sorted": base + "classement/?sort=-points_for&page=3",
                "floor": FLOOR_PATH,
                "nothing": "/i18n/setlang/",
            },
            args.seconds,
            args.connections,
            args.runs,
        )
        cached, cached_sorted = series["cached"], series["sorted"]
        floor_page, baseline = series["floor"], series["nothing"]

        # Stampede: 200 simultaneous requests on a cold cache.
        redis_flush(args.cache_db)
        before = count_renders(web_log)
        statuses = stampede(args.port, base + "classement/?page=2", 200)
        time.sleep(0.5)
        after = count_renders(web_log)
        table_renders = after[0] - before[0]
        page_builds = after[1] - before[1]

        # Freshness: the last deal of a game, entered through the service, until the page shows it.
        from scoring import services
        from scoring.adapters import DealFacts
        from scoring.models import ScoreSheet

        latencies = []
        for sheet_id in sheets_to_finish:
            sheet = ScoreSheet.objects.select_related("table__entry_a").get(pk=sheet_id)
            number = sheet.table.entry_a.number
            page = (number - 1) // 100 + 1
            path = f"{base}classement/?sort=number&page={page}"
            before = next(r for r in standings.live_snapshot(target).rows if r["number"] == number)
            t0 = time.perf_counter()
            written = services.record_deal(
                sheet_id,
                DealFacts(taker="a", trump="spades", taker_points=100),
                version=None,
                client_id=None,
            )
            assert written.sheet.status == ScoreSheet.Status.FINISHED
            expected = str(before["points_for"] + written.sheet.total_a)
            while time.perf_counter() - t0 < 30:
                _status, body, _e = get(args.port, path)
                text = body.decode()
                start = text.find(f'id="equipe-{number}"')
                row = text[start : text.find("</tr>", start)]
                if expected in re.findall(r"<td[^>]*>([^<]*)</td>", row):
                    break
                time.sleep(0.05)
            latencies.append(time.perf_counter() - t0)

        # 4. Export of the contest's deals, as the Celery job runs it.
        export_line = "| export of one contest's deals (XLSX job) | — | not run (--no-export) |"
        if not args.no_export:
            from django.conf import settings

            settings.MEDIA_ROOT = workdir / "media"
            from tournaments.models import Contest

            job = ExportJob.objects.create(
                contest=Contest.objects.get(pk=target), kind="deals", format="xlsx"
            )
            t0 = time.perf_counter()
            exports.run_job(job.pk)
            export_s = time.perf_counter() - t0
            job.refresh_from_db()
            export_line = (
                f"| export of the {job.rows_done:,} deals of one contest (XLSX job) | — "
                f"| {export_s:.1f} s |"
            )

        print(f"""
Command: `.venv/bin/python benchmarks/standings_bench.py {" ".join(sys.argv[1:])}` ({date.today().isoformat()}, {platform.python_version()},
{os.cpu_count()} cores; PostgreSQL on 127.0.0.1; Redis broker and cache; gunicorn {args.workers} workers
x {args.threads} threads (gthread); one Celery worker; `wrk -t2 -c{args.connections} -d{args.seconds}s` on loopback,
{args.runs} runs per scenario).

Data: {args.contests} contests of {args.teams} teams, {args.rounds} rounds, games of {args.deals} deals:
{deal_count:,} deal records in the database ({fill_s:.0f} s to fill).

| scenario | goal | result |
|---|---|---|
| rebuild one contest's standings from the database ({args.repeat} runs) | < 100 ms, ≤ 5 queries | p50 {statistics.median(times):.0f} ms, min {min(times):.0f} ms, max {max(times):.0f} ms; {max(queries)} statements + {tx} BEGIN/COMMIT (load {rebuild_load:.1f}) |
| floor: minimal hand-written rebuild (same runs, alternated) | — | p50 {statistics.median(floor):.0f} ms, min {min(floor):.0f} ms, max {max(floor):.0f} ms |
| rebuild ÷ floor (p50) | ≤ 4× | {statistics.median(times) / statistics.median(floor):.2f}× |
| public standings page, cold (a page never rendered, 21 runs) | < 150 ms | p50 {statistics.median(cold):.0f} ms, min {min(cold):.0f} ms, max {max(cold):.0f} ms (load {cold_load:.1f}) |
| public standings page from cache (`wrk`) | ≥ ½ floor | {wrk_summary(cached)} |
| same, sorted by points, page 3 | ≥ ½ floor | {wrk_summary(cached_sorted)} |
| floor: a minimal view serving the same bytes from the same cache (same server, alternated runs) | — | {wrk_summary(floor_page)} |
| reference: a Django view doing nothing (its redirect, same server, alternated runs) | — | {wrk_summary(baseline)} |
| cached page ÷ floor (median rates) | ≥ 0.5 | {_median_rps(cached) / _median_rps(floor_page):.2f} (sorted page 3: {_median_rps(cached_sorted) / _median_rps(floor_page):.2f}); ÷ the do-nothing view: {_median_rps(cached) / _median_rps(baseline):.2f} ({_median_rps(cached_sorted) / _median_rps(baseline):.2f}) |
| SQL queries of a request served from cache (in-process, same database and Redis) | 0 | {queries_cached} ({page_kb:.0f} kB page) |
| 200 simultaneous requests, cold cache | table rendered once | {statuses.count(200)}/200 answered 200; table rendered {table_renders}×, page assembled {page_builds}× |
| last deal of a game entered → public page shows the new standings ({len(latencies)} games) | < 10 s at p95 | p50 {statistics.median(latencies):.2f} s, p95 {percentile(latencies, 95):.2f} s, max {max(latencies):.2f} s |
| team page (not cached), 3 requests | — | p50 {statistics.median(cold_team_page):.0f} ms |
{export_line}
""")
        return 0
    except Exception:
        for name in ("web.log", "worker.log"):
            path = workdir / name
            if path.exists():
                log(f"{name} (last lines):\n" + "\n".join(path.read_text().splitlines()[-30:]))
        raise
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        try:
            from django.db import connections

            connections.close_all()
        except Exception:
            pass
        psql(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
        redis_flush(args.broker_db)
        redis_flush(args.cache_db)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
