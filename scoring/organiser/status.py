"""Organiser pages changing a sheet's status: a forfeit, the confirmation, the reopening of a
sheet, time called at one table, a new secret link for the table, and the team named through
after a knockout's level game.

Club members only, in their club role, as every organiser page of score entry: the sheet comes
from ``views_organiser.sheet_of`` (``scoring.access.sheet_for_organiser``), a refused form or
write shows the sheet's page (``views_organiser.sheet_page``) with the reason. Scoring a
forfeit, reopening a sheet or renewing its link is the organiser's; once a later partie was
drawn on this partie's ranking, a forfeit or a reopening needs a reason. Writes go through
``scoring.services``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from scoring import access, services
from scoring.forms import ForfeitForm, ReopenForm, SheetForm
from scoring.models import ScoreSheet
from scoring.organiser.round import ANY_MEMBER, ORGANISING
from scoring.organiser.tie_form import TieWinnerForm
from scoring.organiser.views import (
    UNREADABLE,
    form_error,
    reason_refused,
    sheet_of,
    sheet_page,
    write_sheet,
)
from scoring.sheet import views as shared
from tournaments import access as tournaments_access


def _with_version(
    request: HttpRequest, sheet: ScoreSheet, write: Callable[..., object], done: str
) -> HttpResponse:
    """A sheet write that takes only the page's version (the plain form), by this member."""
    form = SheetForm(request.POST)
    if not form.is_valid():
        return sheet_page(request, sheet, error=str(UNREADABLE), status=400)
    return write_sheet(
        request,
        sheet,
        lambda: write(
            sheet.pk,
            version=form.cleaned_data["version"],
            user=request.user,
            role=access.member_role(request.user, sheet),
        ),
        done,
    )


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_forfeit(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    sheet = sheet_of(request, club_slug, contest_id, round_number, table_number, ORGANISING)
    form = ForfeitForm(request.POST, sheet=sheet)
    if not form.is_valid():
        return sheet_page(request, sheet, error=form_error(form), status=400)
    refused = reason_refused(request, sheet, "forfeit", form.cleaned_data["reason"], form)
    if refused is not None:
        return refused
    return write_sheet(
        request,
        sheet,
        lambda: services.score_forfeit(
            sheet.pk,
            forfeit_loser=form.cleaned_data["forfeit_loser"],
            version=form.cleaned_data["version"],
            user=request.user,
            reason=form.cleaned_data["reason"],
            role=access.member_role(request.user, sheet),
        ),
        _("Forfait enregistré.") if form.cleaned_data["forfeit_loser"] else _("Forfait annulé."),
    )


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_confirm(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    sheet = sheet_of(request, club_slug, contest_id, round_number, table_number)
    return _with_version(request, sheet, services.confirm_sheet, _("Feuille confirmée."))


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_reopen(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    sheet = sheet_of(request, club_slug, contest_id, round_number, table_number, ORGANISING)
    form = ReopenForm(request.POST)
    if not form.is_valid():
        return sheet_page(request, sheet, error=form_error(form), status=400)
    refused = reason_refused(request, sheet, "reopen", form.cleaned_data["reason"])
    if refused is not None:
        return refused
    return write_sheet(
        request,
        sheet,
        lambda: services.reopen_sheet(
            sheet.pk,
            version=form.cleaned_data["version"],
            user=request.user,
            reason=form.cleaned_data["reason"],
            role=access.member_role(request.user, sheet),
        ),
        _("Feuille rouverte : elle peut à nouveau être confirmée."),
    )


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_call_time(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    """Time called at this table: its game ends by the contest's time's-up rule."""
    sheet = sheet_of(request, club_slug, contest_id, round_number, table_number, ORGANISING)
    return _with_version(
        request,
        sheet,
        services.call_time_at_table,
        _("Temps appelé à cette table : la partie s'arrête selon la règle du concours."),
    )


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_token(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    """A new secret link for the table: the old one (and its QR code) stops working."""
    sheet = sheet_of(request, club_slug, contest_id, round_number, table_number, ORGANISING)
    return write_sheet(
        request,
        sheet,
        lambda: services.regenerate_token(
            sheet.pk, user=request.user, role=access.member_role(request.user, sheet)
        ),
        _("Nouveau lien créé : l'ancien lien et son QR code ne marchent plus."),
    )


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_tie_winner(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    """A knockout's level game: the organiser names the team that goes through."""
    sheet = sheet_of(request, club_slug, contest_id, round_number, table_number, ORGANISING)
    form = TieWinnerForm(request.POST, sheet=sheet)
    if not form.is_valid():
        return sheet_page(request, sheet, error=form.error_text(), status=400, tie_form=form)
    team = form.cleaned_data["team"]
    name = shared.team_names(sheet).get(team, "")
    return write_sheet(
        request,
        sheet,
        lambda: services.name_tie_winner(
            sheet.pk,
            team,
            version=form.cleaned_data["version"],
            reason=form.cleaned_data["reason"],
            user=request.user,
            role=access.member_role(request.user, sheet),
        ),
        _("Équipe qualifiée : %(team)s. Le tableau peut avancer.") % {"team": name},
    )
