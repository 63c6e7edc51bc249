"""What ``publishing`` listens to, at start-up (``PublishingConfig.ready``).

What it owns
------------
The receivers that keep the public pages' versions in step (``publishing.cache.versions``): any save
or delete of a round, contest or club, in every process (web, worker, management command),
and a contest's standings written (``standings.signals.standings_written``).

What it must not do
-------------------
Decide anything: each receiver calls ``publishing.cache.versions``. It is imported by
``PublishingConfig.ready`` only, once every model is loaded.
"""

from __future__ import annotations

from typing import Any

from publishing.cache import versions
from standings.models import StandingsSnapshot
from standings.signals import standings_written


def connect() -> None:
    """Connect publishing's receivers (idempotent: ``dispatch_uid``)."""
    versions.connect_signals()
    standings_written.connect(
        _snapshots_written, sender=StandingsSnapshot, dispatch_uid="publishing-standings"
    )


def _snapshots_written(sender: Any, club_slug: str, contest_slug: str, **kwargs: Any) -> None:
    versions.standings_written(club_slug, contest_slug)
