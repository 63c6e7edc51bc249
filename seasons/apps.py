"""The seasons app's wiring, all of it here: what it listens to and what it gives the apps below.

* A contest's standings written (``standings.signals.standings_written``, naming its season), a
  contest joining or leaving a season from its own form
  (``tournaments.signals.contest_season_changed``) and a season changed from its pages
  (``seasons.signals.season_changed``): the season is re-ranked on commit
  (``seasons.tasks``).
* The contest's cockpit shows its place in its season ("5e journée sur 12"): the port
  ``tournaments.cockpit.SeasonLineSource``, answered by ``seasons.views.common.cockpit_line``.
* The contest log's sentences of the ``season.*`` actions (``seasons.journal``), registered in
  ``tournaments.journal``.
"""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from seasons import signals
from standings.signals import standings_written
from tournaments import signals as contest_signals


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Saisons, challenges et circuits")

    def ready(self) -> None:
        # Imported here, not at the top: the models, and the modules that use them, load once
        # the app registry is ready.
        from seasons import journal, tasks
        from seasons.views.common import cockpit_line
        from standings.models import StandingsSnapshot
        from tournaments import cockpit
        from tournaments import journal as contest_journal

        standings_written.connect(
            tasks.contest_written, sender=StandingsSnapshot, dispatch_uid="seasons-contest"
        )
        contest_signals.contest_season_changed.connect(
            tasks.season_changed, dispatch_uid="seasons-contest-moved"
        )
        signals.season_changed.connect(tasks.season_changed, dispatch_uid="seasons-season")
        cockpit.register_season_line(cockpit_line)
        contest_journal.register_builders(journal.builders)
