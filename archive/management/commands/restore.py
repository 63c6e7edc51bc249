"""``manage.py restore PATH --yes [--force]``: replace the database with a backup.

Before anything, it says what the restore drops (the rows written after the backup, per table)
and refuses while the instance is still written to (writes in the last ``--quiet`` seconds: the
web processes are serving, a phone would be told its deal was saved and lose it), unless
``--force``. Without ``--yes`` it only shows what would be lost.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.utils.translation import gettext as _

from archive import restore_guard
from archive.backup import BackupError, restore


class Command(BaseCommand):
    help = "Restaure une sauvegarde faite par « manage.py backup » (remplace toute la base)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="fichier de sauvegarde")
        parser.add_argument(
            "--yes", action="store_true", help="confirmer le remplacement de toute la base"
        )
        parser.add_argument(
            "--force",
            action="store_true",
            help="restaurer même si l'instance écrit encore (ces écritures seront perdues)",
        )
        parser.add_argument(
            "--quiet",
            type=int,
            default=restore_guard.QUIET_SECONDS,
            metavar="SECONDES",
            help="secondes sans écriture exigées avant de restaurer (par défaut %(default)s)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["path"])
        if not path.is_file():
            raise CommandError(_("Fichier de sauvegarde introuvable : %(path)s") % {"path": path})
        recent = restore_guard.recent_writes(options["quiet"])
        if recent and not options["force"]:
            raise CommandError(restore_guard.live_refusal(recent, options["quiet"]))
        keys = restore_guard.backup_keys(path, connection.vendor)
        lost = restore_guard.losses(keys) if keys is not None else None
        for line in restore_guard.loss_lines(lost):
            self.stdout.write(line)
        if not options["yes"]:
            raise CommandError(
                _("La restauration remplace toute la base. Relancez avec --yes pour confirmer.")
            )
        try:
            restore(path)
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(self.style.SUCCESS(f"Base restaurée depuis {options['path']}"))
