"""What ``seasons`` plugs into the apps below it, at start-up (``SeasonsConfig.ready``).

What it owns
------------
* The port ``tournaments.ports.season_line``: the cockpit's line of a contest in a season
  ("Challenge d'hiver : 5e journée sur 12", ``views.common.cockpit_line``).
* The contest log's sentences of the ``season.*`` actions (``journal.builders``), added to
  ``tournaments.journal.sentences`` (``register_builders``).
* The receivers that re-rank a season on commit (``tasks``): a contest of the season wrote its
  standings (``standings.signals.standings_written``, which names the contest's season), a
  contest joined or left a season from its own form
  (``tournaments.signals.contest_season_changed``), the season's rules, clubs or contests
  changed from its pages (``seasons.signals.season_changed``).

What it must not do
-------------------
Decide anything: each receiver calls one function of ``tasks``. It is imported by
``SeasonsConfig.ready`` only, once every model is loaded.
"""

from __future__ import annotations

from seasons import journal, tasks
from seasons.signals import season_changed
from seasons.views.common import cockpit_line
from standings.models import StandingsSnapshot
from standings.signals import standings_written
from tournaments import ports
from tournaments.journal import sentences as contest_journal
from tournaments.signals import contest_season_changed


def connect() -> None:
    """Register the seasons' port, sentences and receivers (idempotent: ``dispatch_uid``,
    the same port and builders)."""
    ports.season_line.register(cockpit_line)
    contest_journal.register_builders(journal.builders)
    standings_written.connect(
        tasks.contest_written, sender=StandingsSnapshot, dispatch_uid="seasons-contest"
    )
    contest_season_changed.connect(tasks.season_changed, dispatch_uid="seasons-contest-moved")
    season_changed.connect(tasks.season_changed, dispatch_uid="seasons-season")
