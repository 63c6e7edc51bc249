"""A backup taken while tables are entering deals restores to a consistent database.

A writer process records deals on every sheet of the demo contest in a loop while
``manage.py backup`` runs; the backup is restored into another database and checked: every
sheet's totals and deal count agree with its deals, deal numbers run 1..n, and the backup holds
deals (it really was taken during entry).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.reliability.conftest import scratch_pg_databases

ROOT = Path(__file__).resolve().parents[2]

# Deals on every open sheet, round after round, until the file {stop} exists. It says
# "entering" once its first deal is saved: the test waits for that, not a fixed delay, and
# stops it once the backup is taken (it ran a fixed six seconds before). The 60 s deadline
# only keeps a failed test from leaving it running.
WRITER = """
import os, time, uuid, django
django.setup()
from scoring import services
from scoring.adapters import DealFacts
from scoring.models import ScoreSheet
deadline = time.monotonic() + 60
ids = list(ScoreSheet.objects.filter(kind="deals").values_list("pk", flat=True))
n = 0
while not os.path.exists({stop!r}) and time.monotonic() < deadline:
    for pk in ids:
        sheet = ScoreSheet.objects.get(pk=pk)
        if sheet.status != "open":
            continue
        services.record_deal(pk, DealFacts(taker="a", trump="hearts", taker_points=60 + n % 90),
                             version=sheet.version, client_id=uuid.uuid4())
        n += 1
        if n == 1:
            print("entering", flush=True)
print(n)
"""

CHECK = """
import django
django.setup()
from django.db.models import Count, Max, Min
from scoring.models import DealRecord, ScoreSheet
deals = 0
for sheet in ScoreSheet.objects.filter(kind="deals"):
    records = list(DealRecord.objects.filter(sheet=sheet).order_by("number"))
    deals += len(records)
    assert [r.number for r in records] == list(range(1, len(records) + 1)), sheet.pk
    assert sheet.deal_count == len(records), (sheet.pk, sheet.deal_count, len(records))
    last_a = records[-1].running_a if records else 0
    last_b = records[-1].running_b if records else 0
    assert (sheet.total_a, sheet.total_b) == (last_a, last_b), sheet.pk
    assert sheet.version >= len(records), sheet.pk
print(deals)
"""


def _env(database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "CELERY_BROKER_URL"}
    env.update(DEBUG="1", DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="config.settings")
    return env


def _run(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout.strip()


def _backup_during_entry(source: str, backup: Path, *, migrate: bool) -> int:
    """``migrate``: the source is a new, empty database (the SQLite one is a migrated copy,
    where ``migrate`` again would only cost a process and its start-up)."""
    env = _env(source)
    if migrate:
        _run(env, "manage.py", "migrate", "--noinput", "-v0")
    _run(env, "manage.py", "seed_demo")
    stop = backup.with_name("stop-entering")
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER.format(stop=str(stop))],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert writer.stdout is not None
        first = writer.stdout.readline()  # entry is under way (or the writer ended)
        assert first.strip() == "entering", first
        _run(env, "manage.py", "backup", str(backup))
        stop.touch()
        out, err = writer.communicate(timeout=120)
    finally:
        if writer.poll() is None:
            writer.kill()
    assert writer.returncode == 0, err
    written = int(out.strip().splitlines()[-1])
    assert written > 0
    return written


def test_sqlite_backup_during_entry_is_consistent(
    tmp_path: Path, migrated_sqlite: Callable[[str], str]
) -> None:
    backup = tmp_path / "live.sqlite3"
    written = _backup_during_entry(migrated_sqlite("live-source.sqlite3"), backup, migrate=False)
    # The target migrated as before, but a copy of the migrated file rather than `migrate` run.
    target = _env(migrated_sqlite("restored.sqlite3"))
    _run(target, "manage.py", "restore", str(backup), "--yes")
    in_backup = int(_run(target, "-c", CHECK).splitlines()[-1])
    assert 0 < in_backup <= written


@pytest.fixture
def pg_databases() -> Iterator[tuple[str, str]]:
    with scratch_pg_databases(2, "atout_live") as (source, restored):
        yield source, restored


@pytest.mark.postgres
def test_postgresql_backup_during_entry_is_consistent(
    tmp_path: Path, pg_databases: tuple[str, str]
) -> None:
    source, restored = pg_databases
    backup = tmp_path / "live.dump"
    written = _backup_during_entry(source, backup, migrate=True)
    target = _env(restored)
    _run(target, "manage.py", "restore", str(backup), "--yes")
    in_backup = int(_run(target, "-c", CHECK).splitlines()[-1])
    assert 0 < in_backup <= written
