"""Each settings branch, read in a fresh interpreter with a controlled environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "db = s.DATABASES['default']; "
    "print(json.dumps({'engine': db['ENGINE'], 'name': str(db['NAME']), 'host': db.get('HOST'), "
    "'eager': s.CELERY_TASK_ALWAYS_EAGER, 'broker': s.CELERY_BROKER_URL, 'debug': s.DEBUG, "
    "'lang': s.LANGUAGE_CODE, 'tz': s.TIME_ZONE, 'i18n': s.USE_I18N, "
    "'languages': [c for c, _ in s.LANGUAGES], 'hosts': s.ALLOWED_HOSTS, "
    "'csrf': s.CSRF_TRUSTED_ORIGINS, 'secret': s.SECRET_KEY, 'hops': s.TRUSTED_PROXY_HOPS}))"
)
PROD_KEY = "k" * 20 + "-production-secret-key-for-tests-0123456789"


def _clean_env(**overrides: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "SECRET_KEY",
            "DEBUG",
            "ALLOWED_HOSTS",
            "CSRF_TRUSTED_ORIGINS",
            "CACHE_URL",
            "BEHIND_PROXY",
            "TRUSTED_PROXY_HOPS",
            "DJANGO_SETTINGS_MODULE",
        }
    }
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    env.update(overrides)
    return env


def _run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """``python args...`` in a fresh interpreter with only ``env`` set of the project's variables."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=_clean_env(**env),
        capture_output=True,
        text=True,
        timeout=120,
    )


def _settings(**env: str) -> dict[str, object]:
    out = _run(["-c", PROBE], **env)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def _fails(**env: str) -> str:
    out = _run(["-c", PROBE], **env)
    assert out.returncode != 0, out.stdout
    return out.stderr


def test_defaults_are_sqlite_and_eager_celery() -> None:
    s = _settings(DEBUG="1")
    assert s["engine"] == "django.db.backends.sqlite3"
    assert s["name"] == str(ROOT / "db.sqlite3")
    assert s["eager"] is True
    assert s["broker"] == ""
    assert (s["lang"], s["tz"], s["i18n"]) == ("fr", "Europe/Paris", True)
    assert s["languages"] == ["fr", "en"]


def test_postgresql_url() -> None:
    s = _settings(DEBUG="1", DATABASE_URL="postgres://atout:pw@db.example:5433/atout_prod")
    assert s["engine"] == "django.db.backends.postgresql"  # Django's own backend
    assert (s["name"], s["host"]) == ("atout_prod", "db.example")


def test_broker_url_turns_eager_off() -> None:
    s = _settings(DEBUG="1", CELERY_BROKER_URL="redis://127.0.0.1:6379/3")
    assert s["eager"] is False
    assert s["broker"] == "redis://127.0.0.1:6379/3"


def test_production_values_are_read() -> None:
    s = _settings(
        SECRET_KEY=PROD_KEY,
        ALLOWED_HOSTS="belote.example, www.belote.example",
        CSRF_TRUSTED_ORIGINS="https://belote.example",
    )
    assert s["debug"] is False
    assert s["hosts"] == ["belote.example", "www.belote.example"]
    assert s["csrf"] == ["https://belote.example"]
    assert s["secret"] == PROD_KEY


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"SECRET_KEY": "short"}, "at least 50 characters"),
        ({"DEBUG": "peut-être"}, "DEBUG must be a boolean"),
        ({"DEBUG": "1", "DATABASE_URL": "mysql://u@h/db"}, "postgres:// or sqlite://"),
        ({"DEBUG": "1", "DATABASE_URL": "postgres://u@h:notaport/db"}, "DATABASE_URL is malformed"),
        ({"DEBUG": "1", "CELERY_BROKER_URL": "amqp://guest@h//"}, "CELERY_BROKER_URL"),
        ({"DEBUG": "1", "CSRF_TRUSTED_ORIGINS": "belote.example"}, "CSRF_TRUSTED_ORIGINS"),
        (
            {"DEBUG": "1", "DATABASE_CONNECT_TIMEOUT": "soon", "DATABASE_URL": "postgres://h/db"},
            "DATABASE_CONNECT_TIMEOUT must be an integer",
        ),
        ({"DEBUG": "1", "TRUSTED_PROXY_HOPS": "-1"}, "TRUSTED_PROXY_HOPS must be between 0"),
        ({"DEBUG": "1", "TRUSTED_PROXY_HOPS": "un"}, "TRUSTED_PROXY_HOPS must be an integer"),
    ],
)
def test_malformed_values_fail_loudly(env: dict[str, str], message: str) -> None:
    assert message in _fails(**env)


def test_trusted_proxy_hops() -> None:
    """The throttles' client address comes from X-Forwarded-For only when configured."""
    assert _settings(DEBUG="1")["hops"] == 0
    assert _settings(DEBUG="1", BEHIND_PROXY="1")["hops"] == 1
    assert _settings(DEBUG="1", BEHIND_PROXY="1", TRUSTED_PROXY_HOPS="2")["hops"] == 2
    assert _settings(DEBUG="1", BEHIND_PROXY="1", TRUSTED_PROXY_HOPS="0")["hops"] == 0


def test_dev_secret_key_only_with_debug() -> None:
    assert "insecure" in str(_settings(DEBUG="1")["secret"])
    # Without DEBUG no key is made up: Django refuses to use the empty one.
    assert "SECRET_KEY setting must not be empty" in _fails(DEBUG="0")


@pytest.mark.parametrize("entry_point", ["config.wsgi", "config.asgi"])
def test_web_server_refuses_to_start_without_a_secret_key(entry_point: str) -> None:
    refused = _run(["-c", f"import {entry_point}"], DEBUG="0")
    assert refused.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in refused.stderr
    started = _run(["-c", f"import {entry_point}; print('served')"], DEBUG="0", SECRET_KEY=PROD_KEY)
    assert started.returncode == 0, started.stderr
    assert started.stdout.strip().endswith("served")


def test_offline_commands_need_no_secret_key() -> None:
    # What a fresh checkout or a deployment script runs before any key is configured.
    out = _run(["manage.py", "makemigrations", "--check", "--dry-run"], DEBUG="0")
    assert out.returncode == 0, out.stderr
    assert "No changes detected" in out.stdout
