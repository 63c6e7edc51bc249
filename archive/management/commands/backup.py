"""``manage.py backup [PATH]``: a consistent copy of the whole database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.utils import timezone

from archive.backup import BackupError, backup


class Command(BaseCommand):
    help = "Sauvegarde toute la base (pg_dump ou l'API de sauvegarde de SQLite)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", nargs="?", help="fichier de sortie (par défaut backups/…)")

    def handle(self, *args: Any, **options: Any) -> None:
        suffix = "dump" if connection.vendor == "postgresql" else "sqlite3"
        stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
        path = Path(options["path"] or f"backups/atout-{stamp}.{suffix}")
        try:
            written = backup(path)
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(self.style.SUCCESS(f"Sauvegarde écrite : {written}"))
