"""Organiser pages of the CSV import of players who come alone: upload and preview, then confirm.

Built as the team import (``views_entries.entries_import``): the upload only reads and checks
the file (``tournaments.solo.imports.preview``) and keeps the checked lines in the session; the
confirmation writes them through ``services.import_solos``, every player or none. The contest
comes from ``tournaments.access``. A refused file answers 400 (unreadable, bad lines) or the
service's status (409: the contest takes no solo player now, or a line became refused), with
French messages; nothing is saved then.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import access, services
from tournaments.entries import reader as csv_reader
from tournaments.models import Contest
from tournaments.responses import refused
from tournaments.solo.forms import SoloCsvUploadForm
from tournaments.solo.imports import preview as csv_solos

SESSION_KEY = "atout-csv-solos-%s"


def _page(
    request: HttpRequest, contest: Contest, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    return render(
        request,
        "tournaments/solo/import.html",
        {
            "club": contest.club,
            "contest": contest,
            "is_pairs": contest.entry_mode == Contest.EntryMode.PAIRS,
            **context,
        },
        status=status,
    )


@access.organiser_view("GET", "POST")
def solos_import(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """Upload a CSV file of solo players and see its preview: nothing is imported here."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    key = SESSION_KEY % contest.pk
    if request.method == "POST":
        request.session.pop(key, None)  # a new upload forgets the previous preview
    try:
        services.check_takes_newcomers(contest)
    except services.ServiceError as exc:  # closed, fixed teams, too late: said before reading
        status = exc.status if request.method == "POST" else 200
        return _page(request, contest, {"closed": exc.message}, status=status)
    form = SoloCsvUploadForm(access.posted(request), access.posted_files(request))
    if request.method == "GET":
        return _page(request, contest, {"form": form})
    if not form.is_valid():
        return _page(request, contest, {"form": form}, status=400)
    upload = form.cleaned_data["file"]
    if upload.size > csv_reader.MAX_BYTES:
        form.add_error("file", _("Le fichier est trop gros : 1 000 Ko au plus."))
        return _page(request, contest, {"form": form}, status=400)
    try:
        preview = csv_solos.preview(contest, upload.read(csv_reader.MAX_BYTES + 1))
    except csv_reader.CsvImportError as exc:
        form.add_error("file", exc.message)
        return _page(request, contest, {"form": form}, status=400)
    except services.ServiceError as exc:
        form.add_error(None, exc.message)
        return _page(request, contest, {"form": form}, status=exc.status)
    if preview.ok:
        request.session[key] = [row.to_json() for row in preview.rows]
    return _page(
        request,
        contest,
        {"form": SoloCsvUploadForm(), "preview": preview, "filename": upload.name},
        status=200 if preview.ok else 400,
    )


@access.organiser_view("POST")
def solos_import_confirm(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """Register the previewed players: every one or none (checked again against today's data)."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    key = SESSION_KEY % contest.pk
    stored = request.session.pop(
        key, None
    )  # spent whatever happens: a second click imports nothing
    back = reverse(
        "tournaments:solos_import", kwargs={"club_slug": club_slug, "contest_id": contest_id}
    )
    try:
        rows = csv_reader.previewed_rows(stored, csv_solos.SoloRow.from_json)
    except csv_reader.CsvImportError as exc:
        return refused(request, exc.message, back, 400)
    try:
        created = services.import_solos(contest, rows)
    except services.SoloImportRefused as exc:
        by_line = dict(exc.refusals)
        for row in rows:
            if row.line in by_line:
                row.errors.append(by_line[row.line])
        preview = csv_solos.SoloPreview(rows=rows, encoding="", delimiter="")
        context = {"form": SoloCsvUploadForm(), "preview": preview}
        return _page(request, contest, context, status=exc.status)
    except services.ServiceError as exc:
        return refused(
            request,
            _("Rien n'a été importé : %(reason)s") % {"reason": exc.message},
            back,
            exc.status,
        )
    messages.success(
        request,
        ngettext("%(count)s joueur importé.", "%(count)s joueurs importés.", len(created))
        % {"count": len(created)},
    )
    return redirect("tournaments:solos", club_slug=club_slug, contest_id=contest.pk)
