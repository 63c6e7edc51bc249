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
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.reliability.conftest import scratch_pg_databases

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import time, uuid, django
django.setup()
from scoring import services
from scoring.adapters import DealFacts
from scoring.models import ScoreSheet
deadline = time.monotonic() + float({seconds})
ids = list(ScoreSheet.objects.filter(kind="deals").values_list("pk", flat=True))
n = 0
while time.monotonic() < deadline:
    for pk in ids:
        sheet = ScoreSheet.objects.get(pk=pk)
        if sheet.status != "open":
            continue
        services.record_deal(pk, DealFacts(taker="a", trump="hearts", taker_points=60 + n % 90),
                             version=sheet.version, client_id=uuid.uuid4())
        n += 1
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


def _backup_during_entry(source: str, backup: Path) -> int:
    env = _env(source)
    _run(env, "manage.py", "migrate", "--noinput", "-v0")
    _run(env, "manage.py", "seed_demo")
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER.format(seconds=6)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(2)  # entry is under way
        _run(env, "manage.py", "backup", str(backup))
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
    written = _backup_during_entry(migrated_sqlite("live-source.sqlite3"), backup)
    restored = tmp_path / "restored.sqlite3"
    target = _env(f"sqlite:///{restored}")
    _run(target, "manage.py", "migrate", "--noinput", "-v0")
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
    written = _backup_during_entry(source, backup)
    target = _env(restored)
    _run(target, "manage.py", "restore", str(backup), "--yes")
    in_backup = int(_run(target, "-c", CHECK).splitlines()[-1])
    assert 0 < in_backup <= written
