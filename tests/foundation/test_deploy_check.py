"""``manage.py check --deploy`` is clean with production-like environment variables."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_reports_no_warning() -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "DATABASE_URL", "CELERY_BROKER_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    env.update(
        SECRET_KEY="p" * 30 + "-a-long-random-production-secret-9f8e7d6c5b4a",
        ALLOWED_HOSTS="belote.example",
        CSRF_TRUSTED_ORIGINS="https://belote.example",
        DEBUG="0",
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "System check identified no issues" in out.stdout
