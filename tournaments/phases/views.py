"""The organiser's page of a contest's phases: the plan (from a ready-made one or phase by
phase, checked by the engine on the contest's field), then, during the day, the pools, the
brackets and, at the end, the final placement.

Objects come from ``tournaments.access``; writes go through ``services.phases.plan``; refusals
are answered with their French message (a 4xx) and the form kept.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments import access
from tournaments.models import Contest
from tournaments.phases.display import plan_lines, plan_total, prize_list, show_phases, tie_rows
from tournaments.phases.forms import PhaseFormSet, ReadyPlanForm, initial_of
from tournaments.services import ServiceError
from tournaments.services.phases import plan as phases_plan
from tournaments.services.phases.core import PhaseSpec, spec_of
from tournaments.services.phases.read import read_phases


def _specs(contest: Contest) -> list[PhaseSpec]:
    return [spec_of(p) for p in contest.phases.order_by("number")]


def _render(
    request: HttpRequest,
    contest: Contest,
    *,
    formset: Any = None,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    specs = _specs(contest)
    frozen = contest.rounds.exists()
    simulated, plan_error = None, ""
    if specs and not frozen:
        try:
            simulated = phases_plan.check_plan(contest, specs)
        except ServiceError as exc:
            plan_error = exc.message
    view = read_phases(contest) if specs else None
    shown = show_phases(view) if view is not None else []
    if formset is None:
        formset = PhaseFormSet(initial=[initial_of(s) for s in specs], prefix="phases")
    return render(
        request,
        "tournaments/phases/plan.html",
        {
            "club": contest.club,
            "contest": contest,
            "crumb": _("Phases"),
            "specs": specs,
            "plan_lines": plan_lines(specs, simulated),
            "plan_total": plan_total(simulated),
            "plan_error": plan_error,
            "field_size": phases_plan.field_size(contest),
            "frozen": frozen,
            "phases": shown,
            "prizes": prize_list(view) if view is not None else [],
            "ties": tie_rows(view) if view is not None else [],
            "formset": formset,
            "ready_form": ReadyPlanForm(),
            "ready_plans": phases_plan.READY_PLANS,
            "error": error,
        },
        status=status,
    )


def _posted_specs(formset: Any) -> list[PhaseSpec]:
    return [
        form.spec()
        for form in formset.forms
        if form.cleaned_data.get("kind") and not form.cleaned_data.get("DELETE")
    ]


@access.organiser_view("GET", "POST")
def phases(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """The plan of phases and, once drawn, the phases as they stand."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    if request.method != "POST":
        return _render(request, contest)
    action = request.POST.get("action", "")
    formset = None
    try:
        if action == "ready":
            form = ReadyPlanForm(request.POST)
            if not form.is_valid():
                return _render(
                    request, contest, error=_("Choisissez un plan de la liste."), status=400
                )
            ready = phases_plan.ready_plan(form.cleaned_data["plan"])
            assert ready is not None
            phases_plan.save_plan(contest, ready.phases)
            messages.success(request, _("Plan « %(name)s » enregistré.") % {"name": ready.label})
        elif action == "clear":
            phases_plan.save_plan(contest, [])
            messages.success(request, _("Plan supprimé : le concours se joue en une seule phase."))
        else:
            formset = PhaseFormSet(request.POST, prefix="phases")
            if not formset.is_valid():
                return _render(
                    request,
                    contest,
                    formset=formset,
                    error=_("Corrigez les champs signalés."),
                    status=400,
                )
            phases_plan.save_plan(contest, _posted_specs(formset))
            messages.success(request, _("Plan des phases enregistré."))
    except ServiceError as exc:
        return _render(request, contest, formset=formset, error=exc.message, status=exc.status)
    return redirect("tournaments:phases", club_slug=club_slug, contest_id=contest_id)
