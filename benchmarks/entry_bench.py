"""Score entry under load: deal POSTs through the real views, gunicorn, PostgreSQL.

What it does (everything on 127.0.0.1, bounded in time and count):

1. Creates a fresh PostgreSQL database (``atout_bench_entry`` on 127.0.0.1:5432, user
   ``postgres``), migrates it and seeds one contest (``club_contest``: games of 12 deals)
   with one published round of ``--tables`` tables, plus one long game for the hot case.
2. Starts gunicorn (``config.wsgi``, gthread workers, DEBUG off, plain HTTP) on a free port.
3. Scenario "20 tables at once": ``--phones`` clients (default 20), one keep-alive connection
   each, share the tables; each phone opens a table's link (GET, for the CSRF cookie and the
   form's version) then posts its 12 deals one after the other, like a phone at the table,
   each with a fresh client id and the version the previous answer implies. Only the POSTs
   are timed. A POST succeeds with 302 (the page then redirects to the sheet).
4. Scenario "two phones, one table": two clients post to the same sheet at once; a stale
   answer (409) carries the sheet's new version, with which the phone sends the same deal
   again (same client id), as a user would after "this sheet changed".
5. Checks the database: every table has exactly the deals that were accepted, once each,
   numbered 1..N, and totals equal to the sum of the deals' scores. Then drops the database.

Run: ``.venv/bin/python benchmarks/entry_bench.py`` (``--help`` for the options).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
DB_NAME = "atout_bench_entry"
DB_URL = f"postgres://postgres@127.0.0.1:5432/{DB_NAME}"
PG_ADMIN = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-q", "-c"]

VERSION_RE = re.compile(rb'name="version" value="(\d+)"')
CSRF_RE = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


# --- Database and server ----------------------------------------------------------------------


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=DB_URL,
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(60),
        ALLOWED_HOSTS="127.0.0.1",
        HTTPS="0",
        LOG_LEVEL="WARNING",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    env.pop("CELERY_BROKER_URL", None)
    return env


def create_database() -> None:
    subprocess.run([*PG_ADMIN, f"DROP DATABASE IF EXISTS {DB_NAME}"], check=True)
    subprocess.run([*PG_ADMIN, f"CREATE DATABASE {DB_NAME}"], check=True)
    for command in (["migrate"], ["collectstatic"]):  # DEBUG off: hashed static names
        subprocess.run(
            [sys.executable, "manage.py", *command, "--noinput", "-v", "0"],
            cwd=ROOT,
            env=_env(),
            check=True,
        )


def drop_database() -> None:
    subprocess.run([*PG_ADMIN, f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)"], check=False)


def setup_django() -> None:
    os.environ.update(_env())
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def seed(tables: int) -> tuple[list[tuple[str, str]], str]:
    """Create the contest; return the table links of the round and the hot table's link."""
    import datetime

    from engine.rules import make_ruleset
    from scoring import services
    from scoring.views import table_link
    from tournaments.models import Club, Contest, Entry, Player, Round, Table

    club = Club.objects.create(name="Banc d'essai", slug="banc")
    links: list[tuple[str, str]] = []
    hot = ""
    for slug, deals, count in (("charge", 12, tables), ("chaude", 200, 1)):
        contest = Contest.objects.create(
            club=club,
            name=slug,
            slug=slug,
            date=datetime.date(2026, 12, 1),
            status=Contest.Status.RUNNING,
            preset="club_contest",
            ruleset=make_ruleset("club_contest", deals_per_game=deals).to_json(),
        )
        players = Player.objects.bulk_create(
            Player(club=club, first_name=f"J{slug}{i}", last_name=f"N{i}", name_key=f"{slug}{i}")
            for i in range(4 * count)
        )
        entries = Entry.objects.bulk_create(
            Entry(contest=contest, number=i + 1, player1=players[2 * i], player2=players[2 * i + 1])
            for i in range(2 * count)
        )
        round_ = Round.objects.create(contest=contest, number=1, status=Round.Status.PUBLISHED)
        Table.objects.bulk_create(
            Table(round=round_, number=i + 1, entry_a=entries[2 * i], entry_b=entries[2 * i + 1])
            for i in range(count)
        )
        services.ensure_round_sheets(round_)
        for table in round_.tables.order_by("number"):
            sheet = services.sheet_of_table(table)
            link = table_link(sheet)
            if slug == "chaude":
                hot = link
            else:
                links.append((link, str(sheet.pk)))
    return links, hot


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_gunicorn(port: int, workers: int, threads: int) -> subprocess.Popen[bytes]:
    cmd = [
        str(Path(sys.executable).parent / "gunicorn"),
        "config.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--worker-class",
        "gthread",
        "--threads",
        str(threads),
        "--keep-alive",
        "30",
        "--log-level",
        "warning",
    ]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=_env())
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("gunicorn did not start")


# --- A tiny keep-alive HTTP/1.1 client --------------------------------------------------------


class Connection:
    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cookies: dict[str, str] = {}

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def request(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        if self.writer is None:
            await self._open()
        assert self.reader is not None and self.writer is not None
        headers = [
            f"{method} {path} HTTP/1.1",
            f"Host: 127.0.0.1:{self.port}",
            "Connection: keep-alive",
        ]
        if self.cookies:
            headers.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if body:
            headers.append("Content-Type: application/x-www-form-urlencoded")
        headers.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(headers) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:  # the server closed the connection: reopen and retry once
            self.writer = None
            return await self.request(method, path, body)
        status = int(status_line.split()[1])
        length = 0
        close = False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            value = value.strip()
            if name == "content-length":
                length = int(value)
            elif name == "set-cookie":
                cookie = value.split(";", 1)[0]
                key, _, val = cookie.partition("=")
                self.cookies[key] = val
            elif name == "connection" and value.lower() == "close":
                close = True
        data = await self.reader.readexactly(length) if length else b""
        if close:
            self.writer.close()
            self.writer = None
        return status, data


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    conflicts: int = 0
    accepted: dict[str, set[str]] = field(default_factory=dict)  # sheet link -> client ids

    def report(self, elapsed: float) -> dict[str, float]:
        lat = sorted(self.latencies)

        def pct(p: float) -> float:
            return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else 0.0

        return {
            "requests": len(lat),
            "rps": len(lat) / elapsed if elapsed else 0.0,
            "p50": pct(0.50),
            "p95": pct(0.95),
            "p99": pct(0.99),
            "max": lat[-1] * 1000 if lat else 0.0,
            "mean": statistics.fmean(lat) * 1000 if lat else 0.0,
            "errors": self.errors,
            "conflicts": self.conflicts,
        }


def deal_body(csrf: str, version: int, client_id: str, n: int) -> bytes:
    taker = "a" if n % 2 else "b"
    return urlencode(
        {
            "csrfmiddlewaretoken": csrf,
            "version": version,
            "client_id": client_id,
            "taker": taker,
            "trump": ("hearts", "spades", "clubs", "diamonds")[n % 4],
            "taker_points": 82 + (n * 7) % 81,
            "belote_team": "a" if n % 5 == 0 else "",
            "capot_team": "",
            "action": "save",
        }
    ).encode()


async def open_sheet(conn: Connection, link: str) -> tuple[str, int]:
    status, body = await conn.request("GET", link)
    if status != 200:
        raise RuntimeError(f"GET {link} -> {status}")
    csrf = CSRF_RE.search(body)
    version = VERSION_RE.search(body)
    assert csrf and version
    return csrf.group(1).decode(), int(version.group(1))


async def phone(port: int, links: list[str], deals: int, stats: Stats) -> None:
    conn = Connection(port)
    for link in links:
        csrf, version = await open_sheet(conn, link)
        ids = stats.accepted.setdefault(link, set())
        for n in range(1, deals + 1):
            client_id = str(uuid.uuid4())
            body = deal_body(csrf, version, client_id, n)
            start = time.perf_counter()
            status, _ = await conn.request("POST", link + "donne/", body)
            stats.latencies.append(time.perf_counter() - start)
            if status == 302:
                ids.add(client_id)
                version += 1
            else:
                stats.errors += 1
                csrf, version = await open_sheet(conn, link)


async def hot_phone(port: int, link: str, deals: int, stats: Stats, seed: int) -> None:
    """One of two phones on the same table: on 409, resend the same deal with the new version."""
    conn = Connection(port)
    csrf, version = await open_sheet(conn, link)
    ids = stats.accepted.setdefault(link, set())
    for n in range(1, deals + 1):
        client_id = str(uuid.uuid4())
        for _attempt in range(50):
            body = deal_body(csrf, version, client_id, n + seed)
            start = time.perf_counter()
            status, data = await conn.request("POST", link + "donne/", body)
            stats.latencies.append(time.perf_counter() - start)
            if status == 302:
                ids.add(client_id)
                version += 1
                break
            if status == 409:
                stats.conflicts += 1
                found = VERSION_RE.search(data)
                if found is None:
                    stats.errors += 1
                    break
                version = int(found.group(1))
                continue
            stats.errors += 1
            break


async def run_load(port: int, links: list[str], phones: int, deals: int) -> tuple[Stats, float]:
    stats = Stats()
    shares = [links[i::phones] for i in range(phones)]
    start = time.perf_counter()
    await asyncio.gather(*(phone(port, share, deals, stats) for share in shares if share))
    return stats, time.perf_counter() - start


async def run_hot(port: int, link: str, deals: int) -> tuple[Stats, float]:
    stats = Stats()
    start = time.perf_counter()
    await asyncio.gather(
        hot_phone(port, link, deals, stats, 0), hot_phone(port, link, deals, stats, 1)
    )
    return stats, time.perf_counter() - start


# --- Verification -----------------------------------------------------------------------------


def verify(accepted: dict[str, set[str]], token_of: dict[str, str]) -> tuple[int, int, int]:
    """(lost, duplicated, inconsistent sheets) according to the database."""
    from scoring.models import DealRecord, ScoreSheet

    lost = duplicated = bad = 0
    for link, ids in accepted.items():
        token = token_of[link]
        sheet = ScoreSheet.objects.get(token=token)
        deals = list(DealRecord.objects.filter(sheet=sheet).order_by("number"))
        stored = [str(d.client_id) for d in deals]
        lost += len(ids - set(stored))
        duplicated += len(stored) - len(set(stored)) + len(set(stored) - ids)
        numbers_ok = [d.number for d in deals] == list(range(1, len(deals) + 1))
        totals_ok = (sheet.total_a, sheet.total_b) == (
            sum(d.score_a for d in deals),
            sum(d.score_b for d in deals),
        )
        if not (numbers_ok and totals_ok and sheet.deal_count == len(deals)):
            bad += 1
    return lost, duplicated, bad


def line(name: str, r: dict[str, float]) -> str:
    return (
        f"| {name} | {int(r['requests']):,} | {r['rps']:.0f} | {r['p50']:.1f} | {r['p95']:.1f} | "
        f"{r['p99']:.1f} | {r['max']:.0f} | {int(r['errors'])} | {int(r['conflicts'])} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=400, help="tables of 12 deals (load case)")
    parser.add_argument("--phones", type=int, default=20, help="concurrent phones (connections)")
    parser.add_argument(
        "--hot-deals", type=int, default=90, help="deals per phone, hot case (2 x 90 <= 200)"
    )
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    args = parser.parse_args()

    create_database()
    server: subprocess.Popen[bytes] | None = None
    try:
        setup_django()
        links_ids, hot = seed(args.tables)
        links = [link for link, _ in links_ids]
        token_of = {link: link.rstrip("/").rsplit("/", 1)[1] for link in [*links, hot]}
        port = free_port()
        server = start_gunicorn(port, args.workers, args.threads)
        # Warm-up: every worker imports and connects (not timed, separate tables).
        asyncio.run(run_load(port, links[:4], 4, 2))
        warm = set(links[:4])
        load_stats, load_elapsed = asyncio.run(
            run_load(port, [lnk for lnk in links if lnk not in warm], args.phones, 12)
        )
        hot_stats, hot_elapsed = asyncio.run(run_hot(port, hot, args.hot_deals))
        load = load_stats.report(load_elapsed)
        hot_r = hot_stats.report(hot_elapsed)
        lost, dup, bad = verify(load_stats.accepted, token_of)
        hlost, hdup, hbad = verify(hot_stats.accepted, token_of)
        accepted_hot = sum(len(v) for v in hot_stats.accepted.values())
        print(
            f"\ngunicorn gthread {args.workers} workers x {args.threads} threads, "
            f"{os.cpu_count()} cores, load average before: {os.getloadavg()[0]:.1f}\n"
        )
        print(
            "| scenario | POSTs | POST/s | p50 ms | p95 ms | p99 ms | max ms | errors | 409 stale |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        print(line(f"{args.phones} tables at once", load))
        print(line("2 phones, 1 table", hot_r))
        print(
            f"\nload case: {sum(len(v) for v in load_stats.accepted.values())} deals accepted, "
            f"lost {lost}, duplicated {dup}, inconsistent sheets {bad}"
        )
        print(
            f"hot case: {accepted_hot} deals accepted ({accepted_hot / hot_elapsed:.0f}/s), "
            f"lost {hlost}, duplicated {hdup}, inconsistent sheets {hbad}"
        )
        ok = load["errors"] == 0 and hot_r["errors"] == 0 and not (lost or dup or bad)
        ok = ok and not (hlost or hdup or hbad)
        return 0 if ok else 1
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        from django.db import connections

        connections.close_all()
        if not args.keep:
            drop_database()


if __name__ == "__main__":
    raise SystemExit(main())
