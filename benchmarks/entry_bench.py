"""Score entry under load: deal POSTs through the real views, gunicorn, PostgreSQL, wrk.

What it does (everything on 127.0.0.1, bounded in time and in count):

1. Creates a fresh PostgreSQL database (``atout_bench_entry`` on 127.0.0.1:5432, user
   ``postgres``), migrates it and seeds two contests (``club_contest``: games of 12 deals), each
   with one published round holding ``--phones x --tables-per-phone`` tables for each run (one
   for the closed-loop scenario, one for the paced one; plus a few tables for the warm-up), and
   a third contest of 200-deal games for the hot case.
2. Starts gunicorn (``config.wsgi`` with ``config/gunicorn.conf.py``, gthread workers, DEBUG
   off, a SECRET_KEY, logging at
   WARNING, persistent database connections as configured) on a free loopback port, with the
   README's production services: a Celery broker and the cache (``CACHE_URL``: the table
   links' throttle counters) on an empty Redis database of 127.0.0.1:6379.
3. Fetches a CSRF cookie once (one GET of a table link), then writes a Lua script for ``wrk``
   (``apt-get install wrk``) holding every table link of the run. The load tool runs in C on
   the same 2 cores, so it has to be cheap: wrk threads cost far less than a Python client.
4. Scenario "20 tables at once": ``--phones`` wrk threads of one keep-alive connection each.
   A thread is a phone: it posts its tables' 12 deals one after the other, deal n with the
   version n - 1 and a client id unique to (run, table, deal); an answer other than 302 ends
   that table (counted as an error). The thread stops after its last table, so the run is
   bounded by count (and by ``--timeout`` seconds, reported if reached). This is a closed
   loop: with 20 requests always outstanding, latency is by construction 20 / throughput, so
   it measures the capacity (how many POST/s at most), not the latency at a given rate.
5. Scenario "20 tables paced at ``--rate``/s" (open loop, the way wrk2 measures): the same
   phones on fresh tables, but each sends on a fixed schedule instead of as soon as it has its
   answer: request k of a phone is due at its start + k x phones / rate (the phones' starts
   are spread over one interval), so together they offer ``--rate`` POSTs per second (300 by
   default, the goal's rate). A phone never sends early (wrk's ``delay()`` hook waits for the
   due time) and, behind schedule, sends at once. Latency is measured from the due time to
   the answer, not from the send: a slow answer delays its phone's next requests, and that
   wait counts too (no "coordinated omission", which would hide the stalls). The Lua script
   records every latency; Python computes the percentiles. The POST/s reported is the achieved
   rate (answered POSTs / seconds from the first due time to the last answer): well under
   ``--rate``, the server did not keep up and the latencies grow with the run's length.
6. Scenario "two phones, one table": two wrk threads post to the same 200-deal sheet at once,
   ``--hot-deals`` accepted deals each. A 409 ("this sheet changed") carries the sheet's
   version: the phone sends the same deal again (same client id) with it, up to 50 times; a
   deal still refused then (or any other answer) stops that phone, counted as an error.
7. The floor, "20 tables at once" again on fresh tables, right after Atout's in the same run:
   the same wrk script, phones and database, a second gunicorn with the same options and
   settings except ``ROOT_URLCONF`` (``benchmarks/floor_settings.py``), which mounts only a
   minimal Django view on the table links' paths (``benchmarks/floor_urls.py``): one
   ``select_for_update().get()`` of the sheet, one INSERT of the deal, one UPDATE of the sheet,
   in a transaction, then 302. Atout's rate is reported as a ratio of the floor's (the issue's
   aim: at least half of it). Both servers are up for the whole bench; only one is posted to
   at a time.
8. Checks the database after each run: for every table, the deals stored are exactly the ones
   answered 302, once each (client ids), numbered 1..N, version = number of deals, totals =
   sum of the deals' scores. Then drops the database (unless ``--keep``).

Each run does the four scenarios in turn: 20 tables at once (capacity), the floor on 20 tables
at once, 20 tables paced at ``--rate``/s (latency at that rate), two phones on one table. Reported per run: the load
average before, POST/s, p50/p95/p99/max latency (wrk's figures at microsecond resolution;
for the paced run, the ones measured from the due times), errors, 409s, lost and duplicated
deals, and the CPU time gunicorn and PostgreSQL spent per POST (from /proc). Before each run,
the "host probe" times a fixed pure-Python loop (3 M additions) on the idle machine: this
host's speed swings by up to 2x between minutes, and runs compare only at similar probes. With ``--runs N``
the best and median run follow.

Run: ``.venv/bin/python benchmarks/entry_bench.py`` (``--help`` for the options); the
environment variables ``ATOUT_BENCH_DB`` and ``ATOUT_BENCH_REDIS_DB`` choose the database it
creates and the (empty) Redis database it uses.
"""

from __future__ import annotations

import argparse
import http.client
import math
import os
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import standings_bench

ROOT = Path(__file__).resolve().parent.parent
# A database of its own (``ATOUT_BENCH_DB`` names another, e.g. beside a colleague's run).
DB_NAME = os.environ.get("ATOUT_BENCH_DB", "atout_bench_entry")
DB_URL = f"postgres://postgres@127.0.0.1:5432/{DB_NAME}"
PG_ADMIN = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-q", "-c"]
DEALS_PER_GAME = 12
HOT_DEALS_PER_GAME = 200
CSRF_COOKIE_RE = re.compile(r"csrftoken=([A-Za-z0-9]+)")

# --- Database and server ----------------------------------------------------------------------


def _free_redis_db() -> int | None:
    """An empty Redis database on 127.0.0.1:6379 for the Celery broker, or None.

    ``ATOUT_BENCH_REDIS_DB`` names the one to use (it must be empty too)."""
    if shutil.which("redis-cli") is None:
        return None
    given = os.environ.get("ATOUT_BENCH_REDIS_DB")
    for n in [int(given)] if given else range(15, 7, -1):
        try:
            out = subprocess.run(
                ["redis-cli", "-h", "127.0.0.1", "-n", str(n), "dbsize"],
                capture_output=True,
                text=True,
                timeout=5,
            ).stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            return None
        if out == "0":
            return n
    return None


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
    env.pop("CACHE_URL", None)
    return env


ENV = _env()
REDIS_DB: int | None = None


def use_broker(eager: bool) -> str:
    """Production's set-up: a Celery broker, so a finished game queues its standings rebuild
    (no worker runs here: the rebuild is measured by standings_bench.py), and the Redis cache
    that every table request counts its throttle in. ``eager`` keeps the development set-up
    instead: no Redis, the request that finishes a game rebuilds the standings.
    """
    global REDIS_DB
    if eager:
        return "no broker: standings rebuilt eagerly in the request that finishes a game"
    REDIS_DB = _free_redis_db()
    if REDIS_DB is None:
        raise SystemExit("no empty Redis database on 127.0.0.1:6379 (or use --eager)")
    ENV["CELERY_BROKER_URL"] = f"redis://127.0.0.1:6379/{REDIS_DB}"
    ENV["CACHE_URL"] = f"redis://127.0.0.1:6379/{REDIS_DB}"
    return (
        f"Celery broker and cache on redis://127.0.0.1:6379/{REDIS_DB} (rebuilds queued, no worker)"
    )


def drop_broker_db() -> None:
    if REDIS_DB is not None:  # it was empty when we took it
        subprocess.run(
            ["redis-cli", "-h", "127.0.0.1", "-n", str(REDIS_DB), "flushdb"], check=False
        )


def create_database() -> None:
    subprocess.run([*PG_ADMIN, f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)"], check=True)
    subprocess.run([*PG_ADMIN, f"CREATE DATABASE {DB_NAME}"], check=True)
    for command in (["migrate"], ["collectstatic"]):  # DEBUG off: hashed static names
        subprocess.run(
            [sys.executable, "manage.py", *command, "--noinput", "-v", "0"],
            cwd=ROOT,
            env=ENV,
            check=True,
        )


def drop_database() -> None:
    subprocess.run([*PG_ADMIN, f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)"], check=False)


def setup_django() -> None:
    os.environ.update(ENV)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def seed_contest(slug: str, deals: int, count: int) -> list[tuple[str, int]]:
    """A running contest with one published round of ``count`` tables: [(link, sheet id)]."""
    import datetime

    from engine.belote.rules import make_ruleset
    from scoring import services
    from scoring.sheet.views import table_link
    from tournaments.models import Club, Contest, Entry, Player, Round, Table

    club, _ = Club.objects.get_or_create(slug="banc", defaults={"name": "Banc d'essai"})
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
    links = []
    for table in round_.tables.select_related("round").order_by("number"):
        sheet = services.sheet_of_table(table)
        sheet.table = table
        links.append((table_link(sheet), sheet.pk))
    return links


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_gunicorn(
    port: int, workers: int, threads: int, settings: str = "config.settings"
) -> subprocess.Popen[bytes]:
    """gunicorn on ``port``; ``settings`` ``benchmarks.floor_settings`` serves the floor view."""
    cmd = [
        str(Path(sys.executable).parent / "gunicorn"),
        "--config",
        "config/gunicorn.conf.py",  # production's settings file
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
        "--backlog",
        "256",
        "--log-level",
        "warning",
    ]
    proc = subprocess.Popen(cmd, cwd=ROOT, env={**ENV, "DJANGO_SETTINGS_MODULE": settings})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("gunicorn did not start")


def csrf_cookie(port: int, link: str) -> str:
    # The first answer waits for a worker to boot (slow on a loaded machine).
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=90)
    conn.request("GET", link)
    response = conn.getresponse()
    response.read()
    conn.close()
    if response.status != 200:
        raise SystemExit(f"GET {link} -> {response.status}")
    for name, value in response.getheaders():
        found = CSRF_COOKIE_RE.search(value) if name.lower() == "set-cookie" else None
        if found:
            return found.group(1)
    raise SystemExit("no CSRF cookie on the table page")


# --- CPU time of the server and of PostgreSQL (from /proc) -------------------------------------


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def _postgres_pids() -> list[int]:
    """The PostgreSQL backends serving the bench's database (other databases' are not ours)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if f" {DB_NAME} ".encode() in (entry / "cmdline").read_bytes():
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def cpu_snapshot(server: subprocess.Popen[bytes]) -> dict[str, dict[int, float]]:
    workers = [server.pid, *_children(server.pid)]
    return {
        "gunicorn": {pid: _cpu_seconds(pid) for pid in workers},
        "postgres": {pid: _cpu_seconds(pid) for pid in _postgres_pids()},
    }


def cpu_spent(before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]) -> dict:
    return {
        kind: sum(v - before[kind].get(pid, 0.0) for pid, v in after[kind].items())
        for kind in after
    }


# --- wrk scripts -------------------------------------------------------------------------------

_LUA_COMMON = r"""
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } atout_timespec;
int clock_gettime(int clk_id, atout_timespec *tp);
]]
local ts = ffi.new("atout_timespec")
local function now()  -- CLOCK_MONOTONIC seconds, as Python's time.monotonic()
  ffi.C.clock_gettime(1, ts)
  return tonumber(ts.tv_sec) + tonumber(ts.tv_nsec) / 1e9
end
t0, t1 = 0, 0

-- A thread that is done says so with a file: the bench then stops wrk (whose -d is a cap).
local function finish()
  t1 = now()
  local f = io.open(DONE_DIR .. "/" .. id, "w")
  if f then f:close() end
  wrk.thread:stop()
end

local threads = {}
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
  table.insert(threads, thread)
end

local function client_id(tag, n)
  return string.format("%08x-%04x-4%03x-8000-%012x", RUN, tag % 65536, n, tag)
end

local TRUMPS = {"hearts", "spades", "clubs", "diamonds"}
local function deal_body(version, cid, n)
  local taker = (n % 2 == 1) and "a" or "b"
  local belote = (n % 5 == 0) and "a" or ""
  return string.format(
    "version=%d&client_id=%s&taker=%s&trump=%s&taker_points=%d&belote_team=%s" ..
    "&capot_team=&action=save", version, cid, taker, TRUMPS[n % 4 + 1], 82 + (n * 7) % 81, belote)
end

local HEADERS = nil
local function headers()
  if HEADERS == nil then
    HEADERS = {
      ["Content-Type"] = "application/x-www-form-urlencoded",
      ["Cookie"] = "csrftoken=" .. CSRF,
      ["X-CSRFToken"] = CSRF,
    }
  end
  return HEADERS
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d %d %d %d %d %d %d %d\n",
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max,
    latency.mean))
  for _, t in ipairs(threads) do
    io.write(string.format("THREAD %d %d %d %d %d %.6f %.6f %s\n", t:get("id"), t:get("ok"),
      t:get("bad"), t:get("stale"), t:get("extra"), t:get("t0"), t:get("t1"), t:get("accepted")))
  end
end
"""

_LUA_LOAD = r"""
function init(args)
  mine = {}
  for i = id, #PATHS, PHONES do mine[#mine + 1] = i end
  cur, n, ok, bad, stale, extra, accepted = 1, 1, 0, 0, 0, 0, ""
  finished = false
end

function request()
  if t0 == 0 then t0 = now() end
  if #mine == 0 and not finished then finished = true finish() end
  if finished then  -- only if wrk asks again after stop(): a harmless GET, counted apart
    return wrk.format("GET", "/healthz")
  end
  local t = mine[cur]
  return wrk.format("POST", PATHS[t] .. "donne/", headers(), deal_body(n - 1, client_id(t, n), n))
end

local function next_table()
  accepted = accepted .. string.format("%d:%d,", mine[cur], n - 1)
  cur, n = cur + 1, 1
  if cur > #mine then
    finished = true
    finish()
  end
end

function response(status, headers, body)
  if finished then extra = extra + 1 return end
  if status == 302 then
    ok = ok + 1
    n = n + 1
    if n > DEALS then next_table() end
  else
    bad = bad + 1
    next_table()  -- the rest of this table would only be stale
  end
end
"""

_LUA_HOT = r"""
function init(args)
  k, version, attempts, ok, bad, stale, extra, accepted = 1, 0, 0, 0, 0, 0, 0, ""
  finished = false
end

function request()
  if t0 == 0 then t0 = now() end
  if finished then
    return wrk.format("GET", "/healthz")
  end
  local tag = id * 4096 + k
  return wrk.format("POST", PATHS[1] .. "donne/", headers(), deal_body(version, client_id(tag, k), k + id))
end

-- The phone's accepted deals are always k = 1..ok: it stops at its first refused deal (counted
-- as an error) rather than skip it, so that the check knows exactly which deals were stored.
local function stop()
  finished = true
  accepted = string.format("%d:%d,", id, ok)
  finish()
end

local function next_deal()
  k, attempts = k + 1, 0
  if k > DEALS then stop() end
end

function response(status, headers, body)
  if finished then extra = extra + 1 return end
  if status == 302 then
    ok = ok + 1
    version = version + 1
    next_deal()
  elseif status == 409 then
    stale = stale + 1
    attempts = attempts + 1
    local v = string.match(body, 'name="version" value="(%d+)"')
    if v == nil or attempts > 50 then
      bad = bad + 1
      stop()
    else
      version = tonumber(v)
    end
  else
    bad = bad + 1
    stop()
  end
end
"""


# The paced scenario is the load script (same tables, deals, client ids, handling of a refusal)
# with a schedule laid over it: these functions wrap the load script's ones.
_LUA_PACED = r"""
local LEAD = 0.25  -- seconds from wrk's start to the first due time: every thread is up by then
local INTERVAL = PHONES / RATE  -- seconds between two requests of one phone
local load_setup, load_init, load_request, load_response, load_done =
  setup, init, request, response, done

-- setup() runs in wrk's main Lua state, once per thread: one time origin shared by all phones.
function setup(thread)
  if BASE == nil then BASE = now() + LEAD end
  thread:set("BASE", BASE)
  load_setup(thread)
end

-- Phone i starts (i - 1) / RATE after the first: together the phones send RATE requests a
-- second evenly spread, not PHONES at once every INTERVAL.
function init(args)
  load_init(args)
  start = BASE + (id - 1) / RATE
  sent, due, lat = 0, 0, ""
  t0 = start  -- the achieved rate counts from the first due time, not from the first send
end

-- wrk calls delay() before each request: wait until it is due; a phone behind schedule sends at
-- once. wrk's timers count whole milliseconds from a truncated clock and can fire up to 1 ms
-- before the time asked: rounding up plus 1 ms keeps every send at or after its due time (up
-- to ~2 ms after, counted in the latency: the safe side).
function delay()
  local wait = start + sent * INTERVAL - now()
  return wait > 0 and math.ceil(wait * 1000) + 1 or 0
end

function request()
  due = start + sent * INTERVAL
  sent = sent + 1
  return load_request()
end

-- Latency from the due time, not from the send: a slow answer holds back the next requests of
-- its phone (one connection), and that wait is part of what their users see.
function response(status, headers, body)
  if not finished then
    lat = lat .. string.format("%.0f,", (now() - due) * 1e6)  -- microseconds
  end
  load_response(status, headers, body)
end

function done(summary, latency, requests)
  load_done(summary, latency, requests)
  for _, t in ipairs(threads) do
    io.write(string.format("LATENCY %d %s\n", t:get("id"), t:get("lat")))
  end
end
"""

SCENARIOS = {"load": _LUA_LOAD, "paced": _LUA_LOAD + _LUA_PACED, "hot": _LUA_HOT}


def lua_script(
    kind: str, run: int, csrf: str, paths: list[str], phones: int, deals: int, rate: float = 0
) -> str:
    """The wrk script of a scenario (``load``, ``paced`` at ``rate`` POST/s, or ``hot``)."""
    quoted = ",\n".join(f'  "{p}"' for p in paths)
    header = (
        f'RUN = {run}\nCSRF = "{csrf}"\nPHONES = {phones}\nDEALS = {deals}\nRATE = {rate}\n'
        f'DONE_DIR = "@DONE_DIR@"\nPATHS = {{\n{quoted}\n}}\n'
    )
    return header + _LUA_COMMON + SCENARIOS[kind]


@dataclass
class WrkResult:
    requests: int = 0
    seconds: float = 0.0
    socket_errors: int = 0
    status_errors: int = 0
    p50: float = 0.0
    p95: float = 0.0
    p99: float = 0.0
    max: float = 0.0
    mean: float = 0.0
    ok: int = 0
    bad: int = 0
    stale: int = 0
    extra: int = 0
    accepted: dict[int, int] = field(default_factory=dict)  # table index or phone -> deals
    timed_out: bool = False
    load_before: float = 0.0
    probe_ms: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)

    @property
    def posts(self) -> int:
        return self.requests - self.extra

    @property
    def rps(self) -> float:
        return self.posts / self.seconds if self.seconds else 0.0

    @property
    def errors(self) -> int:
        return self.socket_errors + self.bad


def host_probe() -> float:
    """Milliseconds a fixed pure-Python loop takes right now, on an idle server. This host's
    speed swings by up to 2x from one minute to the next with nothing else running: runs are
    comparable only at similar probe times."""
    start = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i
    return (time.perf_counter() - start) * 1000


def run_wrk(
    script: str, port: int, connections: int, timeout: int, server: subprocess.Popen[bytes]
) -> WrkResult:
    """Run wrk until every thread is done (or ``timeout`` seconds), parse what done() wrote."""
    result = WrkResult(load_before=os.getloadavg()[0], probe_ms=host_probe())
    with tempfile.TemporaryDirectory(prefix="atout-wrk-") as tmp:
        done_dir = Path(tmp, "done")
        done_dir.mkdir()
        path = Path(tmp, "bench.lua")
        path.write_text(script.replace("@DONE_DIR@", str(done_dir)))
        cmd = ["wrk", "-t", str(connections), "-c", str(connections), "-d", f"{timeout}s"]
        cmd += ["--timeout", "10s", "-s", str(path), f"http://127.0.0.1:{port}"]
        cpu_before = cpu_snapshot(server)
        start = time.monotonic()
        wrk = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        while wrk.poll() is None and time.monotonic() - start < timeout + 5:
            if len(list(done_dir.iterdir())) >= connections:
                wrk.send_signal(signal.SIGINT)  # wrk then joins its threads and calls done()
                break
            time.sleep(0.05)
        try:
            out, err = wrk.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            wrk.kill()
            raise
        result.cpu = cpu_spent(cpu_before, cpu_snapshot(server))
        result.timed_out = len(list(done_dir.iterdir())) < connections
    starts, ends, latencies = [], [], []
    for line in out.splitlines():
        parts = line.split()
        if parts[:1] == ["RESULT"]:
            n = [int(p) for p in parts[1:]]
            result.requests = n[0]
            result.socket_errors = n[2] + n[3] + n[4] + n[6]
            result.status_errors = n[5]
            result.p50, result.p95, result.p99, result.max, result.mean = (
                v / 1000 for v in n[7:12]
            )
        elif parts[:1] == ["THREAD"]:
            result.ok += int(parts[2])
            result.bad += int(parts[3])
            result.stale += int(parts[4])
            result.extra += int(parts[5])
            starts.append(float(parts[6]))
            ends.append(float(parts[7]))
            for item in (parts[8] if len(parts) > 8 else "").split(","):
                if item:
                    key, _, count = item.partition(":")
                    result.accepted[int(key)] = int(count)
        elif parts[:1] == ["LATENCY"]:  # paced: microseconds from each POST's due time
            latencies += [int(v) / 1000 for v in "".join(parts[2:]).split(",") if v]
    if not starts:
        raise SystemExit(f"wrk gave no result:\n{out}\n{err}")
    # From the first request sent (paced: the first due time) to the last answer received, over
    # every thread.
    result.seconds = (max(ends) if all(ends) else time.monotonic()) - min(starts)
    if latencies:  # wrk's figures start at the send: those from the due time replace them
        use_latencies(result, latencies)
    return result


def percentile(ordered: list[float], p: float) -> float:
    """Nearest rank: the smallest value that at least p % of the values do not exceed."""
    return ordered[max(1, math.ceil(p / 100 * len(ordered))) - 1]


def use_latencies(result: WrkResult, latencies: list[float]) -> None:
    ordered = sorted(latencies)
    result.p50, result.p95, result.p99 = (percentile(ordered, p) for p in (50, 95, 99))
    result.max, result.mean = ordered[-1], statistics.fmean(ordered)


# --- Verification -----------------------------------------------------------------------------


def client_id(run: int, tag: int, n: int) -> uuid.UUID:
    return uuid.UUID(f"{run:08x}-{tag % 65536:04x}-4{n:03x}-8000-{tag:012x}")


@dataclass
class Check:
    stored: int = 0
    lost: int = 0
    duplicated: int = 0
    bad_sheets: int = 0


def verify(expected: dict[int, set[uuid.UUID]]) -> Check:
    """Compare each sheet with the client ids answered 302 (sheet id -> ids)."""
    from scoring.models import DealRecord, ScoreSheet

    check = Check()
    for sheet_id, ids in expected.items():
        sheet = ScoreSheet.objects.get(pk=sheet_id)
        deals = list(DealRecord.objects.filter(sheet_id=sheet_id).order_by("number"))
        stored = [d.client_id for d in deals]
        check.stored += len(deals)
        check.lost += len(ids - set(stored))
        check.duplicated += len(stored) - len(set(stored)) + len(set(stored) - ids)
        consistent = (
            [d.number for d in deals] == list(range(1, len(deals) + 1))
            and sheet.deal_count == len(deals)
            and sheet.version == len(deals)
            and (sheet.total_a, sheet.total_b)
            == (sum(d.score_a for d in deals), sum(d.score_b for d in deals))
        )
        check.bad_sheets += not consistent
    return check


# --- Main --------------------------------------------------------------------------------------


def line(name: str, r: WrkResult, c: Check) -> str:
    cpu = r.cpu
    per = (lambda s: s / r.posts * 1000) if r.posts else (lambda s: 0.0)
    return (
        f"| {name} | {r.load_before:.1f} | {r.probe_ms:.0f} | {r.posts:,} | {r.rps:.0f} | {r.p50:.1f} | "
        f"{r.p95:.1f} | {r.p99:.1f} | {r.max:.0f} | {r.errors} | {r.stale} | "
        f"{c.lost} / {c.duplicated} / {c.bad_sheets} | {per(cpu['gunicorn']):.1f} | "
        f"{per(cpu['postgres']):.1f} |" + (" **timed out**" if r.timed_out else "")
    )


HEADER = (
    "| run | load avg before | host probe ms | POSTs | POST/s | p50 ms | p95 ms | p99 ms | max ms "
    "| errors | 409 stale | lost / dup / bad sheets | gunicorn CPU ms/POST "
    "| PostgreSQL CPU ms/POST |\n"
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|"
)


def summary(name: str, results: list[WrkResult], by_p99: bool = False) -> str:
    """Best and median runs. The best run is the fastest one, or with ``by_p99`` (paced runs,
    whose rate is set by the schedule) the one with the lowest p99."""
    rates = sorted(r.rps for r in results)
    p99s = sorted(r.p99 for r in results)
    best = min(results, key=lambda r: r.p99) if by_p99 else max(results, key=lambda r: r.rps)
    return (
        f"{name}: best {best.rps:.0f} POST/s (p99 {best.p99:.1f} ms, load {best.load_before:.1f}, "
        f"probe {best.probe_ms:.0f} ms),"
        f" median {statistics.median(rates):.0f} POST/s, median p99 {statistics.median(p99s):.1f} ms"
    )


def cpu_per_post(r: WrkResult) -> float:
    """Seconds of gunicorn and PostgreSQL CPU per POST of a run (a tiny figure if none)."""
    return (r.cpu["gunicorn"] + r.cpu["postgres"]) / r.posts if r.posts else 1e-9


@dataclass
class Target:
    """The server under test and what every wrk run needs to post to it."""

    port: int
    csrf: str
    server: subprocess.Popen[bytes]
    phones: int
    timeout: int


def tables_run(
    kind: str, run: int, tables: list[tuple[str, int]], target: Target, rate: float = 0
) -> tuple[WrkResult, Check]:
    """A run of ``kind`` ``load`` or ``paced`` on fresh 12-deal tables, then its verification:
    table i holds exactly the deals answered 302, client ids (run, i, 1..n)."""
    paths = [p for p, _ in tables]
    script = lua_script(kind, run, target.csrf, paths, target.phones, DEALS_PER_GAME, rate)
    # A paced run lasts as long as its schedule: --timeout is the slack on top of it.
    timeout = target.timeout + (math.ceil(len(tables) * DEALS_PER_GAME / rate) if rate else 0)
    r = run_wrk(script, target.port, target.phones, timeout, target.server)
    expected = {
        sheet_id: {client_id(run, i, n) for n in range(1, r.accepted.get(i, 0) + 1)}
        for i, (_, sheet_id) in enumerate(tables, start=1)
    }
    return r, verify(expected)


def hot_run(
    run: int, table: tuple[str, int], target: Target, deals: int
) -> tuple[WrkResult, Check]:
    """Two phones on one 200-deal sheet, then its verification: phone p's accepted deals k have
    client ids (run, p * 4096 + k, k)."""
    link, sheet_id = table
    h = run_wrk(
        lua_script("hot", run, target.csrf, [link], 2, deals), target.port, 2, 60, target.server
    )
    expected = {
        sheet_id: {
            client_id(run, phone * 4096 + k, k)
            for phone in (1, 2)
            for k in range(1, h.accepted.get(phone, 0) + 1)
        }
    }
    return h, verify(expected)


def record(results: list[WrkResult], lines: list[str], name: str, r: WrkResult, c: Check) -> bool:
    """Print a run's line (kept for the table at the end). True if the run failed: an error, a
    timeout, a deal lost or duplicated, an inconsistent sheet, or a 302 whose deal is not stored.
    """
    results.append(r)
    lines.append(line(name, r, c))
    print(lines[-1], f"(stored {c.stored}, 302 answers {r.ok})", flush=True)
    return bool(r.errors or r.timed_out or c.lost or c.duplicated or c.bad_sheets) or (
        c.stored != r.ok
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=20, help="tables posted to at once")
    parser.add_argument(
        "--tables-per-phone", type=int, default=12, help="tables of 12 deals each phone plays"
    )
    parser.add_argument(
        "--rate", type=float, default=300, help="POSTs per second offered, paced scenario"
    )
    parser.add_argument("--hot-deals", type=int, default=90, help="deals per phone, hot case")
    parser.add_argument("--runs", type=int, default=3, help="runs of each scenario")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--timeout", type=int, default=120, help="seconds, per wrk run")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--eager", action="store_true", help="no Celery broker (standings rebuilt in-request)"
    )
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is needed: apt-get install -y wrk")
    if args.rate <= 0:
        raise SystemExit("--rate: a positive number of POSTs per second")
    if 2 * args.hot_deals > HOT_DEALS_PER_GAME:
        raise SystemExit(f"--hot-deals: at most {HOT_DEALS_PER_GAME // 2}")

    broker = use_broker(args.eager)
    create_database()
    server: subprocess.Popen[bytes] | None = None
    floor_server: subprocess.Popen[bytes] | None = None
    try:
        setup_django()
        per_run = args.phones * args.tables_per_phone
        warm = seed_contest("chauffe", DEALS_PER_GAME, 2 * args.phones)
        load_tables = seed_contest("charge", DEALS_PER_GAME, per_run * args.runs)
        paced_tables = seed_contest("cadence", DEALS_PER_GAME, per_run * args.runs)
        hot_tables = seed_contest("chaude", HOT_DEALS_PER_GAME, args.runs)
        floor_warm = seed_contest("plancher-chauffe", DEALS_PER_GAME, 2 * args.phones)
        floor_tables = seed_contest("plancher", DEALS_PER_GAME, per_run * args.runs)
        standings_bench.settle(DB_NAME)  # time the steady state, not the seeding's aftermath
        port = free_port()
        server = start_gunicorn(port, args.workers, args.threads)
        floor_port = free_port()
        floor_server = start_gunicorn(
            floor_port, args.workers, args.threads, "benchmarks.floor_settings"
        )
        csrf = csrf_cookie(port, warm[0][0])
        floor_csrf = csrf_cookie(floor_port, floor_warm[0][0])
        # Warm-up (not reported): every worker thread imports, connects, compiles its plans.
        for w_port, w_csrf, w_tables, w_server in (
            (port, csrf, warm, server),
            (floor_port, floor_csrf, floor_warm, floor_server),
        ):
            run_wrk(
                lua_script("load", 0, w_csrf, [p for p, _ in w_tables], args.phones, 3),
                w_port,
                args.phones,
                args.timeout,
                w_server,
            )
        print(
            f"\n{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, gunicorn gthread "
            f"{args.workers} workers x {args.threads} threads, wrk -t/-c {args.phones} (load, "
            f"and paced at {args.rate:g} POST/s offered) and 2 (hot), PostgreSQL on 127.0.0.1, "
            f"{broker}\n"
        )
        target = Target(port, csrf, server, args.phones, args.timeout)
        floor_target = Target(floor_port, floor_csrf, floor_server, args.phones, args.timeout)
        paced_name = f"{args.phones} tables paced at {args.rate:g}/s"
        loads: list[WrkResult] = []
        paced: list[WrkResult] = []
        hots: list[WrkResult] = []
        floors: list[WrkResult] = []
        ratios: list[float] = []
        cpu_ratios: list[float] = []  # gunicorn + PostgreSQL CPU per POST, floor / Atout
        lines: list[str] = []
        failed = False
        for run in range(1, args.runs + 1):
            block = slice((run - 1) * per_run, run * per_run)  # fresh tables for each run
            r, c = tables_run("load", run, load_tables[block], target)
            failed |= record(loads, lines, f"{args.phones} tables, run {run}", r, c)
            r, c = tables_run("load", run, floor_tables[block], floor_target)
            failed |= record(floors, lines, f"floor, {args.phones} tables, run {run}", r, c)
            ratios.append(loads[-1].rps / r.rps if r.rps else 0.0)
            cpu_ratios.append(cpu_per_post(r) / cpu_per_post(loads[-1]))
            print(
                f"Atout / floor, run {run}: rate {ratios[-1]:.2f}, "
                f"floor CPU / Atout CPU per POST {cpu_ratios[-1]:.2f}",
                flush=True,
            )
            r, c = tables_run("paced", run, paced_tables[block], target, args.rate)
            failed |= record(paced, lines, f"{paced_name}, run {run}", r, c)
            r, c = hot_run(run, hot_tables[run - 1], target, args.hot_deals)
            failed |= record(hots, lines, f"2 phones 1 table, run {run}", r, c)

        print("\n" + HEADER)
        print("\n".join(lines))
        print()
        print(summary(f"{args.phones} tables at once", loads))
        print(summary(f"floor: minimal view, same writes, {args.phones} tables at once", floors))
        print(
            f"Atout / floor (same run): {', '.join(f'{x:.2f}' for x in ratios)}; median "
            f"{statistics.median(ratios):.2f} (aim: at least 0.5); CPU per POST, floor / Atout: "
            f"{', '.join(f'{x:.2f}' for x in cpu_ratios)}"
        )
        print(summary(f"{paced_name} (latency from the due time)", paced, by_p99=True))
        print(summary("2 phones, 1 table", hots))
        print("integrity:", "FAILED" if failed else "every run: 0 errors, 0 lost, 0 duplicated")
        return 1 if failed else 0
    finally:
        for proc in (server, floor_server):
            if proc is not None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
        from django.db import connections

        connections.close_all()
        drop_broker_db()
        if not args.keep:
            drop_database()


if __name__ == "__main__":
    raise SystemExit(main())
