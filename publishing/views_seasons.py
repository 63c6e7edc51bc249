"""Season pages: the organiser's season page (contests, rules, standings, club ranking, the why,
qualification), its A4 print and exports, and the public standings and projector.

Organiser pages get the season through ``tournaments.access.season_for`` (the owner club, or a
club of the circuit); a circuit's other clubs' contests are listed by name and date only, never
linked to their organiser pages. What every page shows comes from the stored
``SeasonSnapshot`` (``standings.seasons``), never from another club's entries or sheets. The
public pages show a season marked public, 404 in French otherwise.
"""

from __future__ import annotations

import datetime
from types import SimpleNamespace
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from engine.errors import EngineError
from publishing.exports import spreadsheets
from publishing.http import french_404
from publishing.season_exports import season_dataset
from publishing.tables_seasons import SeasonTable, shown_value
from standings import seasons as season_standings
from standings import seasons_events
from standings.models import SeasonSnapshot
from tournaments import access
from tournaments.models import Club, Season
from tournaments.responses import refused, service_refusal
from tournaments.seasons_texts import BAREME_LABELS, CREDIT_LABELS, error_message, report_line
from tournaments.services import ServiceError
from tournaments.services.seasons_final import create_final_entries, final_started

PROJECTOR_REFRESH = 30


def _dated(contests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The snapshot's contests with their dates as dates (the pages format them in French)."""
    return [{**c, "date": datetime.date.fromisoformat(c["date"])} for c in contests]


def _snapshot(season: Season) -> SeasonSnapshot | None:
    return SeasonSnapshot.objects.filter(season=season).first()


def _names(snapshot: SeasonSnapshot | None) -> tuple[Any, Any]:
    people: dict[int, str] = {}
    contests: dict[int, str] = {}
    if snapshot is not None:
        for row in snapshot.rows:
            people.update(zip(row["players"], row["names"], strict=False))
        contests = {c["id"]: c["name"] for c in snapshot.contests}

    def who(entrant: Any) -> str:
        if entrant is None:
            return "—"
        ids = entrant if isinstance(entrant, list | tuple) else [entrant]
        return " – ".join(people.get(int(p), "?") for p in ids)

    def contest_name(contest_id: Any) -> str:
        return contests.get(contest_id, "—") if contest_id is not None else "—"

    return who, contest_name


def _table(snapshot: SeasonSnapshot | None) -> SeasonTable:
    rows = snapshot.rows if snapshot is not None else []
    divisor = snapshot.value_divisor if snapshot is not None else 1
    return SeasonTable(rows, divisor=divisor, pair=bool(snapshot and snapshot.credit == "pair"))


def _rules_summary(season: Season) -> list[str]:
    try:
        rules = season_standings.season_rules(season)
    except EngineError as exc:
        return [error_message(exc)]
    lines = [
        str(CREDIT_LABELS.get(rules.credit.value, "")),
        str(BAREME_LABELS.get(season.rules.get("bareme", {}).get("kind", "placement_formula"), "")),
    ]
    if rules.best_of:
        lines.append(_("Les %(n)s meilleurs concours de chacun comptent.") % {"n": rules.best_of})
    if rules.min_contests:
        lines.append(
            _("%(n)s concours minimum pour le classement final.") % {"n": rules.min_contests}
        )
    if rules.prize_min_contests:
        lines.append(_("%(n)s concours minimum pour un lot.") % {"n": rules.prize_min_contests})
    return lines


def _qualification_preview(season: Season, who: Any, contest_name: Any) -> dict[str, Any]:
    if season.final_contest_id is None:
        return {}
    try:
        qualification, data, rules = season_standings.season_qualification(season)
    except EngineError as exc:
        return {"error": error_message(exc)}
    lines = [
        report_line(item, who, contest_name)
        for item in season_standings.report_json(qualification.report)
    ]
    return {
        "qualified": season_standings.qualified_json(qualification, data),
        "lines": lines,
        "per_player": rules.credit.value == "player",
        "entrants": [q.entrant for q in qualification.qualified],
    }


def _season_page(
    request: HttpRequest, club: Club, season: Season, status: int = 200, outcome: Any = None
) -> HttpResponse:
    snapshot = _snapshot(season)
    who, contest_name = _names(snapshot)
    own = {c.pk for c in season.contests.filter(club=club)}
    contests = []
    for c in _dated(snapshot.contests) if snapshot else []:
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
        "table": _table(snapshot),
        "contests": contests,
        "clubs": [
            {**c, "value": shown_value(c["value"], snapshot.value_divisor if snapshot else 1)}
            for c in (snapshot.clubs if snapshot else [])
        ],
        "report": [
            report_line(item, who, contest_name) for item in (snapshot.report if snapshot else [])
        ],
        "rules": _rules_summary(season),
        "error": error_message(SimpleNamespace(code=snapshot.error, params={}))
        if snapshot and snapshot.error
        else "",
        "qualification": qualification,
        "final": final,
        "final_started": final is not None and final_started(final),
        "outcome": outcome,
        "formats": spreadsheets.FORMATS,
    }
    return render(request, "publishing/organiser/season.html", context, status=status)


@access.organiser_view("GET")
def season(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """The organiser's season page: contests, rules, standings, club ranking, qualification."""
    found = access.season_for(request.user, club_slug, season_id)
    return _season_page(request, access.club_for(request.user, club_slug), found)


@access.organiser_view("POST")
def season_rebuild(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    found = access.season_for(request.user, club_slug, season_id)
    seasons_events.queue_season_rebuild(found.pk)
    messages.success(request, _("Le classement de la saison est recalculé."))
    return redirect("publishing:season", club_slug=club_slug, season_id=found.pk)


@access.organiser_view("POST")
def season_qualify(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """Create the final's entries from the qualified (owner club only; idempotent)."""
    found = access.owned_season_for(request.user, club_slug, season_id)
    back = reverse("publishing:season", kwargs={"club_slug": club_slug, "season_id": found.pk})
    if found.final_contest_id is None:
        return refused(
            request, _("Choisissez d'abord la finale de la saison dans ses réglages."), back, 409
        )
    try:
        qualification, _data, rules = season_standings.season_qualification(found)
        outcome = create_final_entries(
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
    found = access.season_for(request.user, club_slug, season_id)
    snapshot = _snapshot(found)
    return render(
        request,
        "publishing/print/season.html",
        {
            "club": access.club_for(request.user, club_slug),
            "season": found,
            "snapshot": snapshot,
            "table": _table(snapshot),
            "rules": _rules_summary(found),
        },
    )


@access.organiser_view("GET")
def season_export(request: HttpRequest, club_slug: str, season_id: int, fmt: str) -> HttpResponse:
    """The season's standings as a CSV, XLSX or ODS file."""
    found = access.season_for(request.user, club_slug, season_id)
    if fmt not in spreadsheets.FORMATS:
        return refused(
            request,
            _("Format d'export inconnu : choisissez CSV, XLSX ou ODS."),
            reverse("publishing:season", kwargs={"club_slug": club_slug, "season_id": found.pk}),
            404,
        )
    snapshot = _snapshot(found)
    if snapshot is None:
        return refused(
            request,
            _("Le classement de la saison n'est pas encore calculé."),
            reverse("publishing:season", kwargs={"club_slug": club_slug, "season_id": found.pk}),
            409,
        )
    content, content_type = spreadsheets.render(season_dataset(snapshot, found.name), fmt)
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="saison-{found.pk}-classement.{fmt}"'
    return response


def _public_season(club_slug: str, season_id: int) -> Season:
    if not access.fits(season_id):
        raise Http404(_("Cette saison n'existe pas ou n'est pas publique."))
    found = (
        Season.objects.select_related("club")
        .filter(pk=season_id, club__slug=club_slug, is_public=True)
        .first()
    )
    if found is None:
        raise Http404(_("Cette saison n'existe pas ou n'est pas publique."))
    return found


@require_GET
@french_404
def public_season(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """The public season standings (phone-readable; what the contests published only)."""
    found = _public_season(club_slug, season_id)
    snapshot = _snapshot(found)
    contests = [c for c in _dated(snapshot.contests if snapshot else []) if c["counted"]]
    return render(
        request,
        "publishing/public/season.html",
        {
            "season": found,
            "snapshot": snapshot,
            "table": _table(snapshot),
            "contests": contests,
            "rules": _rules_summary(found),
            "clubs": snapshot.clubs if snapshot else [],
        },
    )


@require_GET
@french_404
def public_season_projector(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    found = _public_season(club_slug, season_id)
    snapshot = _snapshot(found)
    return render(
        request,
        "publishing/public/season_projector.html",
        {
            "season": found,
            "snapshot": snapshot,
            "table": _table(snapshot),
            "refresh": PROJECTOR_REFRESH,
        },
    )


__all__ = [
    "public_season",
    "public_season_projector",
    "season",
    "season_export",
    "season_print",
    "season_qualify",
    "season_rebuild",
]
