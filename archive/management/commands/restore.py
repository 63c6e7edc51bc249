"""``manage.py restore PATH --yes``: replace the database with a backup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from archive.backup import BackupError, restore


class Command(BaseCommand):
    help = "Restaure une sauvegarde faite par « manage.py backup » (remplace toute la base)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="fichier de sauvegarde")
        parser.add_argument(
            "--yes", action="store_true", help="confirmer le remplacement de toute la base"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["yes"]:
            raise CommandError(
                "La restauration remplace toute la base. Relancez avec --yes pour confirmer."
            )
        try:
            restore(Path(options["path"]))
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(self.style.SUCCESS(f"Base restaurée depuis {options['path']}"))
