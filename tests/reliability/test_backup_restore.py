"""``manage.py backup`` and ``restore`` round-trip a real database file (SQLite) and a real
PostgreSQL database (when one is reachable), and refuse the wrong kind of file."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.reliability.conftest import scratch_pg_databases
from tests.reliability.rows import row_counts

ROOT = Path(__file__).resolve().parents[2]


def _run(env: dict[str, str], *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def _env(database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"CELERY_BROKER_URL"}}
    env.update(DEBUG="1", DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="config.settings")
    return env


def _counts(env: dict[str, str]) -> tuple[int, ...]:
    """Contests, entries and players (read from the database, no Django process started)."""
    from tournaments.models import Contest, Entry, Player

    return row_counts(env["DATABASE_URL"], Contest, Entry, Player)


def _round_trip(env: dict[str, str], backup_path: Path) -> None:
    """From a migrated database (the caller migrates: the SQLite tests start from a migrated
    copy, where ``migrate`` again would only cost a process and its start-up)."""
    _run(env, "manage.py", "seed_demo")
    before = _counts(env)
    assert before[1] != 0
    _run(env, "manage.py", "backup", str(backup_path))
    assert backup_path.stat().st_size > 0
    # Lose data after the backup: the restore must bring it back exactly.
    _run(
        env,
        "-c",
        "import django; django.setup(); "
        "from tournaments.models import Contest; Contest.objects.all().delete()",
    )
    assert _counts(env)[1] == 0
    # seed_demo wrote a moment ago: the instance looks live, so the restore needs --force.
    live = _run(env, "manage.py", "restore", str(backup_path), "--yes", check=False)
    assert live.returncode != 0 and "en service" in live.stderr
    assert _counts(env)[1] == 0
    refused = _run(env, "manage.py", "restore", str(backup_path), "--force", check=False)
    assert refused.returncode != 0 and "--yes" in refused.stderr
    _run(env, "manage.py", "restore", str(backup_path), "--yes", "--force")
    assert _counts(env) == before


def test_sqlite_round_trip(tmp_path: Path, migrated_sqlite: Callable[[str], str]) -> None:
    env = _env(migrated_sqlite("atout.sqlite3"))
    _round_trip(env, tmp_path / "backup.sqlite3")


def test_restore_refuses_wrong_file(tmp_path: Path, migrated_sqlite: Callable[[str], str]) -> None:
    env = _env(migrated_sqlite("atout.sqlite3"))
    junk = tmp_path / "notes.txt"
    junk.write_text("pas une sauvegarde", encoding="utf-8")
    result = _run(env, "manage.py", "restore", str(junk), "--yes", check=False)
    assert result.returncode != 0
    assert "n'est pas une sauvegarde SQLite" in result.stderr
    missing = _run(env, "manage.py", "restore", str(tmp_path / "absent"), "--yes", check=False)
    assert "introuvable" in missing.stderr


@pytest.fixture
def pg_database() -> Iterator[str]:
    with scratch_pg_databases(1, "atout_backup") as (url,):
        yield url


@pytest.mark.postgres
def test_postgresql_round_trip(tmp_path: Path, pg_database: str) -> None:
    env = _env(pg_database)
    _run(env, "manage.py", "migrate", "--noinput", "-v0")  # a new, empty database
    _round_trip(env, tmp_path / "backup.dump")
