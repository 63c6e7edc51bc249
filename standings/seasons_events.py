"""Queueing a season's rebuild once the transaction commits (Celery; at once without a broker).

The app's listeners (``standings.wiring``) call :func:`queue_season_rebuild` when a contest of the
season writes its standings (``standings_written``), joins or leaves the season, and when the
season's rules or clubs change (``tournaments.signals.season_changed``). A broker outage is
logged, never raised into the change that triggered it. Must not compute anything.
"""

from __future__ import annotations

import logging

from django.db import transaction

from standings import tasks

logger = logging.getLogger(__name__)

__all__ = ["queue_season_rebuild"]


def queue_season_rebuild(season_id: int) -> None:
    """Queue the season's rebuild once the transaction commits (at once outside one)."""

    def send() -> None:
        try:
            tasks.queue_season(season_id)
        except Exception:  # a broker outage must not fail the change that triggered it
            logger.exception("season %s: rebuild not queued", season_id)

    transaction.on_commit(send, robust=True)
