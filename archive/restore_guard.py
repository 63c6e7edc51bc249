"""What a restore would lose, and whether the instance is still being written to.

What it owns: the backup's manifest (the highest primary key of every table and the time, written
next to the backup file), the count per table of the rows written since (what a restore drops),
and the recent writes that show the web processes are still serving (a phone entering a deal).
``manage.py restore`` refuses to run while such writes are recent, unless forced.

What it must not do: write to the database, or restore anything (``archive.backup`` does).
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import connections, models
from django.utils import timezone
from django.utils.translation import gettext as _

# Writes in the last QUIET_SECONDS mean the hall is still entering results.
QUIET_SECONDS = 120


@dataclass(frozen=True)
class Loss:
    """Rows of one table that are here and not in the backup."""

    label: str  # e.g. "scoring.DealRecord"
    name: str  # French, plural: "donnes"
    count: int


def manifest_path(backup_path: Path) -> Path:
    return backup_path.with_name(backup_path.name + ".json")


def _present_models(alias: str | None) -> list[type[models.Model]]:
    """Managed models, with their table in the database ``alias`` when one is named: restoring
    into an empty database (after a loss, or on a new server) finds no table, nothing to lose."""
    tables = set(connections[alias].introspection.table_names()) if alias else None
    return [
        m
        for m in apps.get_models()
        if m._meta.managed and not m._meta.proxy and (tables is None or m._meta.db_table in tables)
    ]


def _counted_models(alias: str | None) -> list[type[models.Model]]:
    """Models whose rows have an increasing integer key (new rows have a higher one)."""
    return [m for m in _present_models(alias) if isinstance(m._meta.pk, models.AutoField)]


def _pk_column(model: type[models.Model]) -> str:
    pk = model._meta.pk
    assert pk is not None  # every concrete model has one
    return pk.column


def current_keys(alias: str = "default") -> dict[str, int]:
    """The highest primary key of every counted table, in the database now."""
    keys: dict[str, int] = {}
    for model in _counted_models(alias):
        top = model._default_manager.using(alias).aggregate(top=models.Max("pk"))["top"]
        keys[model._meta.db_table] = int(top or 0)
    return keys


def write_manifest(backup_path: Path, keys: dict[str, int]) -> Path:
    """Record beside the backup the highest key of every table it holds, and when it was taken."""
    path = manifest_path(backup_path)
    path.write_text(
        json.dumps({"taken_at": timezone.now().isoformat(), "keys": keys}, sort_keys=True),
        encoding="utf-8",
    )
    return path


def sqlite_keys(backup_path: Path) -> dict[str, int]:
    """The highest key of every counted table, read from an SQLite backup file itself."""
    keys: dict[str, int] = {}
    source = sqlite3.connect(f"file:{backup_path}?mode=ro", uri=True)
    try:
        present = {row[0] for row in source.execute("SELECT name FROM sqlite_master")}
        for model in _counted_models(None):  # the file says which tables it holds
            table = model._meta.db_table
            if table in present:
                column = _pk_column(model).replace('"', '""')
                quoted = table.replace('"', '""')
                row = source.execute(f'SELECT MAX("{column}") FROM "{quoted}"').fetchone()
                keys[table] = int(row[0] or 0)
    finally:
        source.close()
    return keys


def backup_keys(backup_path: Path, vendor: str) -> dict[str, int] | None:
    """The backup's highest keys: from its manifest, or from the file (SQLite); else None."""
    manifest = manifest_path(backup_path)
    if manifest.is_file():
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
            return {str(k): int(v) for k, v in data["keys"].items()}
        except (ValueError, KeyError, TypeError, AttributeError):
            pass
    if vendor == "sqlite":
        try:
            return sqlite_keys(backup_path)
        except sqlite3.DatabaseError:
            return None
    return None


def losses(keys: dict[str, int], alias: str = "default") -> list[Loss]:
    """Per table, the rows here whose key is above the backup's: written after it was taken."""
    found = []
    for model in _counted_models(alias):
        above = keys.get(model._meta.db_table, 0)
        count = model._default_manager.using(alias).filter(pk__gt=above).count()
        if count:
            found.append(Loss(model._meta.label, str(model._meta.verbose_name_plural), count))
    return found


def loss_lines(found: list[Loss] | None) -> list[str]:
    """French lines saying what the restore drops."""
    if found is None:
        return [
            _(
                "Impossible de compter ce que la restauration perd : la sauvegarde n'a pas de "
                "manifeste. Tout ce qui a été écrit après elle sera perdu."
            )
        ]
    if not found:
        return [_("Rien n'a été ajouté depuis la sauvegarde (les modifications seront perdues).")]
    lines = [_("La restauration perd les lignes écrites après la sauvegarde :")]
    lines += [f"  {loss.name} ({loss.label}) : {loss.count}" for loss in found]
    return lines


def recent_writes(seconds: int = QUIET_SECONDS, alias: str = "default") -> dict[str, int]:
    """Rows written in the last ``seconds`` (timestamped by Django), per model; sessions saved."""
    since = timezone.now() - datetime.timedelta(seconds=seconds)
    found: dict[str, int] = {}
    for model in _present_models(alias):
        for f in model._meta.concrete_fields:
            if isinstance(f, models.DateTimeField) and (f.auto_now or f.auto_now_add):
                count = (
                    model._default_manager.using(alias).filter(**{f"{f.name}__gte": since}).count()
                )
                if count:
                    key = str(model._meta.verbose_name_plural)
                    found[key] = max(found.get(key, 0), count)
    found |= _recent_sessions(since, alias)
    return found


def _recent_sessions(since: datetime.datetime, alias: str) -> dict[str, int]:
    """Sessions saved since ``since`` (their expiry is the save time plus the cookie age)."""
    if not apps.is_installed("django.contrib.sessions"):
        return {}
    session = apps.get_model("sessions", "Session")
    if session not in _present_models(alias):
        return {}
    horizon = since + datetime.timedelta(seconds=settings.SESSION_COOKIE_AGE)
    count = session._default_manager.using(alias).filter(expire_date__gte=horizon).count()
    return {str(session._meta.verbose_name_plural): count} if count else {}


def live_refusal(found: dict[str, Any], seconds: int = QUIET_SECONDS) -> str:
    """The French refusal of a restore while the instance is still written to."""
    what = ", ".join(f"{name} : {count}" for name, count in sorted(found.items()))
    return _(
        "L'instance est en service : des écritures ont eu lieu dans les %(seconds)s dernières "
        "secondes (%(what)s). Arrêtez le serveur web (mettez l'instance en maintenance) et "
        "attendez que plus rien ne s'écrive avant de restaurer, sinon ces résultats seront "
        "perdus ; --force restaure quand même."
    ) % {"seconds": seconds, "what": what}
