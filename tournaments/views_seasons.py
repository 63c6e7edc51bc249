"""Organiser pages of a season's settings: rules, the circuit's clubs, contests in or out, final.

The owner club's organisers change everything (``access.owned_season_for``); a participant club
of a circuit only puts its own contests in or out (``access.season_for``), and sees the others'
contests by name only, never their pages. The season's standings and qualification are shown by
``publishing.views_seasons`` (a higher layer). Forms check shape, services write, refusals are
answered by ``tournaments.responses``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from engine.errors import EngineError
from engine.seasons import PlacementFormula, SeasonRules
from tournaments import access
from tournaments.forms_seasons import (
    FinalForm,
    SeasonClubForm,
    SeasonContestForm,
    SeasonSettingsForm,
    initial_of,
)
from tournaments.models import Club, Contest, Season
from tournaments.responses import refused, service_refusal
from tournaments.services import ServiceError
from tournaments.services import seasons as season_services


def _rules(season: Season) -> SeasonRules:
    try:
        return (
            SeasonRules.from_json(season.rules) if season.rules else SeasonRules(PlacementFormula())
        )
    except EngineError:
        return SeasonRules(PlacementFormula())


def season_url(club_slug: str, season: Season) -> str:
    return reverse("publishing:season", kwargs={"club_slug": club_slug, "season_id": season.pk})


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
    return render(request, "tournaments/seasons/settings.html", context, status=status)


@access.organiser_view("GET", "POST")
def season_settings(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """The season's settings; POST (owner club only) saves its information and rules."""
    season = access.season_for(request.user, club_slug, season_id)
    club = access.club_for(request.user, club_slug)
    if request.method == "GET":
        return _settings_page(request, club, season)
    season = access.owned_season_for(request.user, club_slug, season_id)
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
            return redirect("tournaments:season_settings", club_slug=club_slug, season_id=season.pk)
    return _settings_page(request, club, season, status=400, form=form)


@access.organiser_view("POST")
def season_club(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """Invite a club into the circuit, or (``remove``) take one out (owner club only)."""
    season = access.owned_season_for(request.user, club_slug, season_id)
    back = reverse(
        "tournaments:season_settings", kwargs={"club_slug": club_slug, "season_id": season.pk}
    )
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
    season = access.season_for(request.user, club_slug, season_id)
    club = access.club_for(request.user, club_slug)
    back = reverse(
        "tournaments:season_settings", kwargs={"club_slug": club_slug, "season_id": season.pk}
    )
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
    season = access.owned_season_for(request.user, club_slug, season_id)
    form = FinalForm(request.POST, season=season)
    if not form.is_valid():
        return _settings_page(request, season.club, season, status=400, final_form=form)
    d = form.cleaned_data
    back = reverse(
        "tournaments:season_settings", kwargs={"club_slug": club_slug, "season_id": season.pk}
    )
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
