"""Hall mode: the laptop's addresses, the hall's settings, links meant for phones, the server."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory

from config import hall
from tournaments.contests import links

ROOT = Path(__file__).resolve().parents[2]

IP_JSON = json.dumps(
    [
        {"ifname": "lo", "addr_info": [{"local": "127.0.0.1"}]},
        {"ifname": "docker0", "addr_info": [{"local": "169.254.3.4"}]},
        {"ifname": "wlan0", "addr_info": [{"local": "192.168.1.20"}, {"local": "192.168.1.20"}]},
        {"ifname": "usb0", "addr_info": [{"local": "10.42.0.5"}]},
    ]
)


def _fake_ip(monkeypatch: pytest.MonkeyPatch, stdout: str | None) -> None:
    monkeypatch.setattr(hall.shutil, "which", lambda name: None if stdout is None else "/bin/ip")

    def run(*args: Any, **kwargs: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(args, 0, stdout=stdout or "", stderr="")

    monkeypatch.setattr(hall.subprocess, "run", run)


def test_lan_addresses_skip_loopback_link_local_and_duplicates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _fake_ip(monkeypatch, IP_JSON)
    assert hall.lan_addresses() == ["192.168.1.20", "10.42.0.5"]


def test_lan_addresses_without_ip_command_use_the_host_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _fake_ip(monkeypatch, None)
    infos = [(socket.AF_INET, 0, 0, "", (a, 0)) for a in ("127.0.1.1", "192.168.0.7")]
    monkeypatch.setattr(hall.socket, "getaddrinfo", lambda *a, **k: infos)
    assert hall.lan_addresses() == ["192.168.0.7"]


def test_no_network_gives_no_address(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_ip(monkeypatch, "[]")
    assert hall.lan_addresses() == []


def test_hall_environment_accepts_the_lan_addresses_as_hosts() -> None:
    env = hall.hall_environment(8000, ["192.168.1.20", "10.42.0.5"], environ={})
    assert env["ALLOWED_HOSTS"].split(",") == [
        "localhost",
        "127.0.0.1",
        "192.168.1.20",
        "10.42.0.5",
    ]
    assert "http://192.168.1.20:8000" in env["CSRF_TRUSTED_ORIGINS"].split(",")
    assert env["PUBLIC_BASE_URL"] == "http://192.168.1.20:8000"
    assert (env["DEBUG"], env["HTTPS"]) == ("0", "0")


def test_hall_environment_keeps_a_given_public_address() -> None:
    env = hall.hall_environment(
        8000, ["192.168.1.20"], environ={"PUBLIC_BASE_URL": "http://atout.lan:8000/"}
    )
    assert env["PUBLIC_BASE_URL"] == "http://atout.lan:8000"
    assert "atout.lan" in env["ALLOWED_HOSTS"].split(",")
    assert "http://atout.lan:8000" in env["CSRF_TRUSTED_ORIGINS"].split(",")


@pytest.mark.parametrize(
    "value",
    ["http://192.168.1.20:8000", "https://belote.example", "http://atout.lan:8000/"],
)
def test_valid_public_addresses(value: str) -> None:
    assert hall.validate_base_url("PUBLIC_BASE_URL", value) == value.rstrip("/")


@pytest.mark.parametrize(
    "value",
    [
        "192.168.1.20",
        "ftp://x.example",
        "http://x.example/belote",
        "http://:80",
        "http://x:99999",
        "http://x.example/?a=1",
        "http://u@x.example",
    ],
)
def test_malformed_public_addresses_name_the_variable(value: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="PUBLIC_BASE_URL"):
        hall.validate_base_url("PUBLIC_BASE_URL", value)


@pytest.mark.slow  # a Python process: the settings are read at its start
def test_settings_refuse_a_malformed_public_address() -> None:
    env = {**os.environ, "DEBUG": "1", "PUBLIC_BASE_URL": "192.168.1.20:8000"}
    out = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert out.returncode != 0
    assert "PUBLIC_BASE_URL must be an address" in out.stderr


def test_public_url_uses_the_configured_address(settings: Any) -> None:
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
    settings.PUBLIC_BASE_URL = "http://192.168.1.20:8000"
    assert (
        links.public_url(request, "/table/r1/t2/abc/")
        == "http://192.168.1.20:8000/table/r1/t2/abc/"
    )
    settings.PUBLIC_BASE_URL = ""
    assert (
        links.public_url(request, "/table/r1/t2/abc/") == "http://127.0.0.1:8000/table/r1/t2/abc/"
    )


def test_hall_address_for_the_cockpit(settings: Any) -> None:
    settings.PUBLIC_BASE_URL = ""
    assert links.hall_address() is None
    settings.PUBLIC_BASE_URL = "http://192.168.1.20:8000"
    found = links.hall_address()
    assert found is not None
    url, svg = found
    assert url == "http://192.168.1.20:8000/"
    assert svg.startswith("<svg") and "path" in svg


def test_secret_key_is_generated_once_and_private(tmp_path: Path) -> None:
    path = tmp_path / "var" / "secret_key"
    key = hall.secret_key(path)
    assert len(key) >= 50
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert hall.secret_key(path) == key


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_hall_server_answers_and_prints_its_address_last(tmp_path: Path) -> None:
    """`python -m config.hall serve` (what `make hall` runs) on 127.0.0.2, on a scratch database."""
    port = _free_port("127.0.0.2")
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}},
        "DATABASE_URL": f"sqlite:///{tmp_path / 'hall.sqlite3'}",
        "PUBLIC_BASE_URL": f"http://127.0.0.2:{port}",
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=120
    )
    server = subprocess.Popen(
        [sys.executable, "-m", "config.hall", "serve", "--bind", "127.0.0.2", "--port", str(port)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        lines: list[str] = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any("Arrêt" in line for line in lines):
            line = server.stdout.readline()
            if not line:
                break
            lines.append(line)
        text = "".join(lines)
        assert f"Atout est ouvert : http://127.0.0.2:{port}/" in text, text
        with urllib.request.urlopen(f"http://127.0.0.2:{port}/healthz", timeout=5) as answer:
            assert answer.status == 200
    finally:
        server.terminate()
        server.wait(timeout=30)
