"""``restore`` refuses a live instance and says what it would lose.

The scene of the report: a backup is taken, the hall keeps entering deals, and a restore run
then would drop them while the phones were told they were saved. Here a writer process enters
deals while ``restore --yes`` is tried (refused, nothing replaced); after the hall stops, the
restore lists the rows written since the backup, per table, before replacing the database.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.reliability.conftest import scratch_pg_databases
from tests.reliability.rows import row_counts

ROOT = Path(__file__).resolve().parents[2]

# A phone entering deals: at least COUNT of them, then on until the file STOP exists (when
# given). It says "entering" once its first deal is saved, so that the test waits for the
# entry itself rather than for a fixed delay, and stops it as soon as it has seen what it
# needed (a fixed six seconds before). The 60 s deadline only keeps a failed test from
# leaving it running.
DEALS = """
import os, sys, time, uuid, django
django.setup()
from scoring import services
from scoring.adapters import DealFacts
from scoring.models import ScoreSheet
count, stop = int(sys.argv[1]), (sys.argv[2] if len(sys.argv) > 2 else "")
ids = list(ScoreSheet.objects.filter(kind="deals").values_list("pk", flat=True))
deadline = time.monotonic() + 60
n = saved = 0
while n < count or (stop and not os.path.exists(stop) and time.monotonic() < deadline):
    sheet = ScoreSheet.objects.get(pk=ids[n % len(ids)])
    if sheet.status == "open":
        services.record_deal(sheet.pk, DealFacts(taker="a", trump="hearts", taker_points=82),
                             version=sheet.version, client_id=uuid.uuid4())
        saved += 1
        if saved == 1:
            print("entering", flush=True)
    n += 1
    time.sleep(0.05)
print(n)
"""


def _env(database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"CELERY_BROKER_URL"}}
    env.update(DEBUG="1", DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="config.settings")
    return env


def _run(env: dict[str, str], *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def _deals(env: dict[str, str]) -> int:
    """The deals in the database (read from it, no Django process started)."""
    from scoring.models import DealRecord

    return row_counts(env["DATABASE_URL"], DealRecord)[0]


def _scene(env: dict[str, str], backup: Path) -> None:
    """From a migrated database (the caller migrates: the SQLite tests start from a migrated
    copy, where ``migrate`` again would only cost a process and its start-up)."""
    _run(env, "manage.py", "seed_demo")
    _run(env, "manage.py", "backup", str(backup))
    assert backup.with_name(backup.name + ".json").is_file(), "the backup has its manifest"
    at_backup = _deals(env)

    # The hall goes on: a phone enters deals while the operator tries to restore.
    stop = backup.with_name("stop-entering")
    writer = subprocess.Popen(
        [sys.executable, "-c", DEALS, "5", str(stop)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert writer.stdout is not None
        # Entry is under way (or the writer ended: its exit code is checked below).
        first = writer.stdout.readline()
        live = _run(env, "manage.py", "restore", str(backup), "--yes", check=False)
    finally:
        stop.touch()
        _out, err = writer.communicate(timeout=120)
    assert first.strip() == "entering", (first, err)
    assert writer.returncode == 0, err
    assert live.returncode != 0
    assert "en service" in live.stderr and "--force" in live.stderr
    assert "Traceback" not in live.stderr
    written = _deals(env) - at_backup
    assert written >= 5, "nothing was replaced: the deals entered are all there"

    # The hall stopped: after the quiet delay the restore says what it drops, then runs.
    time.sleep(2.5)
    dry = _run(env, "manage.py", "restore", str(backup), "--quiet", "2", check=False)
    assert dry.returncode != 0 and "--yes" in dry.stderr
    assert f"(scoring.DealRecord) : {written}" in dry.stdout, dry.stdout
    assert _deals(env) == at_backup + written, "without --yes nothing is replaced"
    done = _run(env, "manage.py", "restore", str(backup), "--yes", "--quiet", "2")
    assert f"(scoring.DealRecord) : {written}" in done.stdout
    assert "(tournaments.AuditEvent)" in done.stdout
    assert _deals(env) == at_backup


def test_sqlite_restore_refuses_a_live_instance_and_counts_the_loss(
    tmp_path: Path, migrated_sqlite: Callable[[str], str]
) -> None:
    env = _env(migrated_sqlite("atout.sqlite3"))
    _scene(env, tmp_path / "backup.sqlite3")


def test_sqlite_backup_without_manifest_is_counted_from_the_file(
    tmp_path: Path, migrated_sqlite: Callable[[str], str]
) -> None:
    env = _env(migrated_sqlite("atout.sqlite3"))
    backup = tmp_path / "backup.sqlite3"
    _run(env, "manage.py", "seed_demo")
    _run(env, "manage.py", "backup", str(backup))
    backup.with_name(backup.name + ".json").unlink()
    _run(env, "-c", DEALS, "3")
    shown = _run(env, "manage.py", "restore", str(backup), "--force", check=False)
    assert "(scoring.DealRecord) : 3" in shown.stdout, shown.stdout


def test_restore_into_an_empty_database_is_not_refused(
    tmp_path: Path, migrated_sqlite: Callable[[str], str]
) -> None:
    """After a loss the database is new and empty: nothing to lose, no table to count."""
    env = _env(migrated_sqlite("atout.sqlite3"))
    backup = tmp_path / "backup.sqlite3"
    _run(env, "manage.py", "seed_demo")
    _run(env, "manage.py", "backup", str(backup))
    at_backup = _deals(env)
    empty = _env(f"sqlite:///{tmp_path / 'new-laptop.sqlite3'}")
    done = _run(empty, "manage.py", "restore", str(backup), "--yes")
    assert "Traceback" not in done.stdout + done.stderr
    assert _deals(empty) == at_backup


@pytest.mark.postgres
def test_postgresql_restore_refuses_a_live_instance_and_counts_the_loss(tmp_path: Path) -> None:
    with scratch_pg_databases(1, "atout_guard") as (url,):
        env = _env(url)
        _run(env, "manage.py", "migrate", "--noinput", "-v0")  # a new, empty database
        _scene(env, tmp_path / "backup.dump")
