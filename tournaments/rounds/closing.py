"""Organiser pages that close a round ("partie") and reopen it with a reason.

A closed round's table links are read-only (``scoring`` refuses every write on it); closing
and reopening are organiser and admin actions (``access.ORGANISING``), written to the contest
log by ``tournaments.services``. The two small forms live here with their views. Must not
write anything itself.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import access, services
from tournaments.models import Round
from tournaments.responses import refused, service_refusal
from tournaments.services.rounds.lifecycle import REOPEN_REASON_MAX


class CloseRoundForm(forms.Form):
    confirm = forms.BooleanField(
        label=gettext_lazy(
            "Je confirme : les liens de table de cette partie ne pourront plus rien modifier."
        ),
        error_messages={"required": gettext_lazy("Cochez la case pour confirmer la clôture.")},
    )


class ReopenRoundForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Motif de la réouverture"),
        max_length=REOPEN_REASON_MAX,
        error_messages={"required": gettext_lazy("Indiquez le motif de la réouverture.")},
    )


def round_page(round_: Round) -> str:
    contest = round_.contest
    return reverse(
        "tournaments:round",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_id": contest.pk,
            "round_number": round_.number,
        },
    )


def _form_refusal(request: HttpRequest, form: forms.Form, back: str) -> HttpResponse:
    errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
    return refused(request, " ".join(errors), back, status=400)


@access.organiser_view("POST")
def round_close(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """Close the round: its table links only show their sheets from now on."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    back = round_page(round_)
    form = CloseRoundForm(request.POST)
    if not form.is_valid():
        return _form_refusal(request, form, back)
    try:
        services.close_round(round_)
    except services.ServiceError as exc:
        return service_refusal(request, exc, back)
    messages.success(
        request,
        _("Partie %(number)s close : ses liens de table ne peuvent plus rien modifier.")
        % {"number": round_.number},
    )
    return redirect(back)


@access.organiser_view("POST")
def round_reopen(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """Reopen a closed round, with the reason the contest log keeps."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    back = round_page(round_)
    form = ReopenRoundForm(request.POST)
    if not form.is_valid():
        return _form_refusal(request, form, back)
    try:
        services.reopen_round(round_, reason=form.cleaned_data["reason"])
    except services.ServiceError as exc:
        return service_refusal(request, exc, back)
    messages.success(
        request,
        _("Partie %(number)s rouverte : ses feuilles peuvent à nouveau être modifiées.")
        % {"number": round_.number},
    )
    return redirect(back)
