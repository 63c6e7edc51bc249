"""What score entry calls when a contest's results change: mark the standings stale, queue a
rebuild after the commit.

What it owns
------------
:func:`results_changed` is called by ``scoring.services`` *inside* the transaction that changes
a result (a deal recorded or corrected, a sheet finished, confirmed, reopened, a forfeit...).
It does two things:

1. In that same transaction it bumps ``StandingsState.results_version`` (one UPDATE): the
   snapshot is now stale, and this fact commits or rolls back with the result itself, so the
   periodic reconciliation (``standings.tasks.reconcile_standings``) can never miss a change.
2. With ``transaction.on_commit`` it queues ``standings.tasks.rebuild_standings``. Sending to the
   broker must never block nor fail score entry: every error is caught and logged, a failure
   opens a short "broker down" window during which nothing is sent (score entry stays at full
   speed while Redis is down; the reconciliation or a publication rebuilds later), and a
   per-contest "already queued" mark in the cache (``cache.add``) keeps a burst of results at
   the end of a round down to one or two queued rebuilds instead of one per result.

Without a broker (``CELERY_TASK_ALWAYS_EAGER``) the rebuild runs right after the commit in the
same process; its failure is logged and leaves the standings marked stale, never a 500.

What it must not do
-------------------
Compute standings (``standings.services``), or raise into score entry once the data is
committed.
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from standings import tasks
from standings.models import StandingsState

logger = logging.getLogger(__name__)

# After a failed send, nothing is sent for this long: score entry must not pay a broker
# timeout per deal while Redis is down.
BROKER_BACKOFF_SECONDS = 15.0

_breaker_lock = threading.Lock()
_broker_down_until = 0.0


def results_changed(contest_id: int) -> None:
    """Mark the contest's standings stale and queue their rebuild once the transaction commits.

    Call it inside the transaction that changed a result (it is a no-op write outside one, in
    autocommit mode, and the rebuild is then queued at once).
    """
    mark_stale(contest_id)
    transaction.on_commit(lambda: queue_rebuild(contest_id), robust=True)


def mark_stale(contest_id: int) -> None:
    """Bump the contest's results version (creating its state row the first time)."""

    def bump() -> int:
        return StandingsState.objects.filter(contest_id=contest_id).update(
            results_version=F("results_version") + 1, results_changed_at=timezone.now()
        )

    if bump():
        return
    # First result of the contest: create the row without risking an IntegrityError inside the
    # caller's transaction when two tables finish at the same moment.
    StandingsState.objects.bulk_create(
        [StandingsState(contest_id=contest_id)], ignore_conflicts=True
    )
    bump()


def broker_is_backing_off() -> bool:
    return time.monotonic() < _broker_down_until


def _open_breaker() -> None:
    global _broker_down_until
    with _breaker_lock:
        _broker_down_until = time.monotonic() + BROKER_BACKOFF_SECONDS


def reset_breaker() -> None:
    """Forget a past broker failure (tests, and the worker once it is connected)."""
    global _broker_down_until
    with _breaker_lock:
        _broker_down_until = 0.0


def queue_rebuild(contest_id: int) -> bool:
    """Queue (or, without a broker, run) the rebuild; True when it was sent or done.

    Never raises: a failure is logged and left to the reconciliation.
    """
    if settings.CELERY_TASK_ALWAYS_EAGER:
        try:
            tasks.rebuild_standings.apply(args=(contest_id,), throw=True)
        except Exception:
            logger.exception("standings: eager rebuild of contest %s failed", contest_id)
            return False
        return True

    if broker_is_backing_off():
        logger.info("standings: broker marked down, contest %s left stale", contest_id)
        return False
    if not tasks.claim_queue_mark(contest_id):
        return True  # a rebuild is already queued and has not started yet: it will see this
    try:
        tasks.rebuild_standings.apply_async(args=(contest_id,), retry=False)
    except Exception as exc:
        _open_breaker()
        tasks.release_queue_mark(contest_id)
        logger.warning(
            "standings: could not queue the rebuild of contest %s (%s); "
            "the periodic reconciliation will rebuild it",
            contest_id,
            exc.__class__.__name__,
        )
        return False
    return True


__all__ = [
    "broker_is_backing_off",
    "mark_stale",
    "queue_rebuild",
    "reset_breaker",
    "results_changed",
]
