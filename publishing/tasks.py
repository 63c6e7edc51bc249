"""Celery tasks of publishing, thin wrappers: write an export file
(``publishing.exports.contest.run_job``) with its progress, and delete expired exports
(periodic). Eager without a broker."""

from __future__ import annotations

from celery import shared_task

from publishing.exports import contest as exports


@shared_task(name="scoring.run_export", ignore_result=True)
def run_export(job_id: int) -> str:
    return exports.run_job(int(job_id))


@shared_task(name="publishing.purge_exports", ignore_result=True)
def purge_exports() -> int:
    return exports.purge_expired()
