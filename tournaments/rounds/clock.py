"""Organiser pages of a partie's format and clock: the round page's panel and its two forms.

:func:`round_extras` is what the round page (``rounds.views``) and the follow page
(``scoring.organiser.follow``) add to their context: the partie's format form, its format when it
differs from the contest's, its clock and the clock's buttons. :func:`round_format` stores the
format and duration (``services.rounds.format``), :func:`round_clock` starts, pauses, resumes
or extends the clock (``services.rounds.clock``); both answer a refusal with its French message and
status (``tournaments.responses``) and go back to the page they came from.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.errors import EngineError
from tournaments import access
from tournaments.messages.codes import engine_error_message
from tournaments.models import Round
from tournaments.responses import refused, service_refusal
from tournaments.rounds import views as views_rounds
from tournaments.rules.format import ClockForm, PartieFormatForm
from tournaments.services import ServiceError
from tournaments.services.rounds import clock
from tournaments.services.rounds import format as partie_format


def _kwargs(round_: Round) -> dict[str, Any]:
    contest = round_.contest
    return {
        "club_slug": contest.club.slug,
        "contest_id": contest.pk,
        "round_number": round_.number,
    }


def _back(request: HttpRequest, round_: Round) -> str:
    """The page the form came from: the follow page (``?depuis=suivi``) or the round page."""
    name = "scoring:round_sheets" if request.POST.get("from") == "follow" else "tournaments:round"
    return reverse(name, kwargs=_kwargs(round_))


@access.organiser_view("POST")
def round_format(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """Store the partie's format (game end, score cap) and its duration."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    back = _back(request, round_)
    try:
        base = partie_format.base_rules(round_)
    except EngineError as exc:
        return refused(request, engine_error_message(exc), back, status=409)
    form = PartieFormatForm(
        request.POST,
        base=base,
        minutes=round_.clock_minutes,
        clock_started=round_.clock_started_at is not None,
    )
    if not form.is_valid():
        return views_rounds.detail(request, round_, status=400, format_form=form)
    try:
        partie_format.set_partie_format(
            round_,
            form.overrides(),
            minutes=form.cleaned_data.get("clock_minutes"),
            timed=round_.clock_started_at is None,
        )
    except ServiceError as exc:
        return service_refusal(request, exc, back)
    messages.success(request, _("Format de la partie %(n)s enregistré.") % {"n": round_.number})
    return redirect(back)


_DONE = {
    "start": gettext_lazy("Chrono lancé."),
    "pause": gettext_lazy("Chrono en pause."),
    "resume": gettext_lazy("Chrono relancé."),
}


@access.organiser_view("POST")
def round_clock(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """Start, pause, resume or extend the partie's clock (each journaled by the service)."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    back = _back(request, round_)
    form = ClockForm(request.POST)
    if not form.is_valid():
        errors = [str(e) for field in form.errors.values() for e in field]
        message = errors[0] if errors else _("Action du chrono inconnue.")
        return refused(request, message, back, status=400)
    action = form.cleaned_data["action"]
    try:
        if action == "extend":
            minutes = form.cleaned_data["minutes"]
            clock.extend_clock(round_, minutes)
            text = _("Partie prolongée de %(m)s minutes.") % {"m": minutes}
        else:
            getattr(clock, f"{action}_clock")(round_)
            text = str(_DONE[action])
    except ServiceError as exc:
        return service_refusal(request, exc, back)
    messages.success(request, text)
    return redirect(back)


__all__ = ["round_clock", "round_format"]
