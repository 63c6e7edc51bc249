"""Celery tasks of the standings: thin wrappers that take IDs and call a service.

* :func:`rebuild_standings` — queued on commit by ``standings.events.results_changed``; rebuilds
  one contest's standings (``standings.services.rebuild``). Idempotent: a duplicate or late task
  finds the standings up to date and does nothing.
* :func:`reconcile_standings` — periodic (``CELERY_BEAT_SCHEDULE``): rebuilds the contests
  whose standings are stale, e.g. because the broker was down when their results changed.

The "already queued" mark (one per contest in the cache) lives here because the task releases
it. Task names keep the ``scoring.`` prefix they had before the app split, so tasks queued by
an older process are still understood. With ``CELERY_BROKER_URL`` unset they run eagerly.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.cache import cache

from standings import services as standings

logger = logging.getLogger(__name__)

# How long a contest stays marked "rebuild queued" (a lost task is retried after this, and the
# reconciliation catches up anyway).
QUEUED_MARK_SECONDS = 30


def _queued_key(contest_id: int) -> str:
    return f"atout:standings:queued:{contest_id}"


def release_queue_mark(contest_id: int) -> None:
    """Called by the task as it starts: results committed from now on queue another rebuild."""
    try:
        cache.delete(_queued_key(contest_id))
    except Exception:  # a cache outage must not stop the rebuild
        logger.warning("standings: cache unavailable, queued mark of contest %s kept", contest_id)


def claim_queue_mark(contest_id: int) -> bool:
    try:
        return bool(cache.add(_queued_key(contest_id), 1, timeout=QUEUED_MARK_SECONDS))
    except Exception:
        return True  # cache down: send anyway (the breaker bounds the cost)


@shared_task(name="scoring.rebuild_standings", ignore_result=True)
def rebuild_standings(contest_id: int, force: bool = False) -> str:
    # Results committed from now on must queue another rebuild: this one may not see them.
    release_queue_mark(contest_id)

    return standings.rebuild(int(contest_id), force=bool(force)).status


@shared_task(name="scoring.reconcile_standings", ignore_result=True)
def reconcile_standings(limit: int = 50) -> int:
    return len(standings.reconcile(limit=int(limit)))
