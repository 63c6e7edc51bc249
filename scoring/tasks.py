"""Celery tasks of the scoring app: thin wrappers that take IDs and call a service.

* :func:`rebuild_standings` — queued on commit by ``scoring.events.results_changed``; rebuilds
  one contest's standings (``scoring.standings.rebuild``). Idempotent: a duplicate or late task
  finds the standings up to date and does nothing.
* :func:`reconcile_standings` — periodic (``CELERY_BEAT_SCHEDULE``): rebuilds the contests
  whose standings are stale, e.g. because the broker was down when their results changed.
* :func:`run_export` — writes an export file (``scoring.exports.run_job``), with its progress.

With ``CELERY_BROKER_URL`` unset they run eagerly in the calling process.
"""

from __future__ import annotations

from celery import shared_task

from scoring import events


@shared_task(name="scoring.rebuild_standings", ignore_result=True)
def rebuild_standings(contest_id: int, force: bool = False) -> str:
    # Results committed from now on must queue another rebuild: this one may not see them.
    events.release_queue_mark(contest_id)
    from scoring import standings

    return standings.rebuild(int(contest_id), force=bool(force)).status


@shared_task(name="scoring.reconcile_standings", ignore_result=True)
def reconcile_standings(limit: int = 50) -> int:
    from scoring import standings

    return len(standings.reconcile(limit=int(limit)))


@shared_task(name="scoring.run_export", ignore_result=True)
def run_export(job_id: int) -> str:
    from scoring import exports

    return exports.run_job(int(job_id))
