"""Organiser pages of a contest's exports (login and club role required).

CSV, XLSX or ODS of entries, results, deals or standings, written by a Celery job (run here
when no broker answers) whose progress bar refreshes itself (htmx), then downloaded here,
never from a public URL. Every object comes through ``tournaments.access`` (404 for anyone
outside the club); the writing itself is ``publishing.exports.contest``.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _

from publishing import tasks
from publishing.exports import contest as exports
from publishing.exports.contest import CONTENT_TYPES
from publishing.forms import ExportForm
from publishing.http import french_404
from publishing.models import ExportJob
from standings import events
from tournaments import access
from tournaments.models import Contest

logger = logging.getLogger(__name__)


def _base(contest: Contest, **extra: Any) -> dict[str, Any]:
    return {"club": contest.club, "contest": contest, **extra}


def _start_export(job: ExportJob) -> None:
    """Queue the job; without a broker (or while it is down) run it here."""
    if not events.broker_is_backing_off():
        try:
            tasks.run_export.delay(job.pk)
            return
        except Exception as exc:
            logger.warning("export %s: broker unavailable (%s), running here", job.pk, exc)
    exports.run_job(job.pk)


@access.organiser_view("GET", "POST")
@french_404
def exports_page(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    contest = access.contest_for(request.user, club_slug, contest_id)
    form = ExportForm(access.posted(request))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            exports.purge_expired()
            job = ExportJob.objects.create(
                contest=contest,
                kind=form.cleaned_data["kind"],
                format=form.cleaned_data["format"],
                created_by=request.user if isinstance(request.user, User) else None,
            )
            _start_export(job)
            return redirect(
                "publishing:export", club_slug=club_slug, contest_id=contest_id, job_id=job.pk
            )
        status = 400
    jobs = list(ExportJob.objects.filter(contest=contest).order_by("-created_at", "-pk")[:20])
    return render(
        request,
        "publishing/organiser/exports.html",
        _base(contest, form=form, jobs=jobs),
        status=status,
    )


def _job(contest: Contest, job_id: int) -> ExportJob:
    job = ExportJob.objects.filter(contest=contest, pk=job_id).first()
    if job is None:
        raise Http404(_("Cet export n'existe pas."))
    return job


@access.organiser_view("GET")
@french_404
def export_detail(
    request: HttpRequest, club_slug: str, contest_id: int, job_id: int
) -> HttpResponse:
    contest = access.contest_for(request.user, club_slug, contest_id)
    job = _job(contest, job_id)
    template = (
        "publishing/organiser/_export_job.html"
        if request.headers.get("HX-Request") == "true"  # htmx's own header
        else "publishing/organiser/export.html"
    )
    return render(request, template, _base(contest, job=job))


@access.organiser_view("GET")
@french_404
def export_download(
    request: HttpRequest, club_slug: str, contest_id: int, job_id: int
) -> HttpResponse:
    contest = access.contest_for(request.user, club_slug, contest_id)
    job = _job(contest, job_id)
    if job.status != ExportJob.Status.DONE or not job.file:
        raise Http404(_("Ce fichier n'est pas (ou plus) disponible."))
    try:
        with job.file.open("rb") as handle:
            content = handle.read()  # an export is a few megabytes at most
    except OSError:
        raise Http404(_("Ce fichier n'est pas (ou plus) disponible.")) from None

    response = HttpResponse(
        content, content_type=CONTENT_TYPES.get(job.format, "application/octet-stream")
    )
    response["Content-Disposition"] = (
        content_disposition_header(
            as_attachment=True, filename=job.filename or f"export.{job.format}"
        )
        or "attachment"
    )
    return response


__all__ = ["export_detail", "export_download", "exports_page"]
