"""Celery task of publishing: write an export file (``publishing.exports.run_job``), with its
progress. A thin wrapper taking an id; eager in the calling process without a broker."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="scoring.run_export", ignore_result=True)
def run_export(job_id: int) -> str:
    from publishing import exports

    return exports.run_job(int(job_id))
