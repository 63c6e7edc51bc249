"""Whole-database backup and restore, for the organiser's laptop and for a server.

PostgreSQL goes through ``pg_dump`` / ``pg_restore`` (custom format, one consistent snapshot even
while tables are entering deals). SQLite goes through its online backup API, which copies a
consistent image page by page while other connections keep writing. Both directions refuse a
file of the wrong kind with a clear message instead of half-restoring it. Each backup gets a
manifest beside it (``archive.restore_guard``: the highest key of every table), so that a restore
can say which rows it would drop. This module never decides whether a restore may run now.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

from django.db import connections

from archive import restore_guard

SQLITE_MAGIC = b"SQLite format 3\x00"
PGDUMP_MAGIC = b"PGDMP"


class BackupError(Exception):
    """A backup or restore that cannot be done; the message is for the operator."""


def _vendor(alias: str) -> str:
    return connections[alias].vendor


def _pg_env(settings_dict: dict[str, Any]) -> tuple[list[str], dict[str, str]]:
    """Connection arguments for pg_dump/pg_restore, with the password in the environment."""
    args = ["--dbname", str(settings_dict["NAME"])]
    if settings_dict.get("HOST"):
        args += ["--host", str(settings_dict["HOST"])]
    if settings_dict.get("PORT"):
        args += ["--port", str(settings_dict["PORT"])]
    if settings_dict.get("USER"):
        args += ["--username", str(settings_dict["USER"])]
    env = dict(os.environ)
    if settings_dict.get("PASSWORD"):
        env["PGPASSWORD"] = str(settings_dict["PASSWORD"])
    return args, env


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise BackupError(f"{name} est introuvable : installez le client PostgreSQL.")
    return path


def backup(path: Path, alias: str = "default") -> Path:
    """Write a consistent copy of the database to ``path`` and return it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    settings_dict = connections[alias].settings_dict
    vendor = _vendor(alias)
    if vendor == "postgresql":
        # Read before the dump's snapshot: a row written in between is in the dump but counted
        # as lost by a restore (the count errs on the safe side).
        keys = restore_guard.current_keys(alias)
        args, env = _pg_env(settings_dict)
        cmd = [
            _tool("pg_dump"),
            "--format=custom",
            "--no-owner",
            "--no-privileges",
            "--file",
            str(path),
            *args,
        ]
        result = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise BackupError(f"pg_dump a échoué : {result.stderr.strip()}")
    elif vendor == "sqlite":
        source = sqlite3.connect(str(settings_dict["NAME"]), timeout=30)
        target = sqlite3.connect(str(path))
        try:
            # The online backup API: a consistent snapshot while writers continue.
            source.backup(target)
        finally:
            target.close()
            source.close()
        keys = restore_guard.sqlite_keys(path)
    else:  # pragma: no cover - settings refuse other databases
        raise BackupError(f"Base de données non prise en charge : {vendor}")
    restore_guard.write_manifest(path, keys)
    return path


def restore(path: Path, alias: str = "default") -> None:
    """Replace the database's content with the backup at ``path``."""
    path = Path(path)
    if not path.is_file():
        raise BackupError(f"Fichier de sauvegarde introuvable : {path}")
    with path.open("rb") as handle:
        head = handle.read(16)
    vendor = _vendor(alias)
    settings_dict = connections[alias].settings_dict
    connections[alias].close()
    if vendor == "postgresql":
        if not head.startswith(PGDUMP_MAGIC):
            raise BackupError("Ce fichier n'est pas une sauvegarde PostgreSQL (pg_dump).")
        args, env = _pg_env(settings_dict)
        cmd = [
            _tool("pg_restore"),
            "--clean",
            "--if-exists",
            "--no-owner",
            "--no-privileges",
            "--single-transaction",
            "--exit-on-error",
            *args,
            str(path),
        ]
        result = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise BackupError(f"pg_restore a échoué : {result.stderr.strip()}")
    elif vendor == "sqlite":
        if head != SQLITE_MAGIC:
            raise BackupError("Ce fichier n'est pas une sauvegarde SQLite.")
        source = sqlite3.connect(str(path))
        target = sqlite3.connect(str(settings_dict["NAME"]), timeout=30)
        try:
            check = source.execute("PRAGMA integrity_check").fetchone()
            if not check or check[0] != "ok":
                raise BackupError("La sauvegarde SQLite est corrompue (integrity_check).")
            source.backup(target)
        finally:
            target.close()
            source.close()
    else:  # pragma: no cover
        raise BackupError(f"Base de données non prise en charge : {vendor}")
