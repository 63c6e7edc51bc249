"""``manage.py export_contest ID [PATH]``: a contest's JSON archive."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand, CommandError, CommandParser

from archive.contest_archive import dumps, export_contest


class Command(BaseCommand):
    help = "Exporte un concours complet (équipes, parties, feuilles, donnes…) en JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("contest_id", type=int)
        parser.add_argument("path", nargs="?", help="fichier de sortie (sinon la sortie standard)")

    def handle(self, *args: Any, **options: Any) -> None:
        contest_model = apps.get_model("tournaments.Contest")
        if not contest_model.objects.filter(pk=options["contest_id"]).exists():
            raise CommandError(f"Aucun concours n°{options['contest_id']}.")
        text = dumps(export_contest(options["contest_id"]))
        if options["path"]:
            Path(options["path"]).write_text(text, encoding="utf-8")
            self.stderr.write(f"Archive écrite : {options['path']}")
        else:
            sys.stdout.write(text + "\n")
