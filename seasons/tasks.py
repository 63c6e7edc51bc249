"""The season's rebuild as a Celery task, and when it is queued.

* :func:`rebuild_season` — the task, a thin wrapper around
  ``seasons.standings.rebuild.rebuild_season``. Idempotent: an unchanged season keeps its
  snapshot. It keeps the name it had in the standings app (``standings.rebuild_season``), so
  that a task queued by an older process is still understood. With ``CELERY_BROKER_URL`` unset
  it runs eagerly.
* :func:`queue_season_rebuild` queues it once the transaction commits. The listeners below,
  connected by ``seasons.apps``, call it when a contest of the season writes its standings
  (``standings.signals.standings_written``, which names the contest's season), when a contest
  joins or leaves a season from its own form (``tournaments.signals.contest_season_changed``),
  and when the season's rules, clubs or contests change from its pages
  (``seasons.signals.season_changed``). A broker outage is logged, never raised into the change
  that triggered it. Nothing here computes.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import transaction

from seasons.standings import rebuild

logger = logging.getLogger(__name__)

__all__ = [
    "contest_written",
    "queue_season",
    "queue_season_rebuild",
    "rebuild_season",
    "season_changed",
]


@shared_task(name="standings.rebuild_season", ignore_result=True)
def rebuild_season(season_id: int) -> str:
    """A season's standings (``seasons.standings.rebuild.rebuild_season``)."""
    return rebuild.rebuild_season(int(season_id)).status


def queue_season(season_id: int) -> None:
    """Send (or, without a broker, run) the season's rebuild; called on commit."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        rebuild_season.apply(args=(season_id,), throw=True)
    else:
        rebuild_season.apply_async(args=(season_id,), retry=False)


def queue_season_rebuild(season_id: int) -> None:
    """Queue the season's rebuild once the transaction commits (at once outside one)."""

    def send() -> None:
        try:
            queue_season(season_id)
        except Exception:  # a broker outage must not fail the change that triggered it
            logger.exception("season %s: rebuild not queued", season_id)

    transaction.on_commit(send, robust=True)


def contest_written(sender: Any, contest_id: int, **kwargs: Any) -> None:
    """A contest's standings changed: its season (if any) is rebuilt on commit (the rebuild
    names the season it read with the contest, so a contest outside one costs no query)."""
    season_id = kwargs.get("season_id")
    if season_id is not None:
        queue_season_rebuild(season_id)


def season_changed(sender: Any, season_id: int, **kwargs: Any) -> None:
    """What the season ranks changed (its rules, clubs or contests): rebuilt on commit."""
    queue_season_rebuild(season_id)
