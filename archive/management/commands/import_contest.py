"""``manage.py import_contest PATH --club SLUG``: recreate a contest from its JSON archive.

The archive goes into the named club only (``archive.contest_import`` checks every row first);
every refusal is one French line on standard error, and success is said only when the contest
exists afterwards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from archive.contest_archive import ArchiveError, loads
from archive.contest_import import import_contest
from tournaments.models import Contest

MAX_BYTES = 200 * 1024 * 1024


class Command(BaseCommand):
    help = "Importe l'archive JSON d'un concours dans un club (tout ou rien)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path")
        parser.add_argument(
            "--club", required=True, help="identifiant du club qui reçoit le concours"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["path"])
        try:
            if not path.is_file():
                raise CommandError(_("Fichier introuvable : %(path)s") % {"path": path})
            if path.stat().st_size > MAX_BYTES:
                raise CommandError(
                    _("Fichier trop gros pour une archive de concours : %(path)s") % {"path": path}
                )
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(
                _("Fichier illisible : %(path)s (%(error)s)")
                % {"path": path, "error": exc.strerror}
            ) from None
        try:
            contest_id = import_contest(loads(data), club=options["club"])
        except ArchiveError as exc:
            raise CommandError(str(exc)) from None
        contest = Contest.objects.filter(pk=contest_id, club__slug=options["club"]).first()
        if contest is None:
            raise CommandError(_("Aucun concours n'a été créé."))
        self.stdout.write(
            self.style.SUCCESS(
                _("Concours n°%(id)s « %(name)s » importé.")
                % {"id": contest.pk, "name": contest.name}
            )
        )
