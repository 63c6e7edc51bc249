"""``manage.py import_contest PATH``: recreate a contest from its JSON archive."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from archive.contest_archive import ArchiveError, import_contest, loads


class Command(BaseCommand):
    help = "Importe l'archive JSON d'un concours (tout ou rien)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["path"])
        if not path.is_file():
            raise CommandError(f"Fichier introuvable : {path}")
        try:
            contest_id = import_contest(loads(path.read_bytes()))
        except ArchiveError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(self.style.SUCCESS(f"Concours n°{contest_id} importé."))
