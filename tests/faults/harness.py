"""Private services for the fault drills: a PostgreSQL cluster, a Redis, gunicorn, a Celery worker.

Everything here is started by the drills themselves, on 127.0.0.1 only, in a temporary
directory, and stopped in ``finally`` blocks: the machine's shared PostgreSQL (5432) and Redis
(6379) are never touched. Every command has a timeout, so a drill cannot hang.

* :class:`PrivatePostgres` — ``initdb`` + ``pg_ctl`` (as the ``postgres`` user when run as root)
  on port 55432 (another free port if taken), socket in the temporary directory.
* :class:`PrivateRedis` — ``redis-server`` on 56379, no persistence, daemonized with a pid file.
* :class:`App` — the environment of a production-like Atout on those two (``DATABASE_URL``,
  ``CELERY_BROKER_URL`` on Redis db 0, ``CACHE_URL`` on db 1, ``DEBUG=1``), and the processes
  running it: ``manage.py`` scripts, gunicorn (gthread), a Celery worker (prefork, one child).
* :class:`Phone` — an HTTP client on the loopback, as a phone posts a table link's forms.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / ".venv" / "bin"
PY = str(BIN / "python") if (BIN / "python").exists() else sys.executable
HOST = "127.0.0.1"
PG_BIN = Path(os.environ.get("ATOUT_FAULTS_PG_BIN", "/usr/lib/postgresql/15/bin"))


def log(message: str) -> None:
    print(f"[faults {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def port_is_free(port: int) -> bool:
    with socket.socket() as s:
        # As servers bind (SO_REUSEADDR): a port left in TIME_WAIT by a previous run is free.
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((HOST, port))
        except OSError:
            return False
    return True


def free_port(preferred: int | None = None) -> int:
    if preferred and port_is_free(preferred):
        return preferred
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def wait_until(check: Any, timeout: float, what: str, interval: float = 0.1) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(interval)
    raise TimeoutError(f"{what}: not within {timeout:.0f} s")


# --- PostgreSQL ------------------------------------------------------------------------------


class PrivatePostgres:
    """A throw-away PostgreSQL cluster owned by this drill."""

    def __init__(self, base: Path, port: int = 55432) -> None:
        self.dir = base / "pg"
        self.data = self.dir / "data"
        self.port = free_port(port)
        self.as_root = os.geteuid() == 0

    def _run(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        cmd = list(args)
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        return subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=timeout)

    def init(self) -> None:
        self.dir.mkdir(parents=True)
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")
            # The parent temporary directory must be traversable by the postgres user.
            os.chmod(self.dir.parent, 0o755)
        self._run(
            str(PG_BIN / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
            "-E", "UTF8", "--no-sync",
        )  # fmt: skip
        with open(self.data / "postgresql.conf", "a") as conf:
            conf.write(
                "\nlisten_addresses = '127.0.0.1'\nfsync = off\nmax_connections = 60\n"
                "shared_buffers = 32MB\n"
            )

    def _ctl(self, action: str, *extra: str, timeout: float = 60) -> None:
        self._run(
            str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "server.log"),
            "-o", f"-p {self.port} -k {self.dir}", "-w", "-t", str(int(timeout)), *extra, action,
            timeout=timeout + 10,
        )  # fmt: skip

    def start(self) -> None:
        self._ctl("start")

    def stop(self, mode: str = "fast") -> None:
        self._ctl("stop", "-m", mode)

    def is_running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def sql(self, statement: str, db: str = "postgres") -> str:
        out = subprocess.run(
            ["psql", "-h", HOST, "-p", str(self.port), "-U", "postgres", "-d", db, "-AtX",
             "-v", "ON_ERROR_STOP=1", "-c", statement],
            check=True, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        return out.stdout.strip()

    def connect(self, db: str) -> Any:
        import psycopg

        return psycopg.connect(
            host=HOST, port=self.port, user="postgres", dbname=db, connect_timeout=3
        )

    def url(self, db: str) -> str:
        return f"postgres://postgres@{HOST}:{self.port}/{db}"

    def cleanup(self) -> None:
        if self.is_running():
            with contextlib.suppress(Exception):
                self.stop("immediate")


# --- Redis -----------------------------------------------------------------------------------


class PrivateRedis:
    def __init__(self, base: Path, port: int = 56379) -> None:
        self.dir = base / "redis"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.port = free_port(port)
        self.pidfile = self.dir / "redis.pid"

    def start(self) -> None:
        subprocess.run(
            ["redis-server", "--bind", HOST, "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--daemonize", "yes", "--pidfile", str(self.pidfile),
             "--dir", str(self.dir), "--logfile", str(self.dir / "redis.log")],
            check=True, capture_output=True, timeout=20,
        )  # fmt: skip
        wait_until(self.ping, 10, "private redis start")

    def ping(self) -> bool:
        result = subprocess.run(
            ["redis-cli", "-h", HOST, "-p", str(self.port), "ping"],
            capture_output=True, text=True, timeout=5,
        )  # fmt: skip
        return result.stdout.strip() == "PONG"

    def cli(self, *args: str) -> str:
        result = subprocess.run(
            ["redis-cli", "-h", HOST, "-p", str(self.port), *args],
            capture_output=True, text=True, timeout=10,
        )  # fmt: skip
        return result.stdout.strip()

    def stop(self) -> None:
        pid = self._pid()
        if pid is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)  # no save, no goodbye: as a crash
        wait_until(lambda: not _alive(pid), 10, "private redis stop")
        self.pidfile.unlink(missing_ok=True)

    def _pid(self) -> int | None:
        try:
            return int(self.pidfile.read_text().strip())
        except (OSError, ValueError):
            return None

    def url(self, db: int) -> str:
        return f"redis://{HOST}:{self.port}/{db}"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead for our purposes.
    with contextlib.suppress(OSError):
        if Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z"):
            return False
    return True


def children_of(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(p) for p in (task / "children").read_text().split()]
    return found


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- The application -------------------------------------------------------------------------


class App:
    """Atout configured on the private services, and the processes that run it."""

    def __init__(self, base: Path, pg: PrivatePostgres, redis: PrivateRedis, db: str) -> None:
        self.base = base
        self.pg = pg
        self.redis = redis
        self.db = db
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "CELERY_"))},
            "DATABASE_URL": pg.url(db),
            "CELERY_BROKER_URL": redis.url(0),
            "CACHE_URL": redis.url(1),
            "DEBUG": "1",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "LOG_LEVEL": "INFO",
            "PYTHONUNBUFFERED": "1",
        }
        self.env.pop("ATOUT_INTEGRATION", None)
        self.gunicorn: subprocess.Popen[bytes] | None = None
        self.gunicorn_port = 0
        self.worker: subprocess.Popen[bytes] | None = None
        self.worker_log = base / "worker-0.log"
        self.workers_started = 0
        self.gunicorn_log = base / "gunicorn.log"
        self._logs: list[Any] = []

    def manage(self, *args: str, timeout: float = 180) -> str:
        result = subprocess.run(
            [PY, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True, text=True,
            timeout=timeout,
        )  # fmt: skip
        if result.returncode:
            raise RuntimeError(f"manage.py {args[0]} failed:\n{result.stdout}\n{result.stderr}")
        return result.stdout

    def script(self, command: str, timeout: float = 180, **params: Any) -> Any:
        """Run ``tests/faults/app_script.py`` (Django set up on the private services); its
        JSON answer."""
        result = subprocess.run(
            [PY, str(ROOT / "tests" / "faults" / "app_script.py"), command, json.dumps(params)],
            cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip
        if result.returncode:
            raise RuntimeError(f"app_script {command} failed:\n{result.stdout}\n{result.stderr}")
        lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
        return json.loads(lines[-1])["result"]

    # gunicorn
    def start_gunicorn(self, workers: int = 2, threads: int = 4) -> None:
        self.gunicorn_port = free_port()
        out = open(self.gunicorn_log, "ab")  # noqa: SIM115 (closed in stop_all)
        self._logs.append(out)
        self.gunicorn = subprocess.Popen(
            [str(BIN / "gunicorn"), "--config", "config/gunicorn.conf.py", "config.wsgi", "--bind", f"{HOST}:{self.gunicorn_port}",
             "--workers", str(workers), "--worker-class", "gthread", "--threads", str(threads),
             "--timeout", "30", "--graceful-timeout", "5", "--log-level", "warning"],
            cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip

        def up() -> bool:
            if self.gunicorn is not None and self.gunicorn.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.gunicorn_log.read_text()[-2000:]}")
            try:
                return Phone(self.gunicorn_port, timeout=2).get("/healthz")[0] == 200
            except OSError:
                return False

        wait_until(up, 60, "gunicorn start", interval=0.3)

    # Celery worker
    def start_worker(self) -> subprocess.Popen[bytes]:
        self.workers_started += 1
        self.worker_log = self.base / f"worker-{self.workers_started}.log"
        out = open(self.worker_log, "ab")  # noqa: SIM115 (closed in stop_all)
        self._logs.append(out)
        self.worker = subprocess.Popen(
            [str(BIN / "celery"), "-A", "config", "worker", "--loglevel=INFO",
             "--concurrency=1", "--pool=prefork", "--without-gossip", "--without-mingle",
             "--without-heartbeat", "-n", f"faults-{os.getpid()}-{time.monotonic_ns()}@%h"],
            cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
        worker = self.worker
        wait_until(
            lambda: (
                "ready." in self.worker_log.read_text(errors="replace")[-20000:]
                and len(children_of(worker.pid)) >= 1
            ),
            90,
            "celery worker start",
            interval=0.3,
        )
        return worker

    def standings_versions(self, contest_id: int) -> tuple[int, int | None]:
        """(results version, version the live snapshot was built from): stale when they
        differ. Read straight from the database, for polling without starting Django."""
        with self.pg.connect(self.db) as conn:
            row = conn.execute(
                "SELECT COALESCE((SELECT results_version FROM scoring_standingsstate "
                "WHERE contest_id = %s), 0), (SELECT source_version FROM "
                "scoring_standingssnapshot WHERE contest_id = %s AND is_valid "
                "ORDER BY as_of_round DESC LIMIT 1)",
                [contest_id, contest_id],
            ).fetchone()
        return int(row[0]), (None if row[1] is None else int(row[1]))

    def send_task(self, name: str, *args: Any) -> str:
        """Send a task by name through the private broker, straight from this process (as
        fast as the app's own ``apply_async``, without starting Django): its id."""
        from celery import Celery

        sender = Celery("faults-sender", broker=self.redis.url(0))
        sender.conf.broker_connection_retry_on_startup = False
        try:
            return str(sender.send_task(name, args=list(args)).id)
        finally:
            sender.close()

    def worker_text(self) -> str:
        """The log of the worker started last."""
        return self.worker_log.read_text(errors="replace") if self.worker_log.exists() else ""

    def stop_worker(self, sig: int = signal.SIGTERM) -> None:
        worker, self.worker = self.worker, None
        if worker is None or worker.poll() is not None:
            return
        pool = children_of(worker.pid)
        with contextlib.suppress(ProcessLookupError):
            worker.send_signal(sig)
        try:
            worker.wait(timeout=15)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait(timeout=10)
        for pid in pool:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    def stop_gunicorn(self) -> None:
        server, self.gunicorn = self.gunicorn, None
        if server is None or server.poll() is not None:
            return
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)

    def stop_all(self) -> None:
        with contextlib.suppress(Exception):
            self.stop_worker()
        with contextlib.suppress(Exception):
            self.stop_gunicorn()
        for out in self._logs:
            out.close()


# --- A phone ---------------------------------------------------------------------------------


_LOCATION_NUMBER = re.compile(r"#donne-(\d+)$")


class Phone:
    """A phone's HTTP client with its cookies; one fresh connection per request.

    (A kept-alive connection would be closed by gunicorn after 2 s of silence and fail the
    next request with a broken pipe that says nothing about the server: browsers retry those
    silently. A fresh loopback connection costs well under a millisecond.)
    """

    def __init__(self, port: int, timeout: float = 10.0) -> None:
        self.port = port
        self.timeout = timeout
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, data: dict[str, Any] | None = None
    ) -> tuple[int, dict[str, str], str]:
        headers = {"Host": f"{HOST}:{self.port}", "Connection": "close"}
        body = None
        if data is not None:
            body = urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if method == "POST" and "csrftoken" in self.cookies:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]  # as the page's htmx does
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        conn = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode(errors="replace")
        finally:
            conn.close()  # a timed-out request is abandoned: its answer is lost
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, dict(response.headers.items()), text

    def get(self, path: str) -> tuple[int, dict[str, str], str]:
        return self.request("GET", path)

    def post(self, path: str, data: dict[str, Any]) -> tuple[int, dict[str, str], str]:
        return self.request("POST", path, data)


def deal_number(headers: dict[str, str]) -> int | None:
    match = _LOCATION_NUMBER.search(headers.get("Location", ""))
    return int(match.group(1)) if match else None


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = max(0, min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


@contextlib.contextmanager
def timed(what: str) -> Iterator[dict[str, float]]:
    box: dict[str, float] = {}
    started = time.monotonic()
    try:
        yield box
    finally:
        box["seconds"] = time.monotonic() - started
        log(f"{what}: {box['seconds']:.1f} s")
