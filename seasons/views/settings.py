"""Organiser pages that change a season: a new one, its rules, the circuit's clubs, contests in
or out, the final.

The owner club's organisers change everything (``seasons.access.owned_season_for``); a
participant club of a circuit only puts its own contests in or out (``season_for``), and sees
the others' contests by name only, never their pages. The season's standings and qualification
are shown by ``seasons.views.organiser``. Forms check shape, services write, refusals are
answered by ``tournaments.responses``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from engine.errors import EngineError
from engine.seasons import PlacementFormula, SeasonRules
from seasons import access as season_access
from seasons import services as season_services
from seasons.forms import (
    FinalForm,
    SeasonClubForm,
    SeasonContestForm,
    SeasonForm,
    SeasonSettingsForm,
    initial_of,
)
from seasons.models import Season
from seasons.views.common import season_url
from tournaments import access
from tournaments.models import Club, Contest
from tournaments.responses import refused, service_refusal
from tournaments.services import ServiceError


def _rules(season: Season) -> SeasonRules:
    try:
        return (
            SeasonRules.from_json(season.rules) if season.rules else SeasonRules(PlacementFormula())
        )
    except EngineError:
        return SeasonRules(PlacementFormula())


@access.organiser_view("POST")
def season_create(request: HttpRequest, club_slug: str) -> HttpResponse:
    """Add a season (the form is on the club's page); a refused one is shown again, with its
    errors, on a page of its own (400)."""
    club = access.club_for(request.user, club_slug)
    form = SeasonForm(request.POST)
    if form.is_valid():
        try:
            season_services.create_season(club, **form.cleaned_data)
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Saison créée."))
            return redirect(club.dashboard_url)
    return render(request, "seasons/create.html", {"club": club, "form": form}, status=400)


def _settings_page(
    request: HttpRequest, club: Club, season: Season, status: int = 200, **forms: Any
) -> HttpResponse:
    owner = season.club_id == club.pk
    context: dict[str, Any] = {
        "club": club,
        "season": season,
        "owner": owner,
        "season_url": season_url(club.slug, season),
        "clubs": season_services.season_clubs(season),
        "contests": Contest.objects.filter(season=season)
        .select_related("club")
        .order_by("date", "pk"),
        "contest_form": forms.get("contest_form") or SeasonContestForm(club=club, season=season),
    }
    if owner:
        context["form"] = forms.get("form") or SeasonSettingsForm(
            initial=initial_of(season, _rules(season))
        )
        context["club_form"] = forms.get("club_form") or SeasonClubForm()
        context["final_form"] = forms.get("final_form") or FinalForm(
            season=season,
            initial={
                "final_contest": season.final_contest_id,
                "first_of_each": season.qualify_first_of_each,
                "first_of_season": season.qualify_first_of_season,
            },
        )
    return render(request, "seasons/settings.html", context, status=status)


@access.organiser_view("GET", "POST")
def season_settings(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """The season's settings; POST (owner club only) saves its information and rules."""
    season = season_access.season_for(request.user, club_slug, season_id)
    club = access.club_for(request.user, club_slug)
    if request.method == "GET":
        return _settings_page(request, club, season)
    season = season_access.owned_season_for(request.user, club_slug, season_id)
    form = SeasonSettingsForm(request.POST)
    if form.is_valid():
        try:
            season_services.update_season(season, form.values())
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(
                request, _("Règles de la saison enregistrées : le classement est recalculé.")
            )
            return redirect(season_url(club_slug, season, "seasons:settings"))
    return _settings_page(request, club, season, status=400, form=form)


@access.organiser_view("POST")
def season_club(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """Invite a club into the circuit, or (``remove``) take one out (owner club only)."""
    season = season_access.owned_season_for(request.user, club_slug, season_id)
    back = season_url(club_slug, season, "seasons:settings")
    form = SeasonClubForm(request.POST)
    if not form.is_valid():
        return _settings_page(request, season.club, season, status=400, club_form=form)
    try:
        if request.POST.get("remove"):
            season_services.remove_season_club(season, form.cleaned_data["club_slug"])
            messages.success(request, _("Club retiré du circuit, avec ses concours."))
        else:
            added = season_services.add_season_club(season, form.cleaned_data["club_slug"])
            messages.success(
                request, _("%(club)s fait maintenant partie du circuit.") % {"club": added.name}
            )
    except ServiceError as exc:
        return service_refusal(request, exc, back)
    return redirect(back)


@access.organiser_view("POST")
def season_contest(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """Put one of the club's contests in the season, or (``remove``) take it out."""
    season = season_access.season_for(request.user, club_slug, season_id)
    club = access.club_for(request.user, club_slug)
    back = season_url(club_slug, season, "seasons:settings")
    if request.POST.get("remove"):
        raw = request.POST.get("remove", "")
        contest = (
            Contest.objects.filter(pk=int(raw), club=club).first()
            if raw.isdigit() and access.fits(int(raw))
            else None
        )
        if contest is None:
            return refused(
                request, _("Ce concours n'est pas un concours de votre club."), back, 400
            )
        try:
            season_services.detach_contest(season, contest, club)
        except ServiceError as exc:
            return service_refusal(request, exc, back)
        messages.success(request, _("Concours retiré de la saison."))
        return redirect(back)
    form = SeasonContestForm(request.POST, club=club, season=season)
    if not form.is_valid():
        return _settings_page(request, club, season, status=400, contest_form=form)
    try:
        season_services.attach_contest(season, form.cleaned_data["contest"], club)
    except ServiceError as exc:
        return service_refusal(request, exc, back)
    messages.success(request, _("Concours ajouté à la saison : le classement est recalculé."))
    return redirect(back)


@access.organiser_view("POST")
def season_final(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """The season's final and its qualification rule (owner club only)."""
    season = season_access.owned_season_for(request.user, club_slug, season_id)
    form = FinalForm(request.POST, season=season)
    if not form.is_valid():
        return _settings_page(request, season.club, season, status=400, final_form=form)
    d = form.cleaned_data
    back = season_url(club_slug, season, "seasons:settings")
    try:
        season_services.set_final(
            season,
            d["final_contest"],
            first_of_each=d["first_of_each"],
            first_of_season=d["first_of_season"],
        )
    except ServiceError as exc:
        return service_refusal(request, exc, back)
    messages.success(request, _("Finale et qualification enregistrées."))
    return redirect(back)
