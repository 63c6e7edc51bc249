"""Export files do not linger: finished jobs and their files go EXPORT_KEEP_HOURS after they end."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from publishing.exports import contest as exports
from publishing.models import ExportJob
from tests.standings.factory import add_round, finish_round, make_contest

pytestmark = pytest.mark.django_db


@pytest.fixture
def contest(club: Any, settings: Any, tmp_path: Path) -> Any:
    settings.MEDIA_ROOT = tmp_path
    settings.EXPORT_KEEP_HOURS = 24
    contest = make_contest(club, teams=2)
    finish_round(add_round(contest, 1, [(1, 2)]), {1: (1100, 844)})
    return contest


def _finished_job(contest: Any, hours_ago: float, status: str = ExportJob.Status.DONE) -> Any:
    job = ExportJob.objects.create(contest=contest, kind="entries", format="csv")
    exports.run_job(job.pk)
    job.refresh_from_db()
    ExportJob.objects.filter(pk=job.pk).update(
        status=status, finished_at=timezone.now() - datetime.timedelta(hours=hours_ago)
    )
    job.refresh_from_db()
    return job


def test_expired_jobs_and_their_files_are_deleted(contest: Any) -> None:
    old = _finished_job(contest, hours_ago=25)
    recent = _finished_job(contest, hours_ago=23)
    failed = _finished_job(contest, hours_ago=30, status=ExportJob.Status.FAILED)
    running = ExportJob.objects.create(
        contest=contest, kind="deals", format="csv", status=ExportJob.Status.RUNNING
    )
    old_file = Path(old.file.path)
    assert old_file.exists()

    assert exports.purge_expired() == 2

    assert not old_file.exists()
    assert set(ExportJob.objects.values_list("pk", flat=True)) == {recent.pk, running.pk}
    assert Path(recent.file.path).exists()
    assert failed.pk not in set(ExportJob.objects.values_list("pk", flat=True))


def test_asking_for_an_export_cleans_up_without_a_beat(
    contest: Any, client: Client, organiser: Any
) -> None:
    old = _finished_job(contest, hours_ago=48)
    client.force_login(organiser)
    url = f"/orga/publication/{contest.club.slug}/concours/{contest.pk}/exports/"
    response = client.post(url, {"kind": "entries", "format": "csv"})
    assert response.status_code == 302
    assert not ExportJob.objects.filter(pk=old.pk).exists()
    assert ExportJob.objects.filter(contest=contest).count() == 1


def test_the_periodic_task_is_scheduled(settings: Any) -> None:
    from publishing.tasks import purge_exports

    schedule = settings.CELERY_BEAT_SCHEDULE
    assert schedule["purge-exports"]["task"] == purge_exports.name == "publishing.purge_exports"
