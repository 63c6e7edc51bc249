"""The organiser's season page (contests, rules, standings, club ranking, the why,
qualification), its recompute, the final's entries from the qualified, the A4 print and exports.

Every page gets the season through ``seasons.access.season_for`` (the owner club, or a club of
the circuit); a circuit's other clubs' contests are listed by name and date only, never linked
to their organiser pages. What every page shows comes from the stored ``SeasonSnapshot``
(``seasons.standings.rebuild``), never from another club's entries or sheets. Refusals are
answered by ``tournaments.responses``.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from engine.errors import EngineError
from publishing.exports import spreadsheets
from seasons import access as season_access
from seasons import services, tasks
from seasons.exports import season_dataset
from seasons.models import Season
from seasons.standings import rebuild
from seasons.tables import shown_value
from seasons.texts import error_message, report_line
from seasons.views.common import (
    dated,
    names,
    rules_summary,
    season_url,
    snapshot_of,
    table_of,
)
from tournaments import access
from tournaments.models import Club
from tournaments.responses import refused, service_refusal
from tournaments.services import ServiceError

__all__ = ["season", "season_export", "season_print", "season_qualify", "season_rebuild"]


def _qualification_preview(season: Season, who: Any, contest_name: Any) -> dict[str, Any]:
    if season.final_contest_id is None:
        return {}
    try:
        qualification, data, rules = rebuild.season_qualification(season)
    except EngineError as exc:
        return {"error": error_message(exc)}
    lines = [
        report_line(item, who, contest_name) for item in rebuild.report_json(qualification.report)
    ]
    return {
        "qualified": rebuild.qualified_json(qualification, data),
        "lines": lines,
        "per_player": rules.credit.value == "player",
        "entrants": [q.entrant for q in qualification.qualified],
    }


def _season_page(
    request: HttpRequest, club: Club, season: Season, status: int = 200, outcome: Any = None
) -> HttpResponse:
    snapshot = snapshot_of(season)
    who, contest_name = names(snapshot)
    own = {c.pk for c in season.contests.filter(club=club)}
    contests = []
    for c in dated(snapshot.contests) if snapshot else []:
        url = (
            reverse("tournaments:contest", kwargs={"club_slug": club.slug, "contest_id": c["id"]})
            if c["id"] in own
            else ""
        )
        contests.append({**c, "url": url})
    owner = season.club_id == club.pk
    qualification = _qualification_preview(season, who, contest_name) if owner else {}
    final = season.final_contest
    context = {
        "club": club,
        "season": season,
        "owner": owner,
        "snapshot": snapshot,
        "table": table_of(snapshot),
        "contests": contests,
        "clubs": [
            {**c, "value": shown_value(c["value"], snapshot.value_divisor if snapshot else 1)}
            for c in (snapshot.clubs if snapshot else [])
        ],
        "report": [
            report_line(item, who, contest_name) for item in (snapshot.report if snapshot else [])
        ],
        "rules": rules_summary(season),
        "error": error_message(SimpleNamespace(code=snapshot.error, params={}))
        if snapshot and snapshot.error
        else "",
        "qualification": qualification,
        "final": final,
        "final_started": final is not None and services.final_started(final),
        "outcome": outcome,
        "formats": spreadsheets.FORMATS,
    }
    return render(request, "seasons/season.html", context, status=status)


@access.organiser_view("GET")
def season(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """The organiser's season page: contests, rules, standings, club ranking, qualification."""
    found = season_access.season_for(request.user, club_slug, season_id)
    return _season_page(request, access.club_for(request.user, club_slug), found)


@access.organiser_view("POST")
def season_rebuild(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    found = season_access.season_for(request.user, club_slug, season_id)
    tasks.queue_season_rebuild(found.pk)
    messages.success(request, _("Le classement de la saison est recalculé."))
    return redirect("seasons:season", club_slug=club_slug, season_id=found.pk)


@access.organiser_view("POST")
def season_qualify(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """Create the final's entries from the qualified (owner club only; idempotent)."""
    found = season_access.owned_season_for(request.user, club_slug, season_id)
    back = season_url(club_slug, found)
    if found.final_contest_id is None:
        return refused(
            request, _("Choisissez d'abord la finale de la saison dans ses réglages."), back, 409
        )
    try:
        qualification, _data, rules = rebuild.season_qualification(found)
        outcome = services.create_final_entries(
            found,
            [q.entrant for q in qualification.qualified],
            per_player=rules.credit.value == "player",
        )
    except EngineError as exc:
        return refused(request, error_message(exc), back, 409)
    except ServiceError as exc:
        return service_refusal(request, exc, back)
    return _season_page(request, found.club, found, outcome=outcome)


@access.organiser_view("GET")
def season_print(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """The season's standings on A4 paper."""
    found = season_access.season_for(request.user, club_slug, season_id)
    snapshot = snapshot_of(found)
    return render(
        request,
        "seasons/print.html",
        {
            "club": access.club_for(request.user, club_slug),
            "season": found,
            "snapshot": snapshot,
            "table": table_of(snapshot),
            "rules": rules_summary(found),
        },
    )


@access.organiser_view("GET")
def season_export(request: HttpRequest, club_slug: str, season_id: int, fmt: str) -> HttpResponse:
    """The season's standings as a CSV, XLSX or ODS file."""
    found = season_access.season_for(request.user, club_slug, season_id)
    if fmt not in spreadsheets.FORMATS:
        return refused(
            request,
            _("Format d'export inconnu : choisissez CSV, XLSX ou ODS."),
            season_url(club_slug, found),
            404,
        )
    snapshot = snapshot_of(found)
    if snapshot is None:
        return refused(
            request,
            _("Le classement de la saison n'est pas encore calculé."),
            season_url(club_slug, found),
            409,
        )
    content, content_type = spreadsheets.render(season_dataset(snapshot, found.name), fmt)
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="saison-{found.pk}-classement.{fmt}"'
    return response
