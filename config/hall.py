"""Hall mode: Atout served from the organiser's laptop to the phones on the hall's network.

What it owns
------------
* :func:`lan_addresses` finds the laptop's IPv4 addresses on its network interfaces (no packet
  is sent: it reads ``ip -j -4 addr``, or the host name's addresses where ``ip`` is missing).
* :func:`hall_environment` turns them into the settings of a hall: the hosts and CSRF origins
  a phone may use, the public base address printed on every sheet, a secret key generated once
  and kept in ``var/secret_key``, plain HTTP, SQLite and eager Celery.
* The pages build links meant for a phone with ``tournaments.contests.links.public_url``
  (which reads the ``PUBLIC_BASE_URL`` set here).
* ``python -m config.hall serve`` (``make hall``) starts gunicorn with those settings, waits
  until it answers, then prints the address and a QR code to scan, last, so they stay in view;
  ``python -m config.hall banner`` prints the development server's address and the demo login
  (``make run``).

What it must not do: read or write the database, or decide who may see a page.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from ipaddress import IPv4Address, ip_address
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
SECRET_KEY_FILE = BASE_DIR / "var" / "secret_key"
DEFAULT_PORT = 8000
# One process keeps the per-process caches (throttles, page cache) coherent and SQLite's
# writers in one place; eight threads serve ~60 phones polling every 15 s with room to spare.
GUNICORN_WORKERS = 1
GUNICORN_THREADS = 8
DEMO_LOGIN = ("demo", "belote-demo-2026")


def _usable(address: str) -> bool:
    """An address a phone on the same network can reach (not loopback, not link-local)."""
    try:
        parsed = ip_address(address)
    except ValueError:
        return False
    return (
        isinstance(parsed, IPv4Address)
        and not parsed.is_loopback
        and not parsed.is_link_local
        and not parsed.is_unspecified
        and not parsed.is_multicast
    )


def _addresses_from_ip_command() -> list[str] | None:
    """IPv4 addresses listed by iproute2 (``ip -j -4 addr``), or None when it is unavailable."""
    ip = shutil.which("ip")
    if ip is None:
        return None
    try:
        out = subprocess.run(
            [ip, "-j", "-4", "addr", "show", "up"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        ).stdout
        interfaces = json.loads(out or "[]")
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    found: list[str] = []
    for interface in interfaces if isinstance(interfaces, list) else []:
        for info in interface.get("addr_info", []) if isinstance(interface, dict) else []:
            local = info.get("local") if isinstance(info, dict) else None
            if isinstance(local, str):
                found.append(local)
    return found


def _addresses_from_host_name() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def lan_addresses() -> list[str]:
    """The laptop's reachable IPv4 addresses, private networks first, without duplicates."""
    listed = _addresses_from_ip_command()
    candidates = listed if listed is not None else _addresses_from_host_name()
    unique = list(dict.fromkeys(a for a in candidates if _usable(a)))
    return sorted(unique, key=lambda a: (not ip_address(a).is_private, unique.index(a)))


def validate_base_url(name: str, raw: str) -> str:
    """``scheme://host[:port]`` with no path, query or fragment; the trailing slash dropped."""
    value = raw.strip().rstrip("/")
    try:
        parts = urlsplit(value)
        port = parts.port  # raises ValueError on a malformed port
    except ValueError:
        parts, port = None, None
    if (
        parts is None
        or parts.scheme not in {"http", "https"}
        or not parts.hostname
        or parts.path
        or parts.query
        or parts.fragment
        or parts.username
        or (port is not None and not 0 < port < 65536)
    ):
        raise ImproperlyConfigured(
            f"{name} must be an address such as http://192.168.1.20:8000 or "
            f"https://belote.example (scheme, host, optional port, no path), got {raw!r}"
        )
    return value


def secret_key(path: Path = SECRET_KEY_FILE) -> str:
    """The hall's secret key: generated on first use, then read back (sessions survive a
    restart of the laptop). Readable by its owner only."""
    if path.exists():
        key = path.read_text(encoding="utf-8").strip()
        if len(key) >= 50:
            return key
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(64)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(key + "\n")
    return key


def hall_environment(
    port: int, addresses: Sequence[str], environ: Mapping[str, str] = os.environ
) -> dict[str, str]:
    """The environment of the hall's server. Only ``PUBLIC_BASE_URL`` may be given by the
    organiser (a name the router gives the laptop, say); the rest is what a hall needs."""
    hosts = ["localhost", "127.0.0.1", *addresses]
    origins = [f"http://{host}:{port}" for host in hosts]
    public = f"http://{addresses[0]}:{port}" if addresses else f"http://127.0.0.1:{port}"
    given_base = environ.get("PUBLIC_BASE_URL", "").strip()
    if given_base:
        public = validate_base_url("PUBLIC_BASE_URL", given_base)
        base_host = urlsplit(public).hostname or ""
        if base_host not in hosts:
            hosts.append(base_host)
            origins.append(public)
    return {
        "DEBUG": "0",
        "HTTPS": "0",
        "ALLOWED_HOSTS": ",".join(hosts),
        "CSRF_TRUSTED_ORIGINS": ",".join(origins),
        "PUBLIC_BASE_URL": public,
    }


def _wait_until_up(
    url: str, deadline_seconds: float, server: subprocess.Popen[bytes] | None = None
) -> bool:
    """Poll ``url`` (on this machine) until it answers 200, the server exits, or time is up."""
    deadline = time.monotonic() + deadline_seconds
    while time.monotonic() < deadline:
        if server is not None and server.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:  # only this machine
                if answer.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.3)
    return False


def _print_address(url: str, demo: bool, hall: bool, out: Any = sys.stdout) -> None:
    """The address (with a QR code to scan in a hall), and the demo login when seeded."""
    import segno

    out.write("\n" + "=" * 64 + "\n")
    out.write(f"  Atout est ouvert : {url}\n")
    if hall:
        out.write("  Depuis un téléphone sur le même réseau, scannez ce code :\n\n")
        segno.make(url, error="m").terminal(out=out, compact=True)
    else:
        out.write("  Pour les téléphones d'une salle : « make hall » (README, « Au club »).\n")
    if demo:
        login, password = DEMO_LOGIN
        out.write(f"\n  Connexion organisateur : « {login} » / « {password} »\n")
    out.write("  Arrêt : Ctrl+C\n" + "=" * 64 + "\n")
    out.flush()


def serve(port: int, bind: str, demo: bool) -> int:
    """Start gunicorn for the hall, print where to reach it, and wait for it to stop."""
    addresses = lan_addresses()
    env = {**os.environ, **hall_environment(port, addresses), "SECRET_KEY": secret_key()}
    command = [
        sys.executable, "-m", "gunicorn", "--config", "config/gunicorn.conf.py", "config.wsgi",
        "--worker-class", "gthread",
        "--workers", str(GUNICORN_WORKERS),
        "--threads", str(GUNICORN_THREADS),
        "--bind", f"{bind}:{port}",
        "--timeout", "30",
        "--log-level", "warning",
    ]  # fmt: skip
    server = subprocess.Popen(command, env=env, cwd=BASE_DIR)
    local = "127.0.0.1" if bind in {"0.0.0.0", "::"} else bind
    if not _wait_until_up(f"http://{local}:{port}/healthz", 30, server):
        server.terminate()
        sys.stderr.write(f"Atout n'a pas démarré sur le port {port} (déjà utilisé ?).\n")
        return 1
    if not addresses:
        sys.stderr.write(
            "Aucun réseau détecté : branchez le portable au routeur 4G ou au Wi-Fi de la salle, "
            "puis relancez « make hall ».\n"
        )
    _print_address(env["PUBLIC_BASE_URL"] + "/", demo, hall=True)
    signal.signal(signal.SIGTERM, lambda *_: server.terminate())
    try:
        return server.wait()
    except KeyboardInterrupt:
        server.terminate()
        return server.wait()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m config.hall")
    sub = parser.add_subparsers(dest="command", required=True)
    serve_cmd = sub.add_parser("serve", help="serve the hall's network (make hall)")
    serve_cmd.add_argument("--port", type=int, default=DEFAULT_PORT)
    serve_cmd.add_argument("--bind", default="0.0.0.0")  # every interface: the point of hall mode
    serve_cmd.add_argument("--demo", action="store_true", help="print the demo login")
    banner = sub.add_parser("banner", help="print the address and the demo login (make run)")
    banner.add_argument("--port", type=int, default=DEFAULT_PORT)
    banner.add_argument(
        "--wait", action="store_true", help="once the server answers, so that it comes last"
    )
    args = parser.parse_args(argv)
    if args.command == "serve":
        return serve(args.port, args.bind, args.demo)
    url = f"http://127.0.0.1:{args.port}/"
    if args.wait and not _wait_until_up(url + "healthz", 60):
        return 1
    _print_address(url, demo=True, hall=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
